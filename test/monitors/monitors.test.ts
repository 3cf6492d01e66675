// Issues 16 and 29: monitors. Uptime monitors on 1-2 s intervals against local targets make it quick: the
// API in process, the uptime worker and the dispatcher (whose tick claims due monitors) as real
// processes, real Redis and PostgreSQL. An uptime monitor's checks are rows of monitoring.checks, not
// tests. Lighthouse runs are not needed: a monitor with no credits to spend pauses before any test is made.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { test } from 'node:test';
import { jobs, openQueue } from '@pageprobe/jobs';
import { finishTest } from '@pageprobe/test-lifecycle';
import { verifySignature } from '@pageprobe/webhook-verify';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { startApiInProcess } from '../support/api-in-process.ts';
import { startApp } from '../support/app-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { eventually, type ReceivedRequest, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const common = {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  RATE_LIMIT_READS_PER_MIN: '100000',
  SWEEP_INTERVAL_MS: '500',
  MONITOR_MIN_INTERVAL_SECONDS: '1',
};
const { origin } = await startApiInProcess(env, common);
await startApp('worker-uptime', env.appEnv({ ...common, UPTIME_CONCURRENCY: '20' }));
let dispatcher = await startApp('callback-dispatcher', env.appEnv(common));
const api = `${origin}/api/v1`;
const SECRET = 'whsec_monitor_alerts';
const { key, teamId } = await teamWithKey(env, { credits: 5 });
await env.db.team.update({ where: { id: teamId }, data: { webhookSecret: SECRET } });

/** A target whose answer the test steers: up (200) or down (503), and how slowly. */
async function steeredTarget() {
  const state = { down: false, delayMs: 0 };
  const server = await startServer((_req, res: ServerResponse) =>
    setTimeout(() => res.writeHead(state.down ? 503 : 200, { 'content-type': 'text/plain' }).end('x'), state.delayMs),
  );
  return { state, url: `${server.url}/` };
}

type Monitor = Record<string, any> & { id: string };
const create = async (body: Record<string, unknown>, token = key) => {
  const res = await call<Monitor>(`${api}/monitors`, { method: 'POST', token, body: { type: 'uptime', ...body } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
};
const patch = (id: string, body: Record<string, unknown>) =>
  call<Monitor>(`${api}/monitors/${id}`, { method: 'PATCH', token: key, body });
const remove = (id: string) => call(`${api}/monitors/${id}`, { method: 'DELETE', token: key });
/** An uptime monitor's checks, oldest first: when each started, whether the site was up, its assertions. */
const runsOf = (monitorId: string) =>
  env.db.$queryRawUnsafe<Array<{ at: Date; started: Date; up: boolean; passed: boolean | null }>>(
    `SELECT at, at + make_interval(secs => delay_ms / 1000.0) AS started, up, passed FROM monitoring.checks
     WHERE monitor_id = $1::uuid ORDER BY at`,
    monitorId,
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('create, read, list, change and delete; intervals under the plan floor and other teams refused', async () => {
  const target = await steeredTarget();
  const created = await create({ url: target.url, name: 'Shop home', interval_seconds: 30, alert: { down_after: 3 } });
  assert.deepEqual(
    [created.status, created.name, created.interval_seconds, created.alert.down_after, created.alert.regression_points],
    ['active', 'Shop home', 30, 3, 10],
  );
  assert.ok(Date.parse(created.next_run_at) <= Date.now() + 1000, 'the first run is now');
  const got = await call<Monitor>(`${api}/monitors/${created.id}`, { token: key });
  assert.equal(got.body.id, created.id);
  assert.deepEqual(Object.keys(got.body.uptime_percent), ['24h', '7d', '30d', '90d']);
  const list = await call<{ data: Monitor[] }>(`${api}/monitors?limit=100`, { token: key });
  assert.ok(list.body.data.some((m) => m.id === created.id));

  // The free plan waits at least 300 s between uptime checks; any plan at least 1 s (this deployment).
  const free = await teamWithKey(env, { plan: 'free' });
  const tooOften = await call(`${api}/monitors`, {
    method: 'POST',
    token: free.key,
    body: { url: target.url, type: 'uptime', interval_seconds: 60 },
  });
  assertProblem(tooOften, 400, 'validation_failed');
  assert.match(JSON.stringify(tooOften.body), /interval_seconds/);
  assertProblem(
    await call(`${api}/monitors`, { method: 'POST', token: key, body: { url: target.url, interval_seconds: 0 } }),
    400,
    'validation_failed',
  );
  assertProblem(
    await call(`${api}/monitors`, {
      method: 'POST',
      token: key,
      body: { url: target.url, type: 'uptime', interval_seconds: 60, runs: 2 },
    }),
    400,
    'validation_failed',
  );
  assertProblem(await call(`${api}/monitors/${created.id}`, { token: free.key }), 404, 'not_found');
  assertProblem(await patch(created.id, { bogus: 1 }), 400, 'validation_failed');

  // A name is what people call it (issue 46): up to 100 characters, not blank; null removes it.
  assertProblem(await patch(created.id, { name: 'x'.repeat(101) }), 400, 'validation_failed');
  assertProblem(await patch(created.id, { name: '   ' }), 400, 'validation_failed');
  const changed = await patch(created.id, {
    name: null,
    interval_seconds: 45,
    callback_url: 'https://example.com/hook',
  });
  assert.deepEqual(
    [changed.body.name, changed.body.interval_seconds, changed.body.callback_url],
    [null, 45, 'https://example.com/hook'],
  );
  await eventually(async () => ((await runsOf(created.id)).length >= 1 ? true : undefined), 10_000, 'first run');
  assert.equal((await remove(created.id)).status, 204);
  assertProblem(await call(`${api}/monitors/${created.id}`, { token: key }), 404, 'not_found');
  // Its checks stay (until their retention), not tests: nothing was spent, nothing listed as a test.
  assert.ok((await runsOf(created.id)).length >= 1);
  assert.equal(await env.db.test.count({ where: { monitorId: created.id } }), 0);
});

test('checks come on the interval, listed newest first at /checks; paused runs no more; resumed runs at once', async () => {
  const target = await steeredTarget();
  const monitor = await create({ url: target.url, interval_seconds: 1 });
  const started = Date.now();
  await sleep(5_500);
  const runs = await runsOf(monitor.id);
  const seconds = (Date.now() - started) / 1000;
  // One run at creation, then one per 1-second slot on the monitor's grid.
  assert.ok(runs.length >= seconds - 2 && runs.length <= seconds + 1.5, `${runs.length} runs in ${seconds} s`);
  for (let i = 2; i < runs.length; i++) assert.equal(runs[i]!.at.getTime() - runs[i - 1]!.at.getTime(), 1000);

  const listed = await call<{ data: Array<{ slot: string; up: boolean; test_id: null }> }>(
    `${api}/monitors/${monitor.id}/checks?limit=100`,
    { token: key },
  );
  // The monitor is still running every second: checks may come after the listing, not before it without being in it.
  const listedSlots = listed.body.data.map((c) => c.slot);
  const since = (await runsOf(monitor.id)).map((r) => r.at.toISOString()).reverse();
  assert.deepEqual(listedSlots, since.slice(since.indexOf(listedSlots[0]!)), 'every check, newest first');
  assert.ok(listed.body.data.every((c) => c.up && c.test_id === null));

  const paused = await patch(monitor.id, { paused: true });
  assert.deepEqual([paused.body.status, paused.body.paused_reason, paused.body.next_run_at], ['paused', 'user', null]);
  await sleep(1_000); // a check claimed just before the pause may still be recording
  const before = (await runsOf(monitor.id)).length;
  await sleep(2_500);
  assert.equal((await runsOf(monitor.id)).length, before, 'no runs while paused');
  const resumed = await patch(monitor.id, { paused: false });
  assert.equal(resumed.body.status, 'active');
  await eventually(async () => ((await runsOf(monitor.id)).length > before ? true : undefined), 2_000, 'run on resume');
  await remove(monitor.id);
});

test('monitor.down after 2 failed checks in a row (one blip is not enough), then monitor.recovered: signed, listed', async () => {
  const target = await steeredTarget();
  const receiver = await startServer();
  const monitor = await create({ url: target.url, interval_seconds: 1, callback_url: `${receiver.url}/alerts` });
  const results = async () => (await runsOf(monitor.id)).map((c) => c.up);
  await eventually(async () => ((await results()).length >= 2 ? true : undefined), 10_000, 'two good checks');
  // One blip: down for exactly one check.
  target.state.down = true;
  const blipAt = (await results()).length;
  await eventually(
    async () => ((await results()).slice(blipAt).includes(false) ? true : undefined),
    10_000,
    'the blip',
  );
  target.state.down = false;
  await eventually(async () => ((await results()).at(-1) === true ? true : undefined), 10_000, 'up again');
  assert.equal(
    await env.db.monitorAlert.count({ where: { monitorId: monitor.id } }),
    0,
    'one failed check raises nothing',
  );

  target.state.down = true;
  const down = await receiver.nth(1, 15_000);
  target.state.down = false;
  const recovered = await receiver.nth(2, 15_000);
  for (const [r, event] of [
    [down, 'monitor.down'],
    [recovered, 'monitor.recovered'],
  ] as Array<[ReceivedRequest, string]>) {
    verifySignature(String(r.headers['x-service-signature']), r.raw, SECRET);
    assert.equal(r.headers['x-service-event'], event);
    const body = JSON.parse(r.raw.toString());
    assert.equal(body.event, event);
    assert.equal(body.monitor.id, monitor.id);
    // The alert links to the monitor's page (issue 30; on the dispatcher's PUBLIC_BASE_URL).
    assert.equal(new URL(body.monitor.report_url).pathname, new URL(monitor.report_url).pathname);
    // A check is not a test: the alert carries the check itself.
    assert.equal(body.test, null);
    assert.equal(body.alert.details.check.up, event === 'monitor.recovered');
  }
  assert.equal(JSON.parse(down.raw.toString()).alert.reason, 'http_error');
  assert.equal(JSON.parse(down.raw.toString()).alert.details.consecutive_failures, 2);

  const alerts = await call<{ data: Array<{ event: string; callback: { state: string } }> }>(
    `${api}/monitors/${monitor.id}/alerts`,
    { token: key },
  );
  assert.deepEqual(
    alerts.body.data.map((a) => a.event),
    ['monitor.recovered', 'monitor.down'],
  );
  await patch(monitor.id, { paused: true });
  await sleep(1_000); // a run claimed before the pause finishes

  // Uptime over the windows and the incidents, from the same checks.
  const row = monitor;
  const view = (await call<Monitor>(`${api}/monitors/${row.id}`, { token: key })).body;
  const checks = await results();
  const up = checks.filter(Boolean).length;
  assert.equal(view.uptime_percent['24h'], Number(((up / checks.length) * 100).toFixed(3)));
  assert.ok(view.incidents.length >= 2, JSON.stringify(view.incidents));
  assert.ok(
    view.incidents.every((i: { ended_at: string | null; reason: string }) => i.ended_at && i.reason === 'http_error'),
  );

  // The last day's series is by the minute, from the rollups: every check counted once.
  const series = await call<{ resolution: string; points: Array<{ at: string; value: number; count: number }> }>(
    `${api}/monitors/${row.id}/series?metric=up&from=${new Date(Date.now() - 3600_000).toISOString()}`,
    { token: key },
  );
  assert.equal(series.body.resolution, 'minute');
  assert.equal(
    series.body.points.reduce((n, p) => n + p.count, 0),
    checks.length,
  );
  // Each point's value is its minute's share of good checks (3 decimals).
  assert.ok(Math.abs(series.body.points.reduce((n, p) => n + p.value * p.count, 0) - up) < 0.01);
  const total = await call<{ points: Array<{ value: number; p95: number; max: number }> }>(
    `${api}/monitors/${row.id}/series?metric=total_ms`,
    { token: key },
  );
  assert.ok(total.body.points.length >= 1 && total.body.points.every((p) => p.value >= 0 && p.p95 <= p.max));
  assertProblem(
    await call(`${api}/monitors/${row.id}/series?metric=performance_score`, { token: key }),
    400,
    'validation_failed',
  );
  await remove(monitor.id);
});

test('an assertion that starts failing raises monitor.regressed', async () => {
  const target = await steeredTarget();
  const monitor = await create({
    url: target.url,
    interval_seconds: 1,
    assertions: { 'uptime:timings:total': ['error', { maxNumericValue: 400 }] },
  });
  await eventually(
    async () => ((await runsOf(monitor.id)).some((c) => c.passed === true) ? true : undefined),
    10_000,
    'a passing run',
  );
  target.state.delayMs = 700;
  const alert = await eventually(
    () => env.db.monitorAlert.findFirst({ where: { monitorId: monitor.id } }).then((a) => a ?? undefined),
    15_000,
    'monitor.regressed',
  );
  assert.deepEqual([alert.event, alert.reason], ['monitor.regressed', 'assertion_failed']);
  assert.deepEqual((alert.details as { failing_assertions: string[] }).failing_assertions, ['uptime:timings:total']);
  await remove(monitor.id);
});

test('a run the team cannot pay for pauses the monitor: monitor.paused, out_of_credits', async () => {
  const broke = await teamWithKey(env, { credits: 0 });
  const receiver = await startServer();
  const res = await call<Monitor>(`${api}/monitors`, {
    method: 'POST',
    token: broke.key,
    body: { url: 'http://127.0.0.1:9/', type: 'lighthouse', interval_seconds: 300, callback_url: `${receiver.url}/a` },
  });
  assert.equal(res.status, 201);
  const alert = JSON.parse((await receiver.nth(1, 15_000)).raw.toString());
  assert.deepEqual([alert.event, alert.alert.reason, alert.test], ['monitor.paused', 'out_of_credits', null]);
  const view = (await call<Monitor>(`${api}/monitors/${res.body.id}`, { token: broke.key })).body;
  assert.deepEqual([view.status, view.paused_reason], ['paused', 'out_of_credits']);
  assert.equal(await env.db.test.count({ where: { monitorId: res.body.id } }), 0);
});

test('schedules survive Redis losing its data and a dispatcher restart; missed runs are not replayed in a burst', async () => {
  const target = await steeredTarget();
  const monitor = await create({ url: target.url, interval_seconds: 1 });
  await eventually(async () => ((await runsOf(monitor.id)).length >= 2 ? true : undefined), 10_000, 'running');
  await dispatcher.stop('SIGKILL');
  // Redis loses this file's keys (schedulers, queues) while no dispatcher runs: 4 slots are missed.
  const redis = new Redis(env.redisUrl, { maxRetriesPerRequest: null });
  const keys = await redis.keys(`${env.queuePrefix}:*`);
  if (keys.length) await redis.del(...keys);
  await sleep(4_000);
  const before = (await runsOf(monitor.id)).length;
  dispatcher = await startApp('callback-dispatcher', env.appEnv(common));
  const restarted = Date.now();
  await eventually(async () => ((await runsOf(monitor.id)).length > before ? true : undefined), 10_000, 'runs again');
  await sleep(3_000);
  const after = (await runsOf(monitor.id)).filter((r) => r.started.getTime() >= restarted);
  const seconds = (Date.now() - restarted) / 1000;
  assert.ok(after.length <= seconds + 1, `${after.length} runs in ${seconds} s after the restart: no burst`);
  const queue = new Queue('monitor-ticks', { connection: redis, prefix: env.queuePrefix });
  assert.ok(await queue.getJobScheduler('monitor-tick'), 'the tick scheduler is back');
  await queue.close();
  redis.disconnect();
  await remove(monitor.id);
});

test('monitor.regressed when the score falls more than regression_points below the median of the last runs', async () => {
  // The runs of a lighthouse monitor, finished the way a browser worker finishes them (no Chromium here).
  const connection = new Redis(env.redisUrl, { maxRetriesPerRequest: null });
  const callbacks = openQueue(jobs.callback, { connection, prefix: env.queuePrefix });
  const lifecycle = { db: env.db, callbacks, publicBaseUrl: origin, dashboardBaseUrl: `${origin}/app` };
  const monitor = await env.db.monitor.create({
    data: {
      teamId,
      type: 'lighthouse',
      url: 'https://example.com/',
      device: 'mobile',
      intervalSeconds: 3600,
      status: 'paused',
      regressionPoints: 10,
    },
  });
  const running = () =>
    env.db.test.create({
      data: {
        teamId,
        monitorId: monitor.id,
        type: 'lighthouse',
        url: monitor.url,
        device: 'mobile',
        status: 'running',
        reportToken: randomBytes(32).toString('base64url'),
      },
    });
  const run = async (score: number) => {
    const t = await running();
    await finishTest(lifecycle, t.id, { status: 'completed', fields: { performanceScore: score } });
    return t.id;
  };
  for (const score of [90, 92, 88, 91]) await run(score);
  await run(82); // 8.5 below the median of 90.5: within 10
  assert.equal(await env.db.monitorAlert.count({ where: { monitorId: monitor.id } }), 0);
  const dropped = await run(75); // median of the last 5 (82, 91, 88, 92, 90) is 90: 15 below
  const alert = await env.db.monitorAlert.findFirstOrThrow({ where: { monitorId: monitor.id } });
  assert.deepEqual(
    [alert.event, alert.reason, alert.testId, alert.details],
    ['monitor.regressed', 'score_dropped', dropped, { score: 75, median_of_last_runs: 90, drop: 15, threshold: 10 }],
  );
  // A failed run (the page's fault) counts toward monitor.down, not as a regression.
  const failing = await running();
  await finishTest(lifecycle, failing.id, {
    status: 'failed',
    error: { code: 'http_error', message: '500' },
    refund: false,
  });
  assert.equal((await env.db.monitor.findUniqueOrThrow({ where: { id: monitor.id } })).consecutiveFailures, 1);
  await callbacks.close();
  connection.disconnect();
});
