// Redis stops: writes answer 503 at once, reads go on from PostgreSQL, and it all comes back by itself;
// Redis slow to answer at start: the apps wait for it before they listen.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { freePort, startRedis } from '@pageprobe/local-services';
import { startApp } from '../support/app-process.ts';
import { startInProcess } from '../support/stack.ts';
import { assertProblem, call } from '../support/http.ts';
import { eventually, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
// This file's own Redis, so stopping it leaves the other files alone.
const dir = mkdtempSync(join(tmpdir(), 'redis-down-'));
chmodSync(dir, 0o755);
after(() => rmSync(dir, { recursive: true, force: true }));
const redisPort = await freePort();
let redis = await startRedis({ dataDir: dir, port: redisPort });
after(() => redis.stop());
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const vars = env.appEnv({
  PORT: String(port),
  PUBLIC_BASE_URL: origin,
  REDIS_URL: redis.url,
  ALLOW_PRIVATE_TARGETS: 'true',
  SWEEP_INTERVAL_MS: '300',
  SWEEP_QUEUED_AFTER_MS: '500',
});
await startApp('api', vars);
const { key } = await teamWithKey(env);
const target = await startServer((_req, res) => res.writeHead(200).end('up'));
const post = () =>
  call<Record<string, string>>(`${origin}/api/v1/tests`, {
    method: 'POST',
    token: key,
    body: { url: `${target.url}/`, type: 'uptime' },
  });

test('503 for writes while Redis is down, reads still served, recovery without a restart, nothing lost', async () => {
  const before = await post();
  assert.equal(before.status, 202);

  await redis.stop();
  const started = Date.now();
  const refused = await post();
  assertProblem(refused, 503, 'service_unavailable');
  assert.ok(refused.headers.get('retry-after'));
  assert.ok(Date.now() - started < 5_000, 'answered without waiting for Redis');
  const read = await call<Record<string, string>>(`${origin}/api/v1/tests/${before.body.id}`, { token: key });
  assert.equal(read.status, 200);
  assert.equal(read.body.id, before.body.id);
  assert.equal((await call(`${origin}/api/v1/tests`, { token: key })).status, 200);
  assert.equal(await env.db.test.count(), 1, 'the refused request wrote nothing');

  redis = await startRedis({ dataDir: dir, port: redisPort });
  const accepted = await eventually(
    async () => {
      const res = await post();
      return res.status === 202 ? res : undefined;
    },
    15_000,
    'writes accepted again',
  );

  // Redis came back empty: the first test's job is gone. The worker's sweeper re-adds both.
  await startApp('worker-uptime', vars);
  for (const id of [before.body.id, accepted.body.id]) {
    await eventually(
      async () => {
        const row = await env.db.test.findUniqueOrThrow({ where: { id } });
        return row.status === 'completed' ? row : undefined;
      },
      15_000,
      `test ${id} completed`,
    );
  }
});

test('an API and a dashboard whose Redis answers late wait for it before they listen: their first writes are served', async () => {
  // A proxy that holds each connection 1.5 s before it reaches Redis, as a Redis still loading or far away.
  const late = createServer((socket) => {
    setTimeout(() => {
      const upstream = connect(redisPort, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    }, 1_500);
  }).listen(0, '127.0.0.1');
  await once(late, 'listening');
  after(() => late.close());
  const lateUrl = `redis://127.0.0.1:${(late.address() as AddressInfo).port}`;
  const apiPort = await freePort();
  const dashboardPort = await freePort();
  const lateVars = env.appEnv({
    PORT: String(apiPort),
    PUBLIC_BASE_URL: `http://127.0.0.1:${apiPort}`,
    DASHBOARD_PORT: String(dashboardPort),
    REDIS_URL: lateUrl,
    ALLOW_PRIVATE_TARGETS: 'true',
  });
  await Promise.all([startInProcess('api', lateVars), startInProcess('dashboard', lateVars)]);
  // At once: a test accepted (its job queued in Redis) and a passkey challenge kept (in Redis).
  const accepted = await call(`http://127.0.0.1:${apiPort}/api/v1/tests`, {
    method: 'POST',
    token: key,
    body: { url: `${target.url}/`, type: 'uptime' },
  });
  assert.equal(accepted.status, 202);
  const dashboard = `http://127.0.0.1:${dashboardPort}`;
  const challenge = await fetch(`${dashboard}/app/sign-in/passkey/options`, {
    method: 'POST',
    headers: { origin: dashboard, 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  assert.equal(challenge.status, 200, await challenge.text());
});
