// A browser worker killed (SIGKILL) mid-test leaves no test stuck: another worker takes the job up
// again once its lock runs out; if it keeps dying, the test ends failed, refunded, with its callback.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { freePort } from '@pageprobe/local-services';
import { startTest } from '@pageprobe/testing';
import { type AppProcess, startApp } from '../support/app-process.ts';
import { eventually, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
// The document answers after 3 s, so the worker is surely mid-run when it is killed.
const fixtures = await startServer((req, res) => {
  if (req.url === '/favicon.ico' || req.url === '/robots.txt') return void res.writeHead(404).end();
  setTimeout(
    () =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><html lang="en"><title>Slow</title><h1>Slow</h1></html>'),
    3000,
  );
});
const receiver = await startServer();
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const common = { ALLOW_PRIVATE_TARGETS: 'true', PUBLIC_BASE_URL: origin, SWEEP_INTERVAL_MS: '1000' };
await startApp('api', env.appEnv({ ...common, PORT: String(port), RATE_LIMIT_READS_PER_MIN: '100000' }));
await startApp('callback-dispatcher', env.appEnv(common));
const workerEnv = env.appEnv({ ...common, JOB_LOCK_MS: '2000', LIGHTHOUSE_MAX_WAIT_MS: '8000' });
const startWorker = () => startApp('worker-browser', workerEnv);
const { key, teamId } = await teamWithKey(env, { credits: 5 });

// Throws unless the API answers 202.
const startLighthouse = async (path: string) =>
  (
    await startTest(origin, key, {
      url: `${fixtures.url}${path}`,
      type: 'lighthouse',
      callback_url: `${receiver.url}/cb`,
    })
  ).id;
const documentHits = (path: string) => fixtures.requests.filter((r) => r.url === path).length;
const waitForHit = (path: string, n: number) =>
  eventually(async () => (documentHits(path) >= n ? true : undefined), 30_000, `${path} hit ${n}×`);
const finished = (id: string) =>
  eventually(
    async () => {
      const row = await env.db.test.findUniqueOrThrow({ where: { id } });
      return row.status === 'completed' || row.status === 'failed' ? row : undefined;
    },
    60_000,
    `test ${id} finished`,
  );
const callbacksFor = (id: string) => receiver.requests.filter((r) => JSON.parse(r.raw.toString()).test.id === id);

test('killed once: another worker runs the test again and it completes, with one callback', async () => {
  const first = await startWorker();
  const id = await startLighthouse('/once');
  await waitForHit('/once', 1);
  first.child.kill('SIGKILL');
  const second = await startWorker();
  const done = await finished(id);
  assert.equal(done.status, 'completed');
  assert.ok(documentHits('/once') >= 2, 'the page was loaded again');
  await eventually(async () => (callbacksFor(id).length >= 1 ? true : undefined), 15_000, 'callback');
  assert.equal(callbacksFor(id).length, 1);
  assert.equal(JSON.parse(callbacksFor(id)[0]!.raw.toString()).event, 'test.completed');
  await second.stop();
});

test('killed every time: the test ends failed, its credit refunded, its callback sent', async () => {
  const balanceBefore = (await env.db.team.findUniqueOrThrow({ where: { id: teamId } })).creditsBalance;
  const id = await startLighthouse('/always');
  let worker: AppProcess = await startWorker();
  // BullMQ allows one stall; the second makes the job fail for good.
  for (let run = 1; run <= 2; run++) {
    await waitForHit('/always', run);
    worker.child.kill('SIGKILL');
    worker = await startWorker();
  }
  const done = await finished(id);
  assert.equal(done.status, 'failed');
  assert.equal(done.errorCode, 'internal_error');
  const refund = await env.db.creditLedgerEntry.findFirst({ where: { testId: id, reason: 'refund' } });
  assert.equal(refund?.delta, 1);
  assert.equal((await env.db.team.findUniqueOrThrow({ where: { id: teamId } })).creditsBalance, balanceBefore);
  await eventually(async () => (callbacksFor(id).length >= 1 ? true : undefined), 15_000, 'callback');
  assert.equal(JSON.parse(callbacksFor(id)[0]!.raw.toString()).event, 'test.failed');
  await worker.stop();
});
