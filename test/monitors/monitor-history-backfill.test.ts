// Issue 29 on an upgraded deployment: before it, a monitor's runs were tests, its uptime checks included.
// A real dispatcher's sweep carries each older monitor's runs into the rollups (and an uptime monitor's
// into its raw checks, as far as its plan keeps them) once, and the API's history answers from them.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { createPool, DAY_MS } from '@pageprobe/db';
import { backfillHistory, checksBetween } from '@pageprobe/monitors';
import { bucketStart, CHECK_LEVELS, rollupOf, runFailureOf, runSampleOf } from '@pageprobe/test-lifecycle';
import { startApiInProcess } from '../support/api-in-process.ts';
import { call } from '../support/http.ts';
import { eventually } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

const env = await createTestEnv();
const common = { SWEEP_INTERVAL_MS: '500', RATE_LIMIT_READS_PER_MIN: '100000' };
const { origin } = await startApiInProcess(env, common);
const pool = createPool(env.databaseUrl, { size: 2 });
const api = `${origin}/api/v1`;

const monitorRow = (teamId: string, type: 'uptime' | 'lighthouse') => ({
  teamId,
  type,
  url: 'https://example.com/',
  device: 'mobile' as const,
  intervalSeconds: 3600,
  nextRunAt: null,
});

/** A monitor's finished run as the code before issue 29 stored it. */
const testRow = (teamId: string, monitorId: string, type: 'uptime' | 'lighthouse', at: Date) => ({
  teamId,
  monitorId,
  type,
  url: 'https://example.com/',
  device: 'mobile' as const,
  status: 'completed' as const,
  reportToken: randomBytes(32).toString('base64url'),
  createdAt: at,
  startedAt: at,
  completedAt: at,
});

test('monitors made before issue 29 keep their history: old uptime runs become raw checks and rollups, other kinds’ rollups at every level, once', async () => {
  const free = await teamWithKey(env, { plan: 'free' });
  const { rows } = await pool.query<{ at: Date }>(
    "SELECT finished_at AS at FROM _prisma_migrations WHERE migration_name = '20261127000000_monitor_checks'",
  );
  const cutoff = rows[0]!.at;
  const now = new Date();
  const old = await env.db.monitor.create({
    data: { ...monitorRow(free.teamId, 'uptime'), createdAt: new Date(cutoff.getTime() - 30 * DAY_MS) },
  });
  // Its runs as the code before issue 29 stored them: an uptime test an hour, one in four down, over 20
  // days (the free plan keeps 7 days of raw checks and 90 of rollups), and a run failed through our fault.
  const tests = Array.from({ length: 20 * 24 }, (_, k) => {
    const at = new Date(cutoff.getTime() - 20 * DAY_MS + k * 3600_000 + 1800_000); // half past: far from the 7-day edge
    const up = k % 4 !== 0;
    return {
      ...testRow(free.teamId, old.id, 'uptime', at),
      result: {
        up,
        reason: up ? null : 'timeout',
        status_code: up ? 200 : null,
        timings_ms: { dns: 2, connect: 5, tls: 9, first_byte: 40 + (k % 13), download: 3, total: 60 + (k % 17) },
        tls: { days_remaining: 80 },
      },
    };
  });
  const ours = { ...tests[5]!, status: 'failed' as const, errorCode: 'internal_error', result: undefined };
  await env.db.test.createMany({ data: [...tests, { ...ours, reportToken: randomBytes(32).toString('base64url') }] });
  // A lighthouse monitor's old runs go to every level, the minute's included (they have no raw checks).
  const lighthouse = await env.db.monitor.create({
    data: { ...monitorRow(free.teamId, 'lighthouse'), createdAt: new Date(cutoff.getTime() - 30 * DAY_MS) },
  });
  await env.db.test.createMany({
    data: [50, 70, 90].map((score, k) => {
      const at = new Date(cutoff.getTime() - 3 * DAY_MS + k * 3600_000);
      return {
        ...testRow(free.teamId, lighthouse.id, 'lighthouse', at),
        performanceScore: score,
        scores: { performance: score },
        // Issue 34: the page's own User Timing, plotted as user_timing:<name>.
        result: { user_timings: [{ name: 'boot', kind: 'measure', start_ms: 5, duration_ms: score * 10 }] },
      };
    }),
  });
  // A monitor made after the cutoff has nothing to carry over and is never looked at.
  const fresh = await env.db.monitor.create({ data: monitorRow(free.teamId, 'uptime') });

  const dispatcher = await startInProcess('callback-dispatcher', env.appEnv(common));
  // Both old monitors, one after the other in a sweep: stopped after the first, the dispatcher would
  // leave the second to the pass below.
  await eventually(
    async () =>
      (
        await pool.query('SELECT 1 FROM monitoring.history_backfilled WHERE monitor_id = ANY($1::uuid[])', [
          [old.id, lighthouse.id],
        ])
      ).rowCount === 2
        ? true
        : undefined,
    30_000,
    'the dispatcher’s sweep backfilled the old monitors',
  );
  await dispatcher.stop();
  assert.equal(await backfillHistory(env.db, pool), 0, 'a second pass finds nothing left: nothing counted twice');
  const listed = await pool.query('SELECT monitor_id FROM monitoring.history_backfilled WHERE monitor_id = $1', [
    fresh.id,
  ]);
  assert.equal(listed.rowCount, 0, 'the monitor made after the cutoff was not looked at');

  // Raw checks: the completed runs within the free plan's 7 days, as they were.
  const rawFrom = now.getTime() - 7 * DAY_MS;
  const stored = await env.db.test.findMany({ where: { monitorId: old.id }, orderBy: { createdAt: 'asc' } });
  const raw = await checksBetween(env.db, old.id, new Date(0), now);
  const kept = tests.filter((t) => t.createdAt.getTime() >= rawFrom);
  assert.equal(raw.length, kept.length);
  assert.deepEqual(
    raw.map((c) => [c.slot.getTime(), c.figures.up, c.figures.timings_ms.total]),
    kept.map((t) => [t.createdAt.getTime(), t.result.up, t.result.timings_ms.total]),
  );

  // Rollups: hour and day equal a recomputation from the old runs (the one failed through our fault left out).
  const runs = stored.flatMap((t) => {
    const failure = runFailureOf(t);
    return failure === undefined ? [] : [runSampleOf(t, failure)];
  });
  assert.equal(runs.length, tests.length);
  for (const level of CHECK_LEVELS) {
    const rollups = await env.db.$queryRawUnsafe<Array<{ at: Date; n: number; ok: number; stats: object }>>(
      `SELECT at, n, ok, stats FROM ${level.table} WHERE monitor_id = $1::uuid ORDER BY at`,
      old.id,
    );
    const expected = new Map<number, typeof runs>();
    for (const r of runs) {
      const b = bucketStart(level, r.at).getTime();
      expected.set(b, [...(expected.get(b) ?? []), r]);
    }
    assert.deepEqual(
      rollups.map((r) => ({ at: r.at.getTime(), n: r.n, ok: r.ok, stats: r.stats })),
      [...expected].map(([at, rs]) => {
        const { n, ok, stats } = rollupOf(rs);
        return { at, n, ok, stats };
      }),
      level.name,
    );
  }

  // What the API answers from them: three runs in four were up.
  const scores = await pool.query<{ level: string; n: number; min: number; max: number }>(
    `SELECT level, sum(n)::int AS n, min((stats->'performance_score'->>1)::int) AS min,
       max((stats->'performance_score'->>3)::int) AS max
     FROM (SELECT 'minute' AS level, * FROM monitoring.rollups_minute UNION ALL
           SELECT 'hour', * FROM monitoring.rollups_hour UNION ALL SELECT 'day', * FROM monitoring.rollups_day) r
     WHERE monitor_id = $1 GROUP BY level ORDER BY level`,
    [lighthouse.id],
  );
  assert.deepEqual(
    scores.rows,
    ['day', 'hour', 'minute'].map((level) => ({ level, n: 3, min: 50, max: 90 })),
  );

  // A lighthouse monitor's series of a User Timing its page records; a name it never recorded is empty.
  const since = new Date(cutoff.getTime() - 4 * DAY_MS).toISOString();
  const boot = await call<{ metric: string; points: Array<{ count: number; min: number; max: number }> }>(
    `${api}/monitors/${lighthouse.id}/series?metric=user_timing:boot&from=${since}`,
    { token: free.key },
  );
  assert.equal(boot.status, 200, JSON.stringify(boot.body));
  assert.equal(boot.body.metric, 'user_timing:boot');
  assert.deepEqual(
    boot.body.points.map((p) => [p.count, p.min, p.max]),
    [
      [1, 500, 500],
      [1, 700, 700],
      [1, 900, 900],
    ],
  );
  const none = await call<{ points: unknown[] }>(
    `${api}/monitors/${lighthouse.id}/series?metric=user_timing:never&from=${since}`,
    { token: free.key },
  );
  assert.deepEqual([none.status, none.body.points], [200, []]);
  const onUptime = await call(`${api}/monitors/${old.id}/series?metric=user_timing:boot`, { token: free.key });
  assert.equal(onUptime.status, 400, 'an uptime monitor has no User Timing');

  const view = await call<{ uptime_percent: Record<string, number | null> }>(`${api}/monitors/${old.id}`, {
    token: free.key,
  });
  assert.equal(view.status, 200);
  assert.equal(view.body.uptime_percent['30d'], 75);
  const series = await call<{ resolution: string; points: Array<{ count: number }> }>(
    `${api}/monitors/${old.id}/series?metric=total_ms&from=${new Date(now.getTime() - 25 * DAY_MS).toISOString()}`,
    { token: free.key },
  );
  assert.equal(series.status, 200, JSON.stringify(series.body));
  assert.equal(
    series.body.points.reduce((n, p) => n + p.count, 0),
    tests.length,
  );
});
