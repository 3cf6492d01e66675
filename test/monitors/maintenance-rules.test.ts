// Issue 44, item 1: one maintenance rule hung an API replica and the uptime workers for good. Through the
// real API, uptime worker and dispatcher: every rule of the review answers 400 or 201 at once while the
// API keeps answering /healthz, and a window whose hostile rule is already in the database (written before
// the grammar) costs a check batch nothing: the hot paths read occurrences computed ahead, never the rule.
import assert from 'node:assert/strict';
import { randomUUIDv7 } from 'node:crypto';
import { test } from 'node:test';
import { startApiApp } from '../support/app-process.ts';
import { call } from '../support/http.ts';
import { eventually, startServer, watchHealth } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

const env = await createTestEnv();
const common = {
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  SWEEP_INTERVAL_MS: '500',
  MONITOR_MIN_INTERVAL_SECONDS: '1',
};
const { origin } = await startApiApp(env, common);
const appEnv = env.appEnv({ ...common, ALLOW_PRIVATE_TARGETS: 'true', PUBLIC_BASE_URL: origin });
await startInProcess('worker-uptime', appEnv);
await startInProcess('callback-dispatcher', appEnv);
const api = `${origin}/api/v1`;

type Json = Record<string, any>;
const as = (key: string) => ({
  post: (path: string, body: unknown) => call<Json>(`${api}${path}`, { method: 'POST', token: key, body }),
  get: (path: string) => call<Json>(`${api}${path}`, { token: key }),
});
const site = await startServer((_req, res) => res.writeHead(200).end('ok'));

// Bounds that tell an expansion cut at its deadline (500 ms) from one that searches for ever, not a machine's
// speed: on a machine paging at 50 µs a fault a plain 400 took 1,087 ms (2026-11-29).
const ANSWER_BOUND_MS = 5_000;
const HEALTH_BOUND_MS = 2_000;

test('every rule of the review gets 400 or 201 in bounded time, and /healthz answers throughout', async () => {
  const { key } = await teamWithKey(env);
  const { post } = as(key);
  const now = Date.now();
  const at2 = new Date(now + 86_400_000);
  at2.setUTCHours(2, 0, 0, 0);
  // A first write warms the API (validators, queries) and starts the expander's thread: what follows is timed.
  const warm = await post('/maintenance-windows', {
    name: 'warm',
    starts_at: new Date(now).toISOString(),
    rrule: 'FREQ=DAILY',
    duration_minutes: 5,
    tags: ['warm'],
  });
  assert.equal(warm.status, 201, JSON.stringify(warm.body));
  const stop = watchHealth(`${origin}/healthz`);
  const answers: Array<{ rule: string; status: number; expected: number; ms: number; detail: string }> = [];
  const berlin = 'europe/berlin';
  for (const [rule, startsAt, minutes, zone, status] of [
    ['FREQ=HOURLY;BYHOUR=24', now, 60, berlin, 400],
    ['FREQ=MINUTELY;BYMINUTE=61', now, 60, berlin, 400],
    ['FREQ=SECONDLY;BYHOUR=25', now, 60, berlin, 400],
    // Passed the old check, made at now; with its real starts_at (02:00Z: even hours) it never happens.
    ['FREQ=HOURLY;INTERVAL=2;BYHOUR=1', at2.getTime(), 60, 'UTC', 400],
    ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', now, 60, berlin, 400],
    ['FREQ=SECONDLY', now - 86_400_000, 60, berlin, 400],
    ['FREQ=SECONDLY', now, 7 * 24 * 60, berlin, 400],
    // Hourly for a week each: occurrences overlap, and are kept as one.
    ['FREQ=HOURLY', now - 86_400_000, 7 * 24 * 60, berlin, 201],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYHOUR=2;BYMINUTE=0', now, 60, berlin, 201],
  ] as const) {
    const started = performance.now();
    const res = await post('/maintenance-windows', {
      name: rule,
      starts_at: new Date(startsAt).toISOString(),
      rrule: rule,
      duration_minutes: minutes,
      time_zone: zone,
      tags: ['any'],
    });
    const ms = performance.now() - started;
    answers.push({ rule, status: res.status, expected: status, ms, detail: res.body.detail ?? res.body.time_zone });
  }
  const health = await stop();
  console.log(answers.map((a) => `${a.status} in ${a.ms.toFixed(0)} ms: ${a.rule}: ${a.detail}`).join('\n'));
  for (const a of answers) assert.ok(a.ms < ANSWER_BOUND_MS, `${a.rule} answered in ${a.ms.toFixed(0)} ms`);
  const windows = (await as(key).get('/maintenance-windows')).body.data as Json[];
  assert.deepEqual(
    answers.map((a) => `${a.status} ${a.rule}`),
    answers.map((a) => `${a.expected} ${a.rule}`),
  );
  assert.equal(windows.length, 3);
  for (const w of windows.filter((w) => w.name !== 'warm')) {
    assert.equal(w.time_zone, 'Europe/Berlin', 'the zone is stored as Intl names it');
    assert.ok(w.next.length > 0);
  }
  assert.equal(windows.find((w) => w.rrule === 'FREQ=HOURLY')!.active, true);
  assert.equal(health.failures, 0);
  assert.ok(health.longest < HEALTH_BOUND_MS, `/healthz waited ${health.longest.toFixed(0)} ms at the longest`);
});

test('a hostile rule already stored costs a check batch nothing, and the sweep computes what rows from before lack', async () => {
  const hostile = await teamWithKey(env);
  const other = await teamWithKey(env);
  const monitor = async (key: string, tags: string[]) => {
    const res = await as(key).post('/monitors', { type: 'uptime', url: `${site.url}/`, interval_seconds: 1, tags });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id as string;
  };
  // Rows as a replica before this change wrote them: no occurrences, rules that hung rrule.
  const legacy = (teamId: string, rrule: string, tags: string[]) =>
    env.db.maintenanceWindow.create({
      data: {
        id: randomUUIDv7(),
        teamId,
        name: rrule,
        startsAt: new Date(Date.now() - 3_600_000),
        rrule,
        durationMinutes: 180,
        timeZone: 'UTC',
        tags,
      },
    });
  await legacy(hostile.teamId, 'FREQ=HOURLY;BYHOUR=24', ['hung']);
  await legacy(hostile.teamId, 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', ['hung']);
  const daily = await legacy(hostile.teamId, 'FREQ=DAILY', ['held']);
  const hung = await monitor(hostile.key, ['hung']);
  const held = await monitor(hostile.key, ['held']);
  const plain = await monitor(other.key, ['x']);

  const checks = async (key: string, id: string) =>
    (await as(key).get(`/monitors/${id}/checks?limit=100`)).body.data as Json[];
  // The sweep computes the benign row's occurrences: its monitor's checks are then in maintenance.
  await eventually(
    async () => ((await checks(hostile.key, held)).some((c) => c.maintenance === true) ? true : undefined),
    30_000,
    'a check of the monitor under the swept window in maintenance',
  );
  const swept = await env.db.maintenanceWindow.findUniqueOrThrow({ where: { id: daily.id } });
  assert.ok(swept.occurrenceStarts.length >= 14, 'two weeks of daily occurrences, computed by the sweep');
  assert.ok(swept.occurrenceStarts[0]! <= new Date() && swept.occurrenceEnds[0]! > new Date());
  // The batches covering the hostile rules were recorded on time, as the other team's were.
  const since = Date.now();
  await new Promise((r) => setTimeout(r, 5_000));
  const recent = async (key: string, id: string) =>
    (await checks(key, id)).filter((c) => Date.parse(c.at) >= since - 1_000).length;
  const [underHostile, plainCount] = [await recent(hostile.key, hung), await recent(other.key, plain)];
  console.log(`checks in 5 s: under the hostile rules ${underHostile}, another team's ${plainCount}`);
  // Within two: the monitors' phases differ (one slot either way), and a loaded machine skips a slot now and
  // then (5 against 7 in a CI-like run). A batch that hung on the rule, as before issue 44, made none.
  assert.ok(underHostile >= 3 && underHostile >= plainCount - 2, `${underHostile} against ${plainCount}`);
  for (const c of await checks(hostile.key, hung)) assert.equal(c.maintenance, false);
  // The API shows those windows without expanding their rules.
  const listed = (await as(hostile.key).get('/maintenance-windows')).body.data as Json[];
  assert.equal(listed.length, 3);
  assert.deepEqual(
    listed.filter((w) => w.rrule !== 'FREQ=DAILY').map((w) => w.next),
    [[], []],
  );
  for (const id of [hung, held])
    await call(`${api}/monitors/${id}`, { method: 'PATCH', token: hostile.key, body: { paused: true } });
  await call(`${api}/monitors/${plain}`, { method: 'PATCH', token: other.key, body: { paused: true } });
});
