// The images cannot be built on these machines (no Docker engine), but what each Dockerfile target does
// can run: its install step (infra/docker/install-app.sh, the script the Dockerfile runs) in a copy of
// the sources, then its CMD from the result, against real PostgreSQL, Redis, S3 and Chromium. This
// catches what only a pruned install shows: an app importing a package it does not declare, the Prisma
// client needing the CLI (a devDependency), Lighthouse loading a module at run time that is missing.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freePort } from '@pageprobe/local-services';
import pg from 'pg';
import { type AppProcess, startApp } from './support/app-process.ts';
import { call } from './support/http.ts';
import { eventually, startServer } from './support/servers.ts';
import { teamWithKey } from './support/teams.ts';
import { createTestEnv } from './support/test-env.ts';

const REPO = fileURLToPath(new URL('../', import.meta.url));
const dockerfile = readFileSync(join(REPO, 'infra/docker/Dockerfile'), 'utf8');
const TARGETS = ['migrate', 'api', 'worker-uptime', 'worker-browser', 'callback-dispatcher'] as const;
type Target = (typeof TARGETS)[number];

/** What the Dockerfile installs for a target and the command it runs. */
function target(name: Target): { pkg: string; cmd: string[] } {
  const pkg = new RegExp(`^FROM source AS build-${name}\\nRUN sh infra/docker/install-app.sh (\\S+)$`, 'm').exec(
    dockerfile,
  )?.[1];
  const stage = dockerfile.split(/^FROM /m).find((s) => s.startsWith(`runtime AS ${name}\n`));
  const cmd = /^CMD (\[.*\])$/m.exec(stage ?? '')?.[1];
  assert.ok(pkg && cmd, `the Dockerfile has no ${name} target`);
  return { pkg, cmd: JSON.parse(cmd) };
}

// The build context: the checkout's files, as `COPY . .` takes them (.dockerignore drops what git ignores too).
const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: REPO,
  encoding: 'utf8',
})
  .split('\0')
  .filter((f) => f && existsSync(join(REPO, f)));
const context = execFileSync('tar', ['-cf', '-', '--null', '-T', '-'], {
  cwd: REPO,
  input: files.join('\0'),
  maxBuffer: 512 * 1024 * 1024,
});
// pnpm and Node 24 as the image has them (npm start puts them under .tools when the machine's are older).
const PATH = [dirname(process.execPath), join(REPO, '.tools/node_modules/.bin'), process.env.PATH].join(delimiter);

const roots = new Map<Target, string>();
after(() => {
  for (const root of roots.values()) rmSync(root, { recursive: true, force: true });
});

async function install(name: Target): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), `pageprobe-image-${name}-`));
  roots.set(name, root);
  execFileSync('tar', ['-xf', '-', '-C', root], { input: context });
  const child = spawn('sh', ['infra/docker/install-app.sh', target(name).pkg], {
    cwd: root,
    env: { PATH, HOME: process.env.HOME },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const s of [child.stdout, child.stderr]) s.on('data', (d) => (output += d));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  assert.equal(code, 0, `install-app.sh ${target(name).pkg} failed:\n${output}`);
}

const env = await createTestEnv();

test("every target installs from the lockfile: the generated client and only its app's production dependencies", async () => {
  // Two at a time: the machine has two cores.
  const queue = [...TARGETS];
  await Promise.all(
    [0, 1].map(async () => {
      for (let name = queue.shift(); name; name = queue.shift()) await install(name);
    }),
  );
  for (const [name, root] of roots) {
    assert.ok(existsSync(join(root, 'packages/db/src/generated/client.ts')), `${name}: no generated Prisma client`);
    const store = readdirSync(join(root, 'node_modules/.pnpm'));
    for (const devOnly of ['prisma@', 'typescript@', '@biomejs', 'turbo@', '@redocly']) {
      assert.deepEqual(
        store.filter((p) => p.startsWith(devOnly)),
        [],
        `${name} ships ${devOnly}`,
      );
    }
    assert.ok(!existsSync(join(root, 'test')) && !existsSync(join(root, 'bench')), `${name} ships the tests`);
  }
  const browserOnly = (name: Target) =>
    readdirSync(join(roots.get(name)!, 'node_modules/.pnpm')).some((p) => p.startsWith('lighthouse@'));
  assert.ok(browserOnly('worker-browser'));
  assert.ok(!browserOnly('api') && !browserOnly('worker-uptime'), 'only the browser worker carries Lighthouse');
});

test('the migrate target migrates an empty database', async () => {
  const { cmd } = target('migrate');
  const url = new URL(env.databaseUrl);
  const name = `${url.pathname.slice(1)}_empty`;
  const admin = new pg.Client({ connectionString: env.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    url.pathname = `/${name}`;
    const run = spawnSync(cmd[0]!, cmd.slice(1), {
      cwd: roots.get('migrate'),
      env: { PATH, DATABASE_URL: url.href, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    const { applied } = JSON.parse(run.stdout) as { applied: string[] };
    assert.equal(
      applied.length,
      readdirSync(join(REPO, 'prisma/migrations'), { withFileTypes: true }).filter((d) => d.isDirectory()).length,
    );
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});

test('the installed apps run a test of each kind end to end and stop cleanly on SIGTERM', async () => {
  const page = await startServer((_req, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><html lang="en"><head><title>t</title></head><body><h1>Image</h1></body></html>'),
  );
  const receiver = await startServer();
  const port = await freePort();
  const shared = {
    ALLOW_PRIVATE_TARGETS: 'true',
    OPS_PORT: '0',
    // Not the image's NODE_ENV=production: the test servers are on loopback, which production refuses to
    // let tests reach whatever else it is told (and they have s3rver's fixed keys and a Redis without a password).
    NODE_ENV: 'test',
    LIGHTHOUSE_MAX_WAIT_MS: '6000',
    PATH,
  };
  const apps: AppProcess[] = [];
  for (const name of ['api', 'worker-uptime', 'worker-browser', 'callback-dispatcher'] as const) {
    assert.deepEqual(target(name).cmd, ['node', `apps/${name}/src/main.ts`], 'startApp runs what the image runs');
    apps.push(await startApp(name, env.appEnv({ ...shared, PORT: String(port) }), { root: roots.get(name)! }));
  }
  for (const app of apps) {
    const ops = /"opsPort":(\d+)/.exec(app.output())![1];
    await eventually(
      async () => ((await fetch(`http://127.0.0.1:${ops}/readyz`)).ok ? true : undefined),
      10_000,
      'ready',
    );
  }

  const { key } = await teamWithKey(env, { credits: 5 });
  const ids = await Promise.all(
    ['uptime', 'lighthouse'].map(async (type) => {
      const created = await call<{ id: string }>(`http://127.0.0.1:${port}/api/v1/tests`, {
        method: 'POST',
        token: key,
        body: { url: `${page.url}/`, type, callback_url: `${receiver.url}/${type}` },
      });
      assert.equal(created.status, 202, JSON.stringify(created.body));
      return created.body.id;
    }),
  );
  await eventually(
    async () =>
      (await env.db.test.count({ where: { id: { in: ids }, status: { in: ['completed', 'failed'] } } })) === 2
        ? true
        : undefined,
    60_000,
    'both tests finished',
  );
  const tests = await env.db.test.findMany({ where: { id: { in: ids } } });
  assert.deepEqual(tests.map((t) => [t.type, t.status, t.errorCode]).sort(), [
    ['lighthouse', 'completed', null],
    ['uptime', 'completed', null],
  ]);
  await eventually(async () => (receiver.requests.length === 2 ? true : undefined), 20_000, 'two callbacks');
  for (const app of apps) assert.equal(await app.stop('SIGTERM'), 0, app.output());
});
