// Issue 33: the doors as they ship. `npm run pack`'s tarballs are used from empty folders outside the
// repository, on the machine's own Node 20 where the package says it runs: the CLI by `npx`, the MCP
// server by the official MCP Inspector CLI, the client and webhook-verify by an installing project (and
// its types by tsc). The API's remote MCP server at /mcp is called by the Inspector and by the SDK's
// client. The Action's bundle runs alone, copied away from the repository.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createClient } from '@pageprobe/client';
import { pack } from '../../scripts/pack.ts';
import { startApiInProcess } from '../support/api-in-process.ts';
import { startApp } from '../support/app-process.ts';
import { startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const run = promisify(execFile);
const env = await createTestEnv();
const common = { ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMIT_READS_PER_MIN: '1000', RATE_LIMIT_WRITES_PER_MIN: '100' };
const { origin } = await startApiInProcess(env, common);
await startApp('worker-uptime', env.appEnv(common));
await startApp('callback-dispatcher', env.appEnv({ ...common, SWEEP_INTERVAL_MS: '500' }));
// /slow answers after 3 s, so a test of it is seen running (and run_test has progress to tell).
const target = await startServer((req, res) => {
  const answer = () => res.writeHead(200, { 'content-type': 'text/plain' }).end('up');
  if (req.url === '/slow') setTimeout(answer, 3000);
  else answer();
});
const url = `${target.url}/`;
const { key, teamId, admin } = await teamWithKey(env, { credits: 20 });
const readKey = (await admin.createApiKey(teamId, { scope: 'read' })).key;
const client = createClient({ baseUrl: origin, apiKey: key });

const work = mkdtempSync(join(tmpdir(), 'doors-packed-'));
const tarball = Object.fromEntries(
  pack(join(work, 'packs')).map((file) => [file.match(/pageprobe-(.+)-\d+\.\d+\.\d+\.tgz$/)![1]!, file]),
);
const INSPECTOR = new URL('../node_modules/.bin/inspector', import.meta.url).pathname;

/** The oldest Node 20 or later on the machine (its own, not the workspace's Node 24): where users start. */
async function oldestNode(): Promise<{ node: string; version: string }> {
  const found = (await run('sh', ['-c', 'which -a node nodejs; ls /usr/bin/node 2>/dev/null; true'])).stdout
    .split('\n')
    .filter(Boolean);
  const versions = await Promise.all(
    [...new Set(found)].map(async (node) => ({ node, version: (await run(node, ['--version'])).stdout.trim() })),
  );
  const major = (v: string) => Number(v.slice(1).split('.')[0]);
  return versions.filter((v) => major(v.version) >= 20).sort((a, b) => major(a.version) - major(b.version))[0]!;
}
const { node: node20, version: node20Version } = await oldestNode();
/** The machine's Node first on the PATH (its npm and npx with it), as a user's shell has it. */
const userPath = `${dirname(node20)}:/usr/bin:/bin`;

/** Runs a command and gives its exit code and output, whatever the code. */
async function exec(file: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}) {
  try {
    const { stdout, stderr } = await run(file, args, { timeout: 120_000, ...options });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A new empty folder outside the repository. */
const emptyFolder = (name: string) => {
  const dir = join(work, name);
  mkdirSync(dir);
  return dir;
};

test(`the packages are built JavaScript with types, declaring only their runtime dependencies (Node ${node20Version})`, async () => {
  const listing = async (name: string) => (await run('tar', ['-tzf', tarball[name]!])).stdout.split('\n');
  const manifest = async (name: string) =>
    JSON.parse((await run('tar', ['-xzOf', tarball[name]!, 'package/package.json'])).stdout) as {
      dependencies?: Record<string, string>;
      engines: { node: string };
      bin?: Record<string, string>;
    };
  for (const name of ['client', 'webhook-verify']) {
    const files = await listing(name);
    assert.ok(files.includes('package/dist/index.js') && files.includes('package/dist/index.d.ts'), name);
    assert.ok(!files.some((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')), `${name} ships no TypeScript source`);
    assert.equal((await manifest(name)).dependencies, undefined);
  }
  assert.deepEqual((await manifest('cli')).bin, { pageprobe: './dist/main.js' });
  assert.equal((await manifest('cli')).dependencies, undefined, 'the client is bundled into the CLI');
  assert.deepEqual(Object.keys((await manifest('mcp')).dependencies ?? {}), ['@modelcontextprotocol/sdk', 'zod']);
  for (const name of ['client', 'webhook-verify', 'cli', 'mcp'])
    assert.match((await manifest(name)).engines.node, /^>=(18|20)$/, name);
});

test('the packed CLI runs by npx from an empty folder on Node 20, with its exit codes', async () => {
  const folder = emptyFolder('cli');
  const npx = (...args: string[]) =>
    exec('npx', ['--yes', `file:${tarball.cli}`, ...args], {
      cwd: folder,
      env: { PATH: userPath, HOME: process.env.HOME, PAGEPROBE_API_URL: origin, PAGEPROBE_API_KEY: key, NO_COLOR: '1' },
    });
  const passed = await npx('test', url, '--type', 'uptime', '--json');
  assert.equal(passed.code, 0, passed.stderr);
  const result = JSON.parse(passed.stdout) as { status: string; type: string };
  assert.equal(result.status, 'completed');
  assert.equal(result.type, 'uptime');
  const gate = await npx('test', url, '--type', 'uptime', '--assert', 'uptime:timings:total=maxNumericValue:0');
  assert.equal(gate.code, 1, gate.stdout + gate.stderr);
  const usage = await npx('test');
  assert.equal(usage.code, 2);
  const denied = await exec('npx', ['--yes', `file:${tarball.cli}`, 'credits'], {
    cwd: folder,
    env: { PATH: userPath, HOME: process.env.HOME, PAGEPROBE_API_URL: origin, PAGEPROBE_API_KEY: 'pp_live_nope' },
  });
  assert.equal(denied.code, 2);
  assert.match(denied.stderr, /unauthorized/);
  assert.deepEqual(
    (await run('ls', ['-A', folder])).stdout.trim(),
    '',
    'npx installs into its cache, not into the folder',
  );
});

/** The Inspector's CLI mode (`inspector --cli`), with a HOME of its own (it keeps a catalog and secrets there). */
async function inspector(args: string[]) {
  const home = mkdtempSync(join(work, 'inspector-home-'));
  const out = await exec(INSPECTOR, ['--cli', ...args], { env: { PATH: process.env.PATH, HOME: home } });
  assert.equal(out.code, 0, out.stdout + out.stderr);
  return JSON.parse(out.stdout) as Record<string, unknown>;
}
const toolNames = (listed: Record<string, unknown>) => (listed.tools as Array<{ name: string }>).map((t) => t.name);
const textOf = (called: Record<string, unknown>) => (called.content as Array<{ text: string }>)[0]!.text;

test('the packed MCP server, installed in an empty folder and started on Node 20, is listed and called by the MCP Inspector over stdio', async () => {
  const folder = emptyFolder('mcp');
  writeFileSync(join(folder, 'package.json'), '{"private":true}');
  const installed = await exec('npm', ['install', '--no-audit', '--no-fund', tarball.mcp!], {
    cwd: folder,
    env: { PATH: userPath, HOME: process.env.HOME },
  });
  assert.equal(installed.code, 0, installed.stderr);
  const server = [
    '-e',
    `PAGEPROBE_API_URL=${origin}`,
    '-e',
    `PAGEPROBE_API_KEY=${key}`,
    '--',
    node20,
    join(folder, 'node_modules/.bin/pageprobe-mcp'),
  ];
  const listed = await inspector(['--method', 'tools/list', ...server]);
  assert.ok(toolNames(listed).includes('run_test') && toolNames(listed).includes('monitor_series'));
  const called = await inspector([
    '--method',
    'tools/call',
    '--tool-name',
    'run_test',
    '--tool-arg',
    `url=${url}`,
    'type=uptime',
    ...server,
  ]);
  assert.equal(called.isError, undefined, JSON.stringify(called));
  assert.match(textOf(called), /completed/);
});

test('the remote MCP server at /mcp: the Inspector and the SDK client list and call it with an API key; progress while run_test waits', async () => {
  const remote = [`${origin}/mcp`, '--transport', 'http'];
  const listed = await inspector([...remote, '--header', `Authorization: Bearer ${key}`, '--method', 'tools/list']);
  assert.ok(toolNames(listed).includes('run_test'));
  const credits = await inspector([
    ...remote,
    '--header',
    `Authorization: Bearer ${key}`,
    '--method',
    'tools/call',
    '--tool-name',
    'get_credits',
  ]);
  assert.match(textOf(credits), /pro/);

  const mcp = new Client({ name: 'doors-packed', version: '1.0.0' });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    }),
  );
  const progress: Array<{ progress: number; message?: string }> = [];
  const ran = await mcp.callTool(
    { name: 'run_test', arguments: { url: `${target.url}/slow`, type: 'uptime' } },
    undefined,
    { onprogress: (p) => progress.push(p), timeout: 60_000 },
  );
  assert.equal(ran.isError, undefined, JSON.stringify(ran));
  const id = (ran.structuredContent as { id: string; status: string }).id;
  assert.equal((ran.structuredContent as { status: string }).status, 'completed');
  assert.ok(progress.length >= 1, 'progress while the test ran');
  assert.match(progress[0]!.message ?? '', new RegExp(`^${id} (queued|running)$`));
  assert.ok(progress.every((p, i) => i === 0 || p.progress > progress[i - 1]!.progress));
  await mcp.close();
  assert.equal((await client.getTest(id)).status, 'completed');
});

test('/mcp: no key is 401; a read key lists and calls the read tools only, and cannot call run_test; tool calls spend the key’s own limit', async () => {
  const noKey = await fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  assert.equal(noKey.status, 401);
  assert.equal(noKey.headers.get('content-type'), 'application/problem+json; charset=utf-8');
  assert.equal((await fetch(`${origin}/mcp`, { headers: { authorization: `Bearer ${key}` } })).status, 405);

  const reader = new Client({ name: 'doors-packed-reader', version: '1.0.0' });
  await reader.connect(
    new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${readKey}` } },
    }),
  );
  const names = (await reader.listTools()).tools.map((t) => t.name);
  assert.ok(names.includes('get_test') && names.includes('get_credits'));
  for (const write of ['run_test', 'create_monitor', 'pause_monitor', 'resume_monitor', 'delete_monitor'])
    assert.ok(!names.includes(write), write);
  const before = (await client.listTests({ limit: 100 })).data.length;
  const refused = await reader.callTool({ name: 'run_test', arguments: { url, type: 'uptime' } }).then(
    (r) => JSON.stringify(r),
    (e: Error) => e.message,
  );
  assert.match(refused, /run_test/);
  assert.match(refused, /not found/i);
  assert.equal((await client.listTests({ limit: 100 })).data.length, before, 'no test was started');

  // The tools call /api/v1 with the caller's key: each call takes from that key's per-minute reads.
  const remaining = async () =>
    Number(
      /r=(\d+)/.exec(
        (await fetch(`${origin}/api/v1/credits`, { headers: { authorization: `Bearer ${readKey}` } })).headers.get(
          'ratelimit',
        ) ?? '',
      )?.[1],
    );
  const start = await remaining();
  for (let i = 0; i < 3; i++) await reader.callTool({ name: 'get_credits', arguments: {} });
  assert.equal(await remaining(), start - 4, 'three tool calls and the one read between');
  await reader.close();
});

test('the Action’s bundle runs alone, copied away from the repository: outputs, job summary, exit codes', async () => {
  const dir = emptyFolder('action');
  const bundle = join(dir, 'index.mjs');
  copyFileSync(new URL('../../action/index.mjs', import.meta.url), bundle);
  const files = { GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STEP_SUMMARY: join(dir, 'summary') };
  writeFileSync(files.GITHUB_OUTPUT, '');
  writeFileSync(files.GITHUB_STEP_SUMMARY, '');
  const inputs = {
    PATH: process.env.PATH,
    INPUT_URLS: `${url}\n${target.url}/other`,
    INPUT_TYPE: 'uptime',
    INPUT_ASSERTIONS: 'uptime:up=error',
    'INPUT_API-URL': origin,
    'INPUT_API-KEY': key,
    ...files,
  };
  // GitHub's node24 runtime starts `main` with Node 24, in the job's workspace (not the action's folder).
  const passed = await exec(process.execPath, [bundle], { env: inputs, cwd: emptyFolder('workspace') });
  assert.equal(passed.code, 0, passed.stdout + passed.stderr);
  assert.match(passed.stdout, new RegExp(`::add-mask::${key}`));
  const outputs = Object.fromEntries(
    [...readFileSync(files.GITHUB_OUTPUT, 'utf8').matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)].map((m) => [
      m[1],
      m[3],
    ]),
  );
  assert.match(outputs['test-id']!, /^[0-9a-f-]{36}$/);
  assert.equal(outputs.passed, 'true');
  assert.match(outputs['report-url']!, /\/reports\//);
  assert.equal(JSON.parse(outputs.results!).length, 2);
  const summary = readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8');
  assert.match(summary, /^## Pageprobe/m);
  assert.equal(summary.match(/\| ✅ \| \[report\]\(http/g)?.length, 2);

  writeFileSync(files.GITHUB_OUTPUT, '');
  const failed = await exec(process.execPath, [bundle], {
    env: {
      ...inputs,
      INPUT_URLS: url,
      INPUT_ASSERTIONS: JSON.stringify({ 'uptime:timings:total': ['error', { maxNumericValue: 0 }] }),
    },
  });
  assert.equal(failed.code, 1);
  assert.match(failed.stdout, /::error::/);
  assert.match(readFileSync(files.GITHUB_OUTPUT, 'utf8'), /passed<<\S+\nfalse\n/);
  assert.match(
    readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8'),
    /### Assertions that failed\n\n- `uptime:timings:total` \(error\)/,
  );
  assert.equal((await exec(process.execPath, [bundle], { env: { ...inputs, INPUT_URLS: '' } })).code, 2);
});

test('@pageprobe/client and @pageprobe/webhook-verify install from their tarballs, type-check and work on Node 20, on a real delivery', async () => {
  const project = emptyFolder('project');
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module', private: true }));
  const installed = await exec(
    'npm',
    ['install', '--offline', '--no-audit', '--no-fund', tarball.client!, tarball['webhook-verify']!],
    { cwd: project, env: { PATH: userPath, HOME: process.env.HOME } },
  );
  assert.equal(installed.code, 0, installed.stderr);
  // The published types, as a TypeScript project that installed the package sees them.
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'nodenext', strict: true, noEmit: true, types: [] } }),
  );
  writeFileSync(
    join(project, 'typed.ts'),
    `import { createClient, type Test } from '@pageprobe/client';
import { verifySignature } from '@pageprobe/webhook-verify';
const client = createClient({ baseUrl: 'https://api.example', apiKey: 'k' });
export const status = async (id: string): Promise<Test['status']> => (await client.getTest(id)).status;
// @ts-expect-error: a test's type is one of three
export const wrong: Test['type'] = 'ping';
export const verify: (header: string, body: string, secret: string) => unknown = verifySignature;
`,
  );
  const tsc = new URL('../../node_modules/.bin/tsc', import.meta.url).pathname;
  const typed = await exec(tsc, ['-p', project]);
  assert.equal(typed.code, 0, typed.stdout + typed.stderr);

  writeFileSync(
    join(project, 'check.mjs'),
    `import { createClient, PageprobeError } from '@pageprobe/client';
const credits = await createClient({ baseUrl: process.argv[2], apiKey: process.argv[3] }).getCredits();
const denied = await createClient({ baseUrl: process.argv[2], apiKey: 'pp_live_nope' }).getCredits().catch((e) => e);
console.log(JSON.stringify({ plan: credits.plan, error: denied instanceof PageprobeError ? denied.code : null }));`,
  );
  const checked = await run(node20, [join(project, 'check.mjs'), origin, key], { cwd: project });
  assert.deepEqual(JSON.parse(checked.stdout), { plan: 'pro', error: 'unauthorized' });

  // A real delivery, signed by the dispatcher with the team's secret, verified by the installed package.
  await env.db.team.update({ where: { id: teamId }, data: { webhookSecret: 'whsec_doors_receiver' } });
  const receiver = await startServer();
  await client.createTest({ url, type: 'uptime', callback_url: `${receiver.url}/hook` });
  const delivery = await receiver.nth(1, 30_000);
  writeFileSync(join(project, 'body.bin'), delivery.raw);
  writeFileSync(
    join(project, 'receive.mjs'),
    `import { readFileSync } from 'node:fs';
import { verifySignature } from '@pageprobe/webhook-verify';
verifySignature(process.argv[2], readFileSync('body.bin'), 'whsec_doors_receiver');
console.log(JSON.parse(readFileSync('body.bin', 'utf8')).event);`,
  );
  const received = await run(node20, ['receive.mjs', String(delivery.headers['x-service-signature'])], {
    cwd: project,
  });
  assert.equal(received.stdout.trim(), 'test.completed');
  assert.ok(existsSync(join(project, 'node_modules/@pageprobe/client/dist/index.d.ts')));
});
