// `npm start`'s stack (scripts/stack.ts) on a scratch data directory: it comes up with a dev key, runs a
// test, stops everything on Ctrl-C, and a second start reuses the data.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freePort } from '@pageprobe/local-services';
import { startTest, waitForTest } from '@pageprobe/testing';
import { call } from './support/http.ts';
import { eventually, isListening, startServer } from './support/servers.ts';

const repo = fileURLToPath(new URL('../', import.meta.url));
const data = mkdtempSync(join(tmpdir(), 'stack-data-'));
chmodSync(data, 0o755); // PostgreSQL runs as the postgres user when we are root
after(() => rmSync(data, { recursive: true, force: true }));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;

function startStack() {
  const child = spawn(process.execPath, ['scripts/stack.ts'], {
    cwd: repo,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PAGEPROBE_DATA_DIR: data,
      PORT: String(port),
      ALLOW_PRIVATE_TARGETS: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  after(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  const ready = eventually(
    async () => (output.includes('ready in') ? true : child.exitCode !== null ? false : undefined),
    60_000,
    'stack ready',
  );
  return { child, ready, output: () => output };
}

async function stop(stack: ReturnType<typeof startStack>) {
  stack.child.kill('SIGINT');
  const [code] = await once(stack.child, 'exit');
  assert.equal(code, 0, stack.output());
}

test('first start: dev key printed, a test runs; Ctrl-C stops every process; second start keeps the data', async () => {
  const target = await startServer((_req, res) => res.writeHead(200).end('ok'));
  const first = startStack();
  assert.equal(await first.ready, true, first.output());
  const { key } = JSON.parse(readFileSync(join(data, 'dev-credentials.json'), 'utf8')) as { key: string };
  assert.ok(first.output().includes(key), 'the key is printed');
  assert.match(first.output(), /curl -s -X POST/);
  const env = Object.fromEntries(
    readFileSync(join(data, 'stack.env'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );

  const created = await startTest(origin, key, { url: `${target.url}/`, type: 'uptime' }); // throws unless 202
  assert.equal((await waitForTest(origin, key, created.id, { timeoutMs: 15_000 })).status, 'completed');

  await stop(first);
  assert.match(first.output(), /stopped/);
  for (const url of [origin, env.DATABASE_URL!, env.REDIS_URL!, env.S3_ENDPOINT!]) {
    assert.equal(await isListening(url), false, `${url} still answers after Ctrl-C`);
  }

  const second = startStack();
  assert.equal(await second.ready, true, second.output());
  assert.match(second.output(), /database is up to date/);
  assert.match(second.output(), /from .*dev-credentials\.json/);
  const again = await call<{ status: string; result: { up: boolean } }>(`${origin}/api/v1/tests/${created.id}`, {
    token: key,
  });
  assert.equal(again.status, 200);
  assert.equal(again.body.status, 'completed');
  assert.equal(again.body.result.up, true);
  await stop(second);
});
