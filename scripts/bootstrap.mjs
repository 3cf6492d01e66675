// Brings a fresh clone to a runnable state. Plain JavaScript on purpose: it runs on whatever Node the
// machine has (Debian's 20 here) and installs what the project needs beside it, under .tools/:
// Node 24 and pnpm from the npm registry; Redis, PostgreSQL and Chromium from apt when root.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const TOOLS = join(ROOT, '.tools');
const NODE_MAJOR = 24;
const PNPM_VERSION = '12.21.0';

const started = Date.now();
export function step(message) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1).padStart(5);
  process.stdout.write(`\x1b[36m[${seconds}s]\x1b[0m ${message}\n`);
}

export class SetupError extends Error {
  constructor(message, fix) {
    super(message);
    this.fix = fix;
  }
}

export function fail(error) {
  process.stderr.write(`\n\x1b[31m✖ ${error.message}\x1b[0m\n`);
  if (error.fix) process.stderr.write(`  Fix: ${error.fix}\n`);
  else if (!(error instanceof SetupError)) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
  if (result.error) throw new SetupError(`${command} could not run: ${result.error.message}`, options.fix);
  if (result.status !== 0)
    throw new SetupError(`${command} ${args.join(' ')} failed (exit ${result.status})`, options.fix);
}

const onPath = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;

/** The Node 24 binary: the machine's own when recent enough, else one installed under .tools. */
function nodeBinary() {
  if (Number(process.versions.node.split('.')[0]) >= NODE_MAJOR) return process.execPath;
  return join(TOOLS, 'node_modules', `node-${platform()}-${arch()}`, 'bin', 'node');
}

function ensureTools() {
  const node = nodeBinary();
  const pnpm = join(TOOLS, 'node_modules', '.bin', 'pnpm');
  const wanted = [];
  if (!existsSync(node)) wanted.push(`node-${platform()}-${arch()}@${NODE_MAJOR}`);
  if (!existsSync(pnpm)) wanted.push(`pnpm@${PNPM_VERSION}`);
  if (wanted.length > 0) {
    step(`installing ${wanted.join(' and ')} into .tools/ (the machine has Node ${process.versions.node})`);
    mkdirSync(TOOLS, { recursive: true });
    if (!existsSync(join(TOOLS, 'package.json'))) writeFileSync(join(TOOLS, 'package.json'), '{"private":true}\n');
    run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...wanted], {
      cwd: TOOLS,
      fix: 'check that the npm registry is reachable (npm ping), then run the command again',
    });
  }
  return { node, pnpm, binDir: dirname(node) };
}

function postgresInstalled() {
  if (
    onPath('pg_config') &&
    existsSync(join(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim(), 'postgres'))
  ) {
    return true;
  }
  const root = '/usr/lib/postgresql';
  return existsSync(root) && readdirSync(root).some((v) => existsSync(join(root, v, 'bin', 'postgres')));
}

/** Redis, PostgreSQL and Chromium, from apt when root; otherwise the exact command to run. */
function ensureSystemPackages({ needRedis, needPostgres, needChrome }) {
  const missing = [];
  if (needRedis && !onPath('redis-server')) missing.push('redis-server');
  if (needPostgres && !postgresInstalled()) missing.push('postgresql');
  if (needChrome && !existsSync(process.env.CHROME_PATH || '/usr/bin/chromium')) missing.push('chromium');
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    throw new SetupError(`missing system packages: ${missing.join(', ')}`, `sudo sh -c '${command}'`);
  }
  step(`installing ${missing.join(', ')} with apt-get`);
  run('sh', ['-c', command], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, fix: `run: ${command}` });
}

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

function ensureDependencies(tools, env) {
  const installed = mtime(join(ROOT, 'node_modules', '.pnpm', 'lock.yaml'));
  if (installed === 0 || installed < mtime(join(ROOT, 'pnpm-lock.yaml'))) {
    step('installing packages (pnpm install)');
    run(tools.pnpm, ['install', '--frozen-lockfile', '--prefer-offline', '--reporter=append-only'], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
      fix: 'if pnpm-lock.yaml is out of date, run `.tools/node_modules/.bin/pnpm install` and commit the lockfile',
    });
  }
  const schema = join(ROOT, 'prisma', 'schema.prisma');
  const generated = join(ROOT, 'packages', 'db', 'src', 'generated', 'client.ts');
  if (mtime(generated) < mtime(schema)) {
    step('generating the Prisma client');
    // `prisma generate` wants a schema engine path but does not run it; the engine cannot be downloaded here.
    run(tools.pnpm, ['--filter', '@pageprobe/db', 'run', 'generate'], {
      env: {
        ...env,
        PRISMA_SCHEMA_ENGINE_BINARY: '/bin/true',
        PRISMA_HIDE_UPDATE_MESSAGE: '1',
        CHECKPOINT_DISABLE: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
}

/**
 * Everything `npm start` and `npm test` need before they run: returns the Node 24 binary and the
 * environment (PATH with Node 24 first) to run the project's TypeScript with.
 */
export function bootstrap({ needServices }) {
  const tools = ensureTools();
  const env = {
    ...process.env,
    PATH: `${tools.binDir}:${dirname(tools.pnpm)}:${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH}`,
    TURBO_TELEMETRY_DISABLED: '1',
    DO_NOT_TRACK: '1',
    REDOCLY_TELEMETRY: 'off',
    PUPPETEER_SKIP_DOWNLOAD: 'true',
  };
  ensureSystemPackages({
    needRedis: needServices && !process.env.REDIS_URL && !process.env.REDIS_SENTINELS,
    needPostgres: needServices && !process.env.DATABASE_URL,
    needChrome: true,
  });
  ensureDependencies(tools, env);
  return { node: tools.node, pnpm: tools.pnpm, env };
}

/**
 * Runs a child with the terminal, passing SIGINT and SIGTERM on; exits with its code. If this process's
 * own parent dies (`npm start` killed outright), the child is told to stop as if by SIGTERM.
 */
export function handOver(command, args, env) {
  handOverAll([{ command, args }], env);
}

/**
 * handOver for several children at once: each runs to its end, and this process exits with the first
 * failing code (0 when all passed). A child given a `prefix` has it before each line of its output, as
 * turbo marks its tasks' lines. A child given a `name` is piped too, and if it fails its name, code and
 * last lines are printed again at the very end: two children's output interleaves, and a CI log shown
 * by its tail (the integration suite ends last) would otherwise not say which failed, nor why.
 */
export function handOverAll(children, env) {
  const TAIL = 30;
  const runs = children.map(({ command, args, prefix = '', name }) => {
    const piped = Boolean(prefix || name);
    const child = spawn(command, args, { stdio: piped ? ['inherit', 'pipe', 'pipe'] : 'inherit', cwd: ROOT, env });
    const tail = [];
    if (piped) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        createInterface({ input: from }).on('line', (line) => {
          to.write(`${prefix}${line}\n`);
          tail.push(line);
          if (tail.length > TAIL) tail.shift();
        });
      }
    }
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    const parent = process.ppid;
    setInterval(() => process.ppid !== parent && child.kill('SIGTERM'), 500).unref();
    const code = new Promise((resolve) => child.on('close', (exit, signal) => resolve(exit ?? (signal ? 1 : 0))));
    return { name: name ?? command, piped, tail, code };
  });
  Promise.all(runs.map((r) => r.code)).then((codes) => {
    if (runs.length > 1) {
      runs.forEach((run, i) => {
        if (codes[i] === 0) return;
        process.stderr.write(`\n\x1b[31m✖ ${run.name} exited ${codes[i]}\x1b[0m\n`);
        if (run.piped) process.stderr.write(`  its last lines:\n${run.tail.map((l) => `  | ${l}`).join('\n')}\n`);
      });
    }
    process.exit(codes.find((code) => code !== 0) ?? 0);
  });
}
