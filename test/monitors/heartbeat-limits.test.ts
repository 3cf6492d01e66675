// Issue 56 items 5 and 11: a heartbeat's own limits. A flood of one ping URL is refused on its own
// (429 with Retry-After) before it spends its team's pings, so the team's other heartbeat, pinged on
// time meanwhile, gets every ping in and never goes down; a heartbeat's stored logs are capped per hour;
// and the plan's shortest interval holds a heartbeat's period, grace and schedule, through POST and PATCH
// /monitors and POST /config/plan. Through a real API process and a real callback-dispatcher (whose tick
// applies the pings and raises the late alerts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startApiApp } from '../support/app-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { type ReceivedRequest, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

const env = await createTestEnv();
const PER_SECOND = 2;
const BURST = 5;
const TEAM_PER_MIN = 120;
const LOG_BYTES_PER_HOUR = 250_000;
const common = {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_WRITES_PER_MIN: '10000',
  SWEEP_INTERVAL_MS: '500',
  // Periods of a few seconds on pro (the free plan's 300 s floor is tried below).
  MONITOR_MIN_INTERVAL_SECONDS: '1',
};
const { origin } = await startApiApp(env, {
  ...common,
  PINGS_PER_TEAM_PER_MIN: String(TEAM_PER_MIN),
  PINGS_PER_MONITOR_PER_SEC: String(PER_SECOND),
  PINGS_PER_MONITOR_BURST: String(BURST),
  PING_LOG_BYTES_PER_MONITOR_PER_HOUR: String(LOG_BYTES_PER_HOUR),
});
const api = `${origin}/api/v1`;
await startInProcess('callback-dispatcher', env.appEnv(common));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const receiver = await startServer();
const alertsOf = (name: string) =>
  receiver.requests
    .filter((r: ReceivedRequest) => r.url === `/hook/${name}`)
    .map((r) => (JSON.parse(r.raw.toString()) as { event: string }).event);

interface Heartbeat {
  id: string;
  ping_url: string;
  down: boolean;
}

async function heartbeat(key: string, name: string, fields: Record<string, unknown>) {
  const res = await call<Heartbeat>(`${api}/monitors`, {
    method: 'POST',
    token: key,
    body: { type: 'heartbeat', name, callback_url: `${receiver.url}/hook/${name}`, ...fields },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

test('a flood of one ping URL is refused on its own: the team’s other heartbeat gets every ping in and never goes down', async () => {
  const { key } = await teamWithKey(env);
  const steady = await heartbeat(key, 'steady', { period_seconds: 2, grace_seconds: 2 });
  const flooded = await heartbeat(key, 'flooded', { period_seconds: 3600, grace_seconds: 60 });

  const FLOOD_MS = 15_000;
  const floodAnswers: Array<{ status: number; retryAfter: string | null }> = [];
  let flooding = true;
  const flood = Promise.all(
    Array.from({ length: 8 }, async () => {
      while (flooding) {
        const res = await fetch(flooded.ping_url, { method: 'POST', body: 'x'.repeat(1_000) });
        await res.arrayBuffer();
        floodAnswers.push({ status: res.status, retryAfter: res.headers.get('retry-after') });
      }
    }),
  );
  // The job beside it pings every second, as its 2 s period asks.
  const steadyStatuses: number[] = [];
  const steadyDown: boolean[] = [];
  const started = Date.now();
  while (Date.now() - started < FLOOD_MS) {
    steadyStatuses.push((await fetch(steady.ping_url)).status);
    steadyDown.push((await call<Heartbeat>(`${api}/monitors/${steady.id}`, { token: key })).body.down);
    await sleep(1_000);
  }
  flooding = false;
  await flood;

  assert.deepEqual(
    steadyStatuses.filter((s) => s !== 200),
    [],
    `the steady heartbeat's ${steadyStatuses.length} pings are all stored`,
  );
  assert.ok(!steadyDown.includes(true), 'the steady heartbeat never went down');
  await sleep(1_500);
  assert.deepEqual(alertsOf('steady'), [], 'and raised no alert');
  assert.ok(floodAnswers.length > 100, `${floodAnswers.length} flood pings sent`);
  const floodStored = floodAnswers.filter((a) => a.status === 200).length;
  const refused = floodAnswers.filter((a) => a.status === 429);
  assert.equal(floodStored + refused.length, floodAnswers.length, 'the flood is answered 200 or 429, nothing else');
  // Its own bucket: the burst, then PER_SECOND a second (a second's slack for the measured time).
  const most = BURST + PER_SECOND * (FLOOD_MS / 1000 + 2);
  assert.ok(floodStored <= most, `${floodStored} flood pings stored, at most ${most}`);
  for (const r of refused) {
    const wait = Number(r.retryAfter);
    assert.ok(Number.isInteger(wait) && wait >= 1 && wait <= 2, `Retry-After ${r.retryAfter}`);
  }

  // The flood spent little of the team's pings: another of its heartbeats still gets in at once.
  const third = await heartbeat(key, 'third', { period_seconds: 3600, grace_seconds: 60 });
  assert.equal((await fetch(third.ping_url)).status, 200);
});

test('a heartbeat’s logs are kept up to its bytes an hour; past them its pings are stored without their logs', async () => {
  const { key } = await teamWithKey(env);
  const m = await heartbeat(key, 'logs', { period_seconds: 3600, grace_seconds: 60 });
  const log = (n: number) => `${n}`.padEnd(100 * 1024, '.');
  for (let n = 1; n <= 4; n++) {
    const res = await fetch(m.ping_url, { method: 'POST', body: log(n) });
    assert.equal(res.status, 200, `ping ${n} is stored`);
  }
  const pings = await call<{ data: Array<{ body: string | null }> }>(`${api}/monitors/${m.id}/pings?limit=10`, {
    token: key,
  });
  const bodies = pings.body.data.reverse().map((p) => p.body?.slice(0, 1) ?? null);
  // 250,000 bytes an hour: two logs of 102,400 bytes fit, the third would pass it.
  assert.deepEqual(bodies, ['1', '2', null, null]);
  // Another heartbeat has its own budget.
  const other = await heartbeat(key, 'logs-2', { period_seconds: 3600, grace_seconds: 60 });
  assert.equal((await fetch(other.ping_url, { method: 'POST', body: log(5) })).status, 200);
  const its = await call<{ data: Array<{ body: string | null }> }>(`${api}/monitors/${other.id}/pings`, {
    token: key,
  });
  assert.equal(its.body.data[0]!.body?.length, 100 * 1024);
});

test('the plan’s shortest interval holds a heartbeat’s period, grace and the gap between its schedule’s slots', async () => {
  const free = await teamWithKey(env, { plan: 'free' });
  const create = (key: string, body: Record<string, unknown>) =>
    call(`${api}/monitors`, { method: 'POST', token: key, body: { type: 'heartbeat', ...body } });
  for (const [body, field] of [
    [{ period_seconds: 1, grace_seconds: 300 }, 'body.period_seconds'],
    [{ period_seconds: 299, grace_seconds: 300 }, 'body.period_seconds'],
    [{ period_seconds: 300, grace_seconds: 1 }, 'body.grace_seconds'],
    [{ schedule: '* * * * * *', grace_seconds: 300 }, 'body.schedule'],
    [{ schedule: '*/1 * * * *', grace_seconds: 300 }, 'body.schedule'],
    // Once a day, but two slots a minute apart.
    [{ schedule: '0,1 3 * * *', time_zone: 'Europe/Paris', grace_seconds: 300 }, 'body.schedule'],
  ] as const) {
    const res = await create(free.key, body);
    assertProblem(res, 400, 'validation_failed');
    const errors = res.body.errors as Array<{ path: string; message: string }>;
    assert.equal(errors[0]!.path, field, JSON.stringify(res.body));
    assert.match(errors[0]!.message, /at least 300 seconds on the free plan/);
  }
  const fine = await create(free.key, { schedule: '*/5 * * * *', grace_seconds: 300 });
  assert.equal(fine.status, 201, JSON.stringify(fine.body));
  const byPeriod = await create(free.key, { period_seconds: 300, grace_seconds: 600 });
  assert.equal(byPeriod.status, 201);
  const patched = await call(`${api}/monitors/${byPeriod.body.id}`, {
    method: 'PATCH',
    token: free.key,
    body: { period_seconds: 10 },
  });
  assertProblem(patched, 400, 'validation_failed');
  assert.match(JSON.stringify(patched.body), /body\.period_seconds/);
  const graceOnly = await call(`${api}/monitors/${byPeriod.body.id}`, {
    method: 'PATCH',
    token: free.key,
    body: { grace_seconds: 5 },
  });
  assertProblem(graceOnly, 400, 'validation_failed');
  assert.match(JSON.stringify(graceOnly.body), /body\.grace_seconds/);

  // Through configuration as code: the plan names the entry and its field; nothing is made.
  const planned = await call(`${api}/config/plan`, {
    method: 'POST',
    token: free.key,
    body: {
      monitors: [
        { key: 'fast', type: 'heartbeat', period_seconds: 60, grace_seconds: 300 },
        { key: 'cron', type: 'heartbeat', schedule: '* * * * *', grace_seconds: 300 },
        { key: 'ok', type: 'heartbeat', period_seconds: 3600, grace_seconds: 300 },
      ],
    },
  });
  assertProblem(planned, 422, 'config_invalid');
  const errors = (planned.body.errors as Array<{ key: string; field: string }>).map((e) => [e.key, e.field]);
  assert.deepEqual(errors.sort(), [
    ['cron', 'schedule'],
    ['fast', 'period_seconds'],
  ]);

  // On pro the deployment's floor holds (1 s here): a schedule every 2 s is fine.
  const pro = await teamWithKey(env);
  const quick = await create(pro.key, { schedule: '*/2 * * * * *', grace_seconds: 1 });
  assert.equal(quick.status, 201, JSON.stringify(quick.body));
});
