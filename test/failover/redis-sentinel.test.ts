// Redis Sentinel (issue 49): the apps, real processes configured with REDIS_SENTINELS instead of
// REDIS_URL, find the master through the sentinels and follow a promotion when the master is killed;
// a connection left on a demoted master leaves it on READONLY. The topology (a master, a replica, three
// sentinels from Debian's packages, on loopback) is test/support/redis-sentinel.ts.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createRedis } from '@pageprobe/jobs';
import { freePort } from '@pageprobe/local-services';
import { waitForTest } from '@pageprobe/testing';
import { type AppProcess, startApp } from '../support/app-process.ts';
import { call } from '../support/http.ts';
import { startMovableEndpoint, startSentinelTopology } from '../support/redis-sentinel.ts';
import { startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const redis = await startSentinelTopology({ downAfterMs: 1_000, failoverTimeoutMs: 3_000 });
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const vars = env.appEnv({
  ...redis.env,
  PORT: String(port),
  PUBLIC_BASE_URL: origin,
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_READS_PER_MIN: '100000',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  // A job Redis lost is re-added from PostgreSQL soon (the outbox), not after the default 30 s.
  SWEEP_INTERVAL_MS: '500',
  SWEEP_QUEUED_AFTER_MS: '2000',
});
let apps: AppProcess[] = [];
try {
  apps = await Promise.all([startApp('api', vars), startApp('worker-uptime', vars)]);
} finally {
  // After the apps' own ends (hooks run in order): they are killed before Redis goes.
  after(() => redis.stop());
}
const { key } = await teamWithKey(env);
const target = await startServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('up'));

const post = () =>
  call<Record<string, string>>(`${origin}/api/v1/tests`, {
    method: 'POST',
    token: key,
    body: { url: `${target.url}/`, type: 'uptime' },
  });
const finished = (id: string) =>
  waitForTest<{ status: string; started_at: string }>(origin, key, id, { timeoutMs: 60_000, pollMs: 200 });

test('configured with REDIS_SENTINELS alone, the API queues and the worker runs a test', async () => {
  const created = await post();
  assert.equal(created.status, 202, JSON.stringify(created.body));
  assert.equal((await finished(created.body.id!)).status, 'completed');
});

let killedPort = 0;

test('the master is killed: the sentinels promote the replica, and a test made after it completes', async (t) => {
  const before = await redis.master();
  const killed = await redis.killMaster();
  killedPort = killed.port;
  // Asked while Redis has no master: refused with 503 (the API fails fast) or accepted, never a 500.
  const statuses = new Set<number>();
  let during: string | undefined;
  const asking = (async () => {
    for (let i = 0; i < 10 && !during; i++) {
      const res = await post();
      statuses.add(res.status);
      if (res.status === 202) during = res.body.id;
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  const promoted = await redis.waitForPromotion(killed.port, 60_000);
  await asking;
  assert.notEqual(promoted.port, before.port);
  // The first write the API takes after the promotion, and when the worker took that test up.
  let accepted: { id: string; at: number } | undefined;
  const deadline = Date.now() + 30_000;
  while (!accepted && Date.now() < deadline) {
    const res = await post();
    statuses.add(res.status);
    if (res.status === 202) accepted = { id: res.body.id!, at: Date.now() };
    else await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(accepted, `no test accepted within 30 s of the promotion (answers: ${[...statuses].join(', ')})`);
  const after = await finished(accepted.id);
  assert.equal(after.status, 'completed');
  assert.deepEqual(
    [...statuses].filter((s) => s !== 202 && s !== 503),
    [],
    'only 202 or 503 while Redis failed over',
  );
  // A test the API took during the outage is run too (its job re-added by the sweeper if Redis lost it).
  if (during) assert.equal((await finished(during)).status, 'completed');
  const figures = {
    promotedMs: promoted.at - killed.at,
    apiAcceptsMs: accepted.at - killed.at,
    workerTookWorkMs: Date.parse(after.started_at) - killed.at,
  };
  t.diagnostic(`after SIGKILL of the master: ${JSON.stringify(figures)}`);
  process.stdout.write(
    `redis-sentinel: master killed; promoted after ${figures.promotedMs} ms, the API took a test after ${figures.apiAcceptsMs} ms, the worker took work again after ${figures.workerTookWorkMs} ms\n`,
  );
});

test('a connection held to a demoted master reconnects on READONLY and its write lands on the master', async () => {
  assert.ok(killedPort, 'the failover test ran first');
  // The old master comes back; the sentinels make it a replica of the new one (and drop its clients).
  await redis.restart(killedPort);
  await redis.waitForRole(killedPort, 'slave', 60_000);
  const master = await redis.master();
  // An address still leading to the demoted server, as a managed service's endpoint does for
  // connections made before its switch: they stay there while new ones reach the new master.
  const endpoint = await startMovableEndpoint(killedPort);
  after(() => endpoint.close());
  const held = createRedis({ url: endpoint.url(redis.password) }, 'worker');
  // The same without reconnectOnError: what every connection did before.
  const unguarded = createRedis({ url: endpoint.url(redis.password) }, 'worker', { reconnectOnError: null });
  for (const client of [held, unguarded]) client.on('error', () => {});
  after(() => {
    held.disconnect();
    unguarded.disconnect();
  });
  assert.equal(await held.ping(), 'PONG');
  assert.equal(await unguarded.ping(), 'PONG');
  endpoint.moveTo(master.port);

  await assert.rejects(unguarded.set('failover:unguarded', '1'), /READONLY/);
  let reconnects = 0;
  held.on('reconnecting', () => reconnects++);
  assert.equal(await held.set('failover:held', 'written'), 'OK');
  assert.ok(reconnects >= 1, 'the held connection was made again');
  assert.equal(((await held.call('ROLE')) as string[])[0], 'master');
  const direct = redis.connect(master.port);
  after(() => direct.disconnect());
  assert.equal(await direct.get('failover:held'), 'written');
});

test('the apps say where Redis is, and the Sentinel password is nowhere in what they printed', () => {
  for (const app of apps) {
    const output = app.output();
    assert.match(output, /"redis":"sentinel pageprobe via 127\.0\.0\.1:\d+,127\.0\.0\.1:\d+,127\.0\.0\.1:\d+"/);
    assert.ok(!output.includes(redis.password), 'the password was printed');
  }
});
