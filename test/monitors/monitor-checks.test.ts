// Issue 29: monitors' uptime checks at scale. Real dispatchers claim due monitors from PostgreSQL (FOR
// UPDATE SKIP LOCKED) on their tick and a real uptime worker runs and records the checks; the rollups
// are compared with a recomputation from the raw checks, and retention drops real partitions.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { after, test } from 'node:test';
import { createPool, type Plan } from '@pageprobe/db';
import { checksBetween, type FinishedCheck, loadSeries, recordChecks, sampleOf } from '@pageprobe/monitors';
import {
  bucketStart,
  CHECK_LEVELS,
  dropExpiredPartitions,
  ensurePartitions,
  LEVELS,
  rollupOf,
  summarise,
} from '@pageprobe/test-lifecycle';
import { startApiInProcess } from '../support/api-in-process.ts';
import { startApp } from '../support/app-process.ts';
import { call } from '../support/http.ts';
import { eventually, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const common = {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_READS_PER_MIN: '100000',
  RATE_LIMIT_WRITES_PER_MIN: '10000',
  SWEEP_INTERVAL_MS: '500',
  MONITOR_MIN_INTERVAL_SECONDS: '1',
};
const { origin } = await startApiInProcess(env, common);
const pool = createPool(env.databaseUrl, { size: 2 });
after(() => pool.end());
const api = `${origin}/api/v1`;
/** Where the alerts recorded here link (nothing is delivered from this file). */
const links = { publicBaseUrl: origin, dashboardBaseUrl: `${origin}/app` };
const { key, teamId } = await teamWithKey(env);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DAY = 24 * 3600_000;

/** Monitors written straight to the table (the API's POST is tested elsewhere), all due now. */
async function monitors(count: number, url: (i: number) => string, intervalSeconds: number, team = teamId) {
  const ids = Array.from({ length: count }, () => randomUUID());
  await env.db.monitor.createMany({
    data: ids.map((id, i) => ({
      id,
      teamId: team,
      type: 'uptime' as const,
      url: url(i),
      device: 'mobile' as const,
      intervalSeconds,
      nextRunAt: new Date(),
    })),
  });
  return ids;
}

/**
 * Pauses the monitors, locking them in id order as recordChecks does: a plain updateMany of 200 rows,
 * locking in whatever order it met them, was PostgreSQL's deadlock victim against the two dispatchers
 * (P2034, twice on a loaded machine). In one order, they wait for each other instead.
 */
const stopAll = (ids: string[]) =>
  env.db.$transaction(async (tx) => {
    await tx.$queryRawUnsafe('SELECT 1 FROM monitors WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', ids);
    return tx.monitor.updateMany({ where: { id: { in: ids } }, data: { status: 'paused', nextRunAt: null } });
  });

test('two dispatchers, 200 monitors at a 2 s interval: every slot runs exactly once, on its grid, none lost', async () => {
  const target = await startServer((_req, res: ServerResponse) => res.writeHead(200).end('ok'));
  const worker = await startApp('worker-uptime', env.appEnv(common));
  const dispatchers = await Promise.all([1, 2].map(() => startApp('callback-dispatcher', env.appEnv(common))));
  const ids = await monitors(200, (i) => `${target.url}/m/${i}`, 2);
  // Eleven seconds of slots from the moment every monitor ran (a cold worker under load starts late).
  await everyMonitorChecked(ids);
  await sleep(11_000);
  await stopAll(ids);
  const stoppedAt = Date.now();
  await everyClaimRecorded(ids);
  await Promise.all([worker.stop(), ...dispatchers.map((d) => d.stop())]);

  const rows = await env.db.$queryRawUnsafe<Array<{ monitor_id: string; at: Date }>>(
    'SELECT monitor_id, at FROM monitoring.checks WHERE monitor_id = ANY($1::uuid[]) ORDER BY monitor_id, at',
    ids,
  );
  const requests = new Map<string, number>();
  for (const r of target.requests) requests.set(r.url, (requests.get(r.url) ?? 0) + 1);
  const skipped = new Map(
    (await env.db.monitor.findMany({ where: { id: { in: ids } } })).map((m) => [m.id, m.skippedRuns]),
  );
  let slots = 0;
  for (const [i, id] of ids.entries()) {
    const own = rows.filter((r) => r.monitor_id === id).map((r) => r.at.getTime());
    slots += own.length;
    // Alive on a loaded machine: the check at creation and two more at least (the slots a busy worker
    // could not take are counted skipped, and assertNoSlotLost holds them to the grid).
    assert.ok(own.length >= 3, `monitor ${i}: ${own.length} checks in 11 s`);
    // Each check the site saw is recorded once, and each recorded check was run once.
    assert.equal(requests.get(`/m/${i}`), own.length, `monitor ${i}: requests = recorded checks`);
    assertNoSlotLost(`monitor ${i}`, own, skipped.get(id)!, 2000, stoppedAt);
  }
  assert.ok(slots >= 200 * 4, `${slots} checks`);
});

/**
 * The last claimed slots finish: each is recorded (running_since cleared) before the apps stop. A fixed
 * second was not always enough under the suite's load (a check the site saw, or a slot claimed and its
 * later ones counted skipped as busy, not yet recorded).
 */
/** Every monitor of `ids` has a check recorded since `since`; a minute at most. */
const everyMonitorChecked = (ids: string[], since = new Date(0)) =>
  eventually(
    async () => {
      const { rows } = await pool.query<{ n: number }>(
        'SELECT count(DISTINCT monitor_id)::int AS n FROM monitoring.checks WHERE monitor_id = ANY($1::uuid[]) AND at > $2',
        [ids, since],
      );
      return rows[0]!.n === ids.length ? true : undefined;
    },
    60_000,
    `every monitor checked since ${since.toISOString()}`,
  );

const everyClaimRecorded = (ids: string[]) =>
  eventually(
    async () =>
      (await env.db.monitor.count({ where: { id: { in: ids }, runningSince: { not: null } } })) === 0
        ? true
        : undefined,
    20_000,
    'every claimed slot recorded',
  );

/**
 * After the first check (at creation), every slot is on the monitor's grid, `intervalMs` apart, and each
 * grid slot was either run or skipped and counted (a cold worker's first checks may outlast a slot); none
 * counted twice: no more slots than the grid had from the creation until the monitors were paused
 * (`stoppedAt`), and the one a claim then in flight took.
 */
function assertNoSlotLost(what: string, own: number[], skipped: number, intervalMs: number, stoppedAt: number) {
  for (let k = 2; k < own.length; k++) assert.equal((own[k]! - own[k - 1]!) % intervalMs, 0, `${what}, slot ${k}`);
  const grid = (own.at(-1)! - own[1]!) / intervalMs + 1;
  const accounted = own.length - 1 + skipped;
  // None lost: every slot of the grid checked or counted skipped. The grid ends at the last check; the
  // slots skipped after it (a loaded worker, before stopAll) are counted too, and are bounded by the pause
  // rather than by a count (three such slots on a machine paging at 50 µs a fault, 2026-11-29).
  const untilPaused = Math.floor((stoppedAt - own[0]!) / intervalMs) + 2;
  assert.ok(
    accounted >= grid && accounted <= untilPaused,
    `${what}: ${accounted} slots for ${grid} (at most ${untilPaused} until paused)`,
  );
}

test('a dispatcher SIGKILLed with its claim open (runs being queued, not committed) loses no run: every slot runs', async () => {
  const target = await startServer((_req, res: ServerResponse) => res.writeHead(200).end('ok'));
  const worker = await startApp('worker-uptime', env.appEnv(common));
  const steady = await startApp('callback-dispatcher', env.appEnv(common));
  const ids = await monitors(300, (i) => `${target.url}/k/${i}`, 2);
  await sleep(4_000); // past the cold worker's first checks
  // The doomed dispatcher's connections carry its name, so its open claim can be seen in pg_stat_activity.
  const CLAIM_OPEN = `SELECT 1 FROM pg_stat_activity WHERE application_name = 'doomed-dispatcher'
    AND (state = 'idle in transaction' OR (state = 'active' AND query LIKE 'WITH due%'))`;
  let kills = 0;
  // Each start takes seconds under load, and the ticks fall to either dispatcher: time enough for three.
  const until = Date.now() + 60_000;
  while (kills < 3 && Date.now() < until) {
    const doomed = await startApp('callback-dispatcher', env.appEnv({ ...common, PGAPPNAME: 'doomed-dispatcher' }));
    while (Date.now() < until && !(await pool.query(CLAIM_OPEN)).rowCount);
    doomed.child.kill('SIGKILL');
    if (Date.now() < until) kills++;
  }
  assert.equal(kills, 3, 'the doomed dispatcher was caught with its claim open three times');
  const lastKill = Date.now();
  // Every monitor checked again after the last kill (a loaded machine may take longer than a few slots),
  // then a few slots more, so that what is lost would show on the grid.
  await everyMonitorChecked(ids, new Date(lastKill));
  await sleep(4_000);
  await stopAll(ids);
  const stoppedAt = Date.now();
  await everyClaimRecorded(ids);
  await Promise.all([worker.stop(), steady.stop()]);

  const rows = await env.db.$queryRawUnsafe<Array<{ monitor_id: string; at: Date }>>(
    'SELECT monitor_id, at FROM monitoring.checks WHERE monitor_id = ANY($1::uuid[]) ORDER BY monitor_id, at',
    ids,
  );
  const skipped = new Map(
    (await env.db.monitor.findMany({ where: { id: { in: ids } } })).map((m) => [m.id, m.skippedRuns]),
  );
  for (const [i, id] of ids.entries()) {
    const own = rows.filter((r) => r.monitor_id === id).map((r) => r.at.getTime());
    assertNoSlotLost(`monitor ${i}`, own, skipped.get(id)!, 2000, stoppedAt);
    // And it kept running: a claim committed without its runs queued would leave the monitor marked in
    // flight, every later slot skipped as busy until the run is taken for lost, ten minutes on.
    assert.ok(
      own.some((at) => at > lastKill),
      `monitor ${i}: no check after the last kill`,
    );
  }
});

test('a check slower than its interval is not doubled: the slots that come meanwhile are skipped and counted', async () => {
  let inFlight = 0;
  let most = 0;
  const slow = await startServer((_req, res: ServerResponse) => {
    most = Math.max(most, ++inFlight);
    setTimeout(() => {
      inFlight--;
      res.writeHead(200).end('slow');
    }, 3_500);
  });
  const worker = await startApp('worker-uptime', env.appEnv(common));
  const dispatcher = await startApp('callback-dispatcher', env.appEnv(common));
  const [id] = await monitors(1, () => `${slow.url}/`, 1);
  // Nine slots from its first check (a cold worker under load may start late).
  await eventually(async () => (slow.requests.length > 0 ? true : undefined), 30_000, 'the first check');
  await sleep(9_000);
  await stopAll([id!]);
  await sleep(4_000);
  await Promise.all([worker.stop(), dispatcher.stop()]);
  assert.equal(most, 1, 'never two checks of the monitor at once');
  const monitor = await env.db.monitor.findUniqueOrThrow({ where: { id: id! } });
  const checks = await checksBetween(env.db, id!, new Date(0), new Date(Date.now() + DAY));
  assert.equal(checks.length, slow.requests.length);
  assert.ok(checks.length >= 2 && checks.length <= 3, `${checks.length} checks of 3.5 s in 9 s`);
  // 9 slots of 1 s came; the ones that found a check in flight were skipped, each counted once.
  assert.ok(monitor.skippedRuns >= 5, `${monitor.skippedRuns} skipped`);
  for (let k = 1; k < checks.length; k++) {
    assert.ok(checks[k]!.slot.getTime() - checks[k - 1]!.slot.getTime() >= 3_500, 'the next check after the slow one');
  }
});

/** A check of `at` with figures drawn from `rand`. */
function checkAt(monitorId: string, plan: Plan, at: Date, rand: () => number): FinishedCheck {
  const up = rand() < 0.85;
  const ms = () => (rand() < 0.1 ? null : Math.round(rand() ** 2 * 2_000));
  return {
    monitorId,
    location: 'default',
    plan,
    slot: at,
    startedAt: new Date(at.getTime() + Math.round(rand() * 300)),
    figures: {
      up,
      reason: up ? null : 'http_error',
      status_code: up ? 200 : 503,
      timings_ms: { dns: ms(), connect: ms(), tls: ms(), first_byte: ms(), download: ms(), total: ms() },
      tls: rand() < 0.5 ? null : { days_remaining: Math.round(rand() * 90) },
    },
    passed: null,
    failing: [],
  };
}

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

test('rollups kept as checks finish equal a recomputation from the raw checks (random sequences, gaps, bucket edges)', async () => {
  const now = Date.now();
  const from = new Date(now - 3 * DAY);
  await ensurePartitions(pool, from, new Date(now + DAY));
  for (let seed = 1; seed <= 12; seed++) {
    const rand = random(seed);
    const plan: Plan = seed % 2 ? 'pro' : 'free';
    const [id] = await monitors(1, () => 'http://127.0.0.1:9/', 60);
    await stopAll([id!]);
    // Times cluster around minute, hour and day edges, with gaps; some slots repeat (a check run twice).
    const times: number[] = [];
    let t = from.getTime() + Math.floor(rand() * DAY);
    for (let k = 0; k < 80; k++) {
      const edge = [60_000, 3600_000, DAY][Math.floor(rand() * 3)]!;
      t = rand() < 0.3 ? Math.ceil(t / edge) * edge - (rand() < 0.5 ? 1 : 0) : t + Math.floor(rand() * 5 * 60_000);
      if (t >= now) break;
      times.push(t);
      if (rand() < 0.1) times.push(t);
    }
    const checks = times.map((at) => checkAt(id!, plan, new Date(at), rand));
    // Recorded in random batches, concurrently, as worker processes would.
    const batches: FinishedCheck[][] = [];
    for (let i = 0; i < checks.length; ) {
      const size = 1 + Math.floor(rand() * 15);
      batches.push(checks.slice(i, i + size));
      i += size;
    }
    await Promise.all(batches.map((b) => recordChecks(env.db, b, links)));

    const raw = await checksBetween(env.db, id!, from, new Date(now + DAY));
    assert.equal(raw.length, new Set(times).size, `seed ${seed}: one row a slot`);
    // The minute level is the raw checks themselves (no rows of their own), grouped when read.
    const minuteRows = await pool.query('SELECT 1 FROM monitoring.rollups_minute WHERE monitor_id = $1', [id]);
    assert.equal(minuteRows.rowCount, 0, `seed ${seed}: no minute rollups for uptime checks`);
    const byMinute = new Map<number, FinishedCheck[]>();
    for (const c of raw) {
      const b = bucketStart(LEVELS[0], c.slot).getTime();
      byMinute.set(b, [...(byMinute.get(b) ?? []), c]);
    }
    const monitor = await env.db.monitor.findUniqueOrThrow({ where: { id: id! } });
    for (const [at] of byMinute) {
      const series = await loadSeries(env.db, monitor, 'total_ms', new Date(at), new Date(at + 59_999));
      assert.equal(series.resolution, 'minute');
      const summary = summarise(rollupOf(byMinute.get(at)!.map(sampleOf)), 'total_ms');
      assert.deepEqual(
        series.points,
        summary ? [{ at: new Date(at), ...summary }] : [],
        `seed ${seed}, minute ${new Date(at).toISOString()}`,
      );
    }
    // One location's series: grouped in PostgreSQL from the raw checks (issue 44), equal to a recomputation.
    const byHour = new Map<number, FinishedCheck[]>();
    for (const c of raw) {
      const b = bucketStart(LEVELS[1], c.slot).getTime();
      byHour.set(b, [...(byHour.get(b) ?? []), c]);
    }
    for (const metric of ['total_ms', 'up', 'certificate_days_remaining']) {
      const located = await loadSeries(env.db, monitor, metric, from, new Date(now), 'default');
      assert.equal(located.resolution, 'hour');
      assert.deepEqual(
        located.points,
        [...byHour].flatMap(([at, cs]) => {
          const summary = summarise(rollupOf(cs.map(sampleOf)), metric);
          return summary ? [{ at: new Date(at), ...summary }] : [];
        }),
        `seed ${seed}, ${metric} by location`,
      );
    }
    for (const level of CHECK_LEVELS) {
      const stored = await env.db.$queryRawUnsafe<
        Array<{ at: Date; n: number; ok: number; stats: object; hist: object }>
      >(`SELECT at, n, ok, stats, hist FROM ${level.table} WHERE monitor_id = $1::uuid ORDER BY at`, id);
      const expected = new Map<number, FinishedCheck[]>();
      for (const c of raw) {
        const b = bucketStart(level, c.slot).getTime();
        expected.set(b, [...(expected.get(b) ?? []), c]);
      }
      assert.deepEqual(
        stored.map((r) => ({ at: r.at.getTime(), n: r.n, ok: r.ok, stats: r.stats, hist: r.hist })),
        [...expected.entries()].map(([at, cs]) => ({ at, ...rollupOf(cs.map(sampleOf)) })),
        `seed ${seed}, ${level.name}`,
      );
    }
  }
});

test('after retention drops a partition, the rollups still answer: uptime, series, and the checks list ends there', async () => {
  const free = await teamWithKey(env, { plan: 'free' });
  const [id] = await monitors(1, () => 'http://127.0.0.1:9/', 300, free.teamId);
  await stopAll([id!]);
  const now = new Date();
  const old = new Date(now.getTime() - 10 * DAY); // past the free plan's 7 days of raw checks
  await ensurePartitions(pool, old, now);
  const rand = random(7);
  const checks = Array.from({ length: 12 }, (_, k) =>
    checkAt(id!, 'free', new Date(old.getTime() + k * 300_000), rand),
  );
  checks.forEach((c, k) => {
    c.figures.up = k % 4 !== 0;
    c.figures.reason = c.figures.up ? null : 'timeout';
  });
  await recordChecks(env.db, checks, links);
  const before = await call<{ data: unknown[] }>(`${api}/monitors/${id}/checks?limit=100`, { token: free.key });
  assert.equal(before.body.data.length, 12);

  const dropped = await dropExpiredPartitions(pool, now);
  assert.ok(
    dropped.some((name) => name.startsWith('checks_free_p')),
    dropped.join(', '),
  );
  assert.ok(!dropped.some((name) => name.startsWith('rollups_hour')), 'hourly rollups are kept 90 days');
  const after = await call<{ data: unknown[] }>(`${api}/monitors/${id}/checks?limit=100`, { token: free.key });
  assert.deepEqual(after.body.data, [], 'the raw checks are gone with their partition');

  const view = await call<{ uptime_percent: Record<string, number | null> }>(`${api}/monitors/${id}`, {
    token: free.key,
  });
  assert.equal(view.status, 200);
  assert.deepEqual(view.body.uptime_percent, { '24h': null, '7d': null, '30d': 75, '90d': 75 });
  const series = await call<{ resolution: string; points: Array<{ value: number; count: number }> }>(
    `${api}/monitors/${id}/series?metric=up&from=${new Date(now.getTime() - 20 * DAY).toISOString()}`,
    { token: free.key },
  );
  assert.equal(series.status, 200, JSON.stringify(series.body));
  assert.equal(series.body.resolution, 'hour');
  assert.equal(
    series.body.points.reduce((n, p) => n + p.count, 0),
    12,
  );
});

test('GET /monitors/{id}/checks: newest first, keyset pages, each check once', async () => {
  const [id] = await monitors(1, () => 'http://127.0.0.1:9/', 60);
  await stopAll([id!]);
  const now = Date.now();
  await ensurePartitions(pool, new Date(now - DAY), new Date(now));
  const rand = random(3);
  await recordChecks(
    env.db,
    Array.from({ length: 45 }, (_, k) => checkAt(id!, 'pro', new Date(now - (k + 1) * 60_000), rand)),
    links,
  );
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { status: number; body: { data: Array<{ slot: string; up: boolean }>; next_cursor: string | null } } =
      await call(`${api}/monitors/${id}/checks?limit=20${cursor ? `&cursor=${cursor}` : ''}`, { token: key });
    assert.equal(page.status, 200, JSON.stringify(page.body));
    seen.push(...page.body.data.map((c) => c.slot));
    cursor = page.body.next_cursor;
  } while (cursor);
  assert.equal(seen.length, 45);
  assert.deepEqual(seen, [...seen].sort().reverse(), 'newest first');
  assert.equal(new Set(seen).size, 45);
  const bad = await call(`${api}/monitors/${id}/checks?cursor=nonsense`, { token: key });
  assert.equal(bad.status, 400);
});
