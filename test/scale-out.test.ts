// Issue 9's proof on one machine: two API processes and two of each worker against one Redis and one
// PostgreSQL. 200 mixed tests (uptime mostly, two lighthouse) all complete exactly once, callbacks
// arrive once each, rate limits hold across the API processes, and SIGTERM to a worker mid-test loses
// nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { freePort } from '@pageprobe/local-services';
import { type AppProcess, startApp } from './support/app-process.ts';
import { call } from './support/http.ts';
import { eventually, startServer } from './support/servers.ts';
import { teamWithKey } from './support/teams.ts';
import { createTestEnv } from './support/test-env.ts';

const TESTS = 200;
const LIGHTHOUSE = 2;
const KEYS = 20; // ten tests a key: exactly the write limit

const env = await createTestEnv();
const target = await startServer((req, res) => {
  const send = () => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html lang="en"><title>t</title><h1>Up</h1></html>');
  if (req.url.startsWith('/slow')) setTimeout(send, 1_000);
  else send();
});
const receiver = await startServer((_req, res) => res.writeHead(204).end());

const shared = { ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMIT_WRITES_PER_MIN: '10', RATE_LIMIT_READS_PER_MIN: '100000', LIGHTHOUSE_MAX_WAIT_MS: '6000' };
const apis: string[] = [];
for (let i = 0; i < 2; i++) {
  const port = await freePort();
  await startApp('api', env.appEnv({ ...shared, PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}` }));
  apis.push(`http://127.0.0.1:${port}/api/v1`);
}
const uptimeWorkers: AppProcess[] = [];
for (let i = 0; i < 2; i++) {
  uptimeWorkers.push(await startApp('worker-uptime', env.appEnv({ ...shared, UPTIME_CONCURRENCY: '10' })));
  await startApp('worker-browser', env.appEnv({ ...shared, BROWSER_TEST_TYPES: 'lighthouse' }));
  await startApp('callback-dispatcher', env.appEnv(shared));
}
const keys = await Promise.all(Array.from({ length: KEYS }, () => teamWithKey(env, { credits: 5 })));
// Redis connects just after the API listens; like a load balancer, wait until both say they are ready.
for (const api of apis) await eventually(async () => ((await fetch(api.replace('/api/v1', '/readyz'))).ok ? true : undefined), 10_000, 'ready');

test('200 mixed tests over two API processes and two of each worker: each completes once, nothing lost to SIGTERM', async () => {
  const posts = Array.from({ length: TESTS }, (_, i) => {
    const lighthouse = i < LIGHTHOUSE;
    const body = {
      url: `${target.url}/${i % 3 === 0 ? 'slow' : 'fast'}/${i}`,
      type: lighthouse ? 'lighthouse' : 'uptime',
      ...(i % 2 === 0 ? { callback_url: `${receiver.url}/hook/${i}` } : {}),
    };
    return call<{ id: string }>(`${apis[i % 2]}/tests`, { method: 'POST', token: keys[i % KEYS]!.key, body });
  });
  const created = await Promise.all(posts);
  assert.deepEqual(created.map((r) => r.status).filter((s) => s !== 202), [], 'every POST accepted');
  const ids = created.map((r) => r.body.id);

  // Once a quarter of the tests are done, one uptime worker is told to stop while it has tests in hand.
  await eventually(async () => ((await env.db.test.count({ where: { id: { in: ids }, status: 'completed' } })) >= TESTS / 4 ? true : undefined), 60_000, 'a quarter done');
  assert.equal(await uptimeWorkers[0]!.stop('SIGTERM'), 0, 'the worker exits cleanly after finishing its tests');
  const afterSignal = uptimeWorkers[0]!.output().split('shutting down')[1] ?? '';
  assert.match(afterSignal, /test finished/, 'it had tests in hand when told to stop, and finished them');

  await eventually(
    async () => ((await env.db.test.count({ where: { id: { in: ids }, status: { in: ['completed', 'failed'] } } })) === TESTS ? true : undefined),
    120_000,
    'all tests finished',
  );
  const tests = await env.db.test.findMany({ where: { id: { in: ids } } });
  assert.deepEqual(tests.filter((t) => t.status !== 'completed').map((t) => [t.type, t.status, t.errorCode]), []);
  assert.ok(tests.every((t) => t.type !== 'uptime' || (t.result as { up: boolean }).up));
  // Credits: one debit per lighthouse test, no refunds, nothing twice.
  const ledger = await env.db.creditLedgerEntry.findMany({ where: { testId: { in: ids } } });
  assert.deepEqual(ledger.map((e) => [e.reason, e.delta]), Array.from({ length: LIGHTHOUSE }, () => ['test', -1]));

  // One callback per test that asked for one (no crash here, so at-least-once delivers exactly once).
  await eventually(async () => (receiver.requests.length >= TESTS / 2 ? true : undefined), 60_000, 'callbacks');
  await new Promise((r) => setTimeout(r, 1_000));
  const paths = receiver.requests.map((r) => r.url);
  assert.equal(paths.length, TESTS / 2);
  assert.equal(new Set(paths).size, TESTS / 2);
});

test('the write limit holds across the two API processes: 10 per key per minute in all', async () => {
  const { key } = await teamWithKey(env);
  const results = await Promise.all(
    Array.from({ length: 16 }, (_, i) => call(`${apis[i % 2]}/tests`, { method: 'POST', token: key, body: { url: `${target.url}/fast`, type: 'uptime' } })),
  );
  const statuses = results.map((r) => r.status);
  assert.equal(statuses.filter((s) => s === 202).length, 10, statuses.join(','));
  assert.equal(statuses.filter((s) => s === 429).length, 6);
});
