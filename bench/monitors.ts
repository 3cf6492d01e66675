import { readdirSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDb, createPool, DAY_MS, type Pool } from '@pageprobe/db';
import { jobs, openQueue } from '@pageprobe/jobs';
import { freePort, sleep, statFields } from '@pageprobe/local-services';
import { type FinishedCheck, recordChecks, runTick } from '@pageprobe/monitors';
import { ensurePartitions } from '@pageprobe/test-lifecycle';
import { type AppProcess, spawnApp, teamWithKey } from '@pageprobe/testing';
import { Redis } from 'ioredis';
import { appEnv, type BenchServices } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 29's scenario: monitors at scale on the 2-core machine.
// 1. BENCH_MONITORS (10,000) uptime monitors at 60 s against a local 200 target for BENCH_MONITORS_MINUTES
//    (10; the first interval is warm-up), in one team and then spread over 1,000 (BENCH_MONITOR_TEAMS,
//    "1,1000"), each set-up with a dispatcher and worker of its own: runs due vs happened, lateness, CPU
//    per check of everything but the API and the target, PostgreSQL bytes per check, Redis bytes per
//    monitor, the check queue's backlog over time.
// 2. Reads of one monitor with BENCH_FILL_DAYS (90) days of 1-minute checks, and the list of the big team;
//    its page over each range and a status page showing it (issue 30), beside the monitor's JSON.
// 3. 1,000 lighthouse monitors due at once: one tick's scheduling cost, nobody consuming.

const INTERVAL_S = 60;
const PREFIX = 'bench-monitors';
const TICK_PREFIX = 'bench-monitors-tick';
const SAMPLE_MS = 30_000;
const CLK_TCK = 100; // `getconf CLK_TCK` on Linux

export async function monitorsBench(services: BenchServices) {
  const count = Number(process.env.BENCH_MONITORS ?? 10_000);
  const minutes = Number(process.env.BENCH_MONITORS_MINUTES ?? 10);
  const fillDays = Number(process.env.BENCH_FILL_DAYS ?? 90);
  // The set-ups of issue 29: every monitor in one team, then spread over 1,000 teams ('' or 0: reads only).
  const setUps = (process.env.BENCH_MONITOR_TEAMS ?? '1,1000')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  if (minutes < 2) throw new Error('BENCH_MONITORS_MINUTES must be at least 2 (the first is warm-up)');

  const target = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  target.listen(0, '127.0.0.1');
  await once(target, 'listening');
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;

  const pool = createPool(services.databaseUrl, { size: 4 });
  const db = createDb(services.databaseUrl, { pool });
  const redis = new Redis(services.redisUrl, { maxRetriesPerRequest: null });
  const { teamId, key } = await teamWithKey(db, { name: 'bench monitors', plan: 'pro' });

  const port = await freePort();
  const env = appEnv(services, port, {
    ALLOW_PRIVATE_TARGETS: 'true',
    MONITOR_MIN_INTERVAL_SECONDS: '1',
    QUEUE_PREFIX: PREFIX,
  });
  const origin = `http://127.0.0.1:${port}`;
  progress('starting the API');
  const api = await spawnApp('api', env, { readyUrl: `${origin}/healthz` });
  try {
    const fleets: string[] = [];
    for (const teams of setUps) {
      const teamIds = teams === 1 ? [teamId] : await manyTeams(db, teams);
      fleets.push(await fleetRun({ env, pool, db, redis, teamIds, count, minutes, targetUrl }));
    }
    const reads = await readFigures(db, pool, origin, key, teamId, targetUrl, fillDays);
    const tick = await tickFigures(db, pool, redis);
    return [...fleets, reads, tick].join('\n\n');
  } finally {
    await api.stop();
    redis.disconnect();
    await db.$disconnect();
    await pool.end().catch(() => {});
    target.close();
  }
}

interface FleetOptions {
  env: NodeJS.ProcessEnv;
  pool: Pool;
  db: ReturnType<typeof createDb>;
  redis: Redis;
  /** The monitors are dealt over these teams in turn. */
  teamIds: string[];
  count: number;
  minutes: number;
  targetUrl: string;
}

/** Teams made straight in the table (the admin API is tested elsewhere), for monitors spread over many. */
async function manyTeams(db: ReturnType<typeof createDb>, n: number): Promise<string[]> {
  const teams = await db.team.createManyAndReturn({
    data: Array.from({ length: n }, (_, i) => ({ name: `bench team ${i}`, plan: 'pro' as const })),
    select: { id: true },
  });
  return teams.map((t) => t.id);
}

/** One set-up: a dispatcher and an uptime worker of its own, the monitors inserted, run and measured, then paused. */
async function fleetRun({ env, pool, db, redis, teamIds, count, minutes, targetUrl }: FleetOptions) {
  const checksQueue = openQueue(jobs.monitorChecks, { connection: redis, prefix: PREFIX });
  const apps: AppProcess[] = [];
  progress(`${teamIds.length} team(s): starting the callback-dispatcher and one uptime worker`);
  try {
    const dispatcher = await spawnApp('callback-dispatcher', { ...env, LOG_LEVEL: 'info' }, { discardOutput: true });
    apps.push(dispatcher);
    const worker = await spawnApp(
      'worker-uptime',
      { ...env, LOG_LEVEL: 'info' },
      { ready: /worker-uptime ready/, discardOutput: true },
    );
    apps.push(worker);

    // The processes whose CPU counts: the uptime worker, the dispatcher, Redis and every PostgreSQL process.
    const postmaster = ppidOf((await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
    const redisPid = Number(/process_id:(\d+)/.exec(await redis.info('server'))![1]);
    const cpu = () => ({
      worker: ticksOf(worker.child.pid!),
      dispatcher: ticksOf(dispatcher.child.pid!),
      redis: ticksOf(redisPid),
      postgres: postgresTicks(postmaster),
    });

    // Redis at rest, before: the apps running (the tick's scheduler in place), no monitors yet.
    await sleep(1_000);
    const redisBefore = await usedMemory(redis);
    // What the processes cost with no monitors at all (ticks, sweeps): the fixed part of the cost.
    const idleS = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
    progress(`idle for ${idleS} s, no monitors: the fixed CPU cost`);
    const idle0 = cpu();
    const idleT0 = performance.now();
    await sleep(idleS * 1000);
    const idle1 = cpu();
    const idleWindowS = (performance.now() - idleT0) / 1000;
    const idleCores = (sumTicks(idle1) - sumTicks(idle0)) / CLK_TCK / idleWindowS;
    const idleBy = (Object.keys(idle1) as Array<keyof typeof idle1>)
      .map((k) => `${k} ${((idle1[k] - idle0[k]) / CLK_TCK / idleWindowS).toFixed(3)}`)
      .join(', ');

    // ── 1. The fleet ─────────────────────────────────────────────────────────────────────────────────
    progress(`inserting ${count} uptime monitors (interval ${INTERVAL_S} s, due now, phases spread by default)`);
    for (let i = 0; i < count; i += 2_000) {
      await db.monitor.createMany({
        data: Array.from({ length: Math.min(2_000, count - i) }, (_, j) => ({
          teamId: teamIds[(i + j) % teamIds.length]!,
          type: 'uptime' as const,
          url: `${targetUrl}?m=${i + j}`,
          device: 'mobile' as const,
          intervalSeconds: INTERVAL_S,
          nextRunAt: new Date(),
        })),
      });
    }
    const inserted = Date.now();
    const w0 = inserted + INTERVAL_S * 1000;
    const w1 = inserted + minutes * 60_000;

    const backlog: Array<{ at: number; n: number }> = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const c = await checksQueue.getJobCounts('waiting', 'active');
        backlog.push({ at: Date.now() - inserted, n: (c.waiting ?? 0) + (c.active ?? 0) });
        const next = inserted + backlog.length * SAMPLE_MS;
        while (sampling && Date.now() < next) await sleep(Math.min(500, next - Date.now()));
      }
    })();

    const skippedSum = async () =>
      Number(
        (
          await pool.query('SELECT coalesce(sum(skipped_runs), 0) AS n FROM monitors WHERE team_id = ANY($1)', [
            teamIds,
          ])
        ).rows[0].n,
      );
    progress(`warm-up: the first interval (${INTERVAL_S} s)`);
    await sleep(w0 - Date.now());
    const cpu0 = cpu();
    const t0 = performance.now();
    const skipped0 = await skippedSum();
    progress(`measuring ${minutes - 1} min (backlog sampled every ${SAMPLE_MS / 1000} s)`);
    await sleep(w1 - Date.now());
    const cpu1 = cpu();
    const windowS = (performance.now() - t0) / 1000;
    const skipped1 = await skippedSum();

    // The window's last checks finish, then the figures.
    progress('waiting for the checks of the window to be recorded');
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const inFlight = await pool.query(
        'SELECT count(*)::int AS n FROM monitors WHERE team_id = ANY($1) AND running_since < $2',
        [teamIds, new Date(w1)],
      );
      if (inFlight.rows[0].n === 0) break;
      await sleep(500);
    }
    sampling = false;
    await sampler;

    const fleet = await fleetFigures(pool, teamIds, inserted, w0, w1);
    const cpuDelta = Object.fromEntries(
      Object.entries(cpu1).map(([k, v]) => [k, (v - cpu0[k as keyof typeof cpu0]) / CLK_TCK]),
    ) as Record<keyof typeof cpu1, number>;
    const cpuTotal = Object.values(cpuDelta).reduce((a, b) => a + b, 0);
    const perCheck = (s: number) => ((s * 1000) / Math.max(1, fleet.happened)).toFixed(3);

    // Redis at rest, after: no more ticks, the check queue drained.
    progress('Redis at rest: the dispatcher stopped, the check queue drained');
    await dispatcher.stop();
    for (let i = 0; i < 120; i++) {
      const c = await checksQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      if (Object.values(c).every((n) => !n)) break;
      await sleep(500);
    }
    await sleep(1_000);
    const redisAfter = await usedMemory(redis);
    const redisKeys = await keysBySize(redis, `${PREFIX}:*`);
    await worker.stop();
    await pool.query(`UPDATE monitors SET status = 'paused', next_run_at = NULL WHERE team_id = ANY($1)`, [teamIds]);

    const bytes = await storageFigures(pool);
    const due = fleet.due;
    const fleetTable = table(
      [
        `${count} uptime monitors at ${INTERVAL_S} s in ${teamIds.length} team(s), ${minutes - 1} min measured`,
        'value',
        'goal',
      ],
      [
        ['runs due in the window (grid slots)', due, ''],
        [
          'runs happened (checks recorded)',
          `${fleet.happened} (${((fleet.happened / Math.max(1, due)) * 100).toFixed(2)} %)`,
          '≥ 99.9 % of due',
        ],
        ['  of them off their grid (run late after an outage)', fleet.offGrid, ''],
        ['slots skipped (run before still in flight)', skipped1 - skipped0, ''],
        ['lateness (slot → start) p50 / p99 / max (ms)', `${fleet.delay50} / ${fleet.delay99} / ${fleet.delayMax}`, ''],
        ['p99 |gap − interval| between starts of consecutive checks (ms)', fleet.gap99, '< 2000'],
        ['p99 slot → check end, delay + duration (ms)¹', fleet.end99, '< 2000'],
        [
          'CPU per check (ms): worker / dispatcher / Redis / PostgreSQL',
          `${perCheck(cpuDelta.worker)} / ${perCheck(cpuDelta.dispatcher)} / ${perCheck(cpuDelta.redis)} / ${perCheck(cpuDelta.postgres)}`,
          '',
        ],
        ['CPU per check, those summed (ms)', perCheck(cpuTotal), '≤ 2'],
        ['cores used by those', (cpuTotal / windowS).toFixed(2), '< 1'],
        [
          '  of which fixed: cores they use idle, no monitors (ticks, sweeps)',
          `${idleCores.toFixed(3)} (${perCheck(idleCores * windowS)} ms a check at this N; ${idleBy})`,
          '',
        ],
        [
          'PostgreSQL bytes per raw check (monitoring.checks partitions holding rows ÷ rows)³',
          `${bytes.checksPerRow} (${bytes.rows} rows, ${kib(bytes.checks)})`,
          '≤ 200',
        ],
        ['  of which table / index (primary key)', `${bytes.heapPerRow} / ${bytes.indexPerRow}`, ''],
        [
          '  rollups (minute, hour, day; partitions holding rows) bytes per check',
          `${bytes.rollupsPerRow} (${kib(bytes.rollups)}; minute rows ${bytes.minuteRows})`,
          '',
        ],
        [
          'PostgreSQL bytes per monitor of its last exchange (monitoring.last_exchanges ÷ its rows)',
          `${bytes.exchanges ? Math.round(bytes.exchangeBytes / bytes.exchanges) : '-'} (${bytes.exchanges} rows, ${kib(bytes.exchangeBytes)})`,
          '',
        ],
        [
          'Redis bytes per monitor at rest (used_memory after − before, ÷ N)²',
          `${Math.round((redisAfter - redisBefore) / count)} (${kib(redisAfter - redisBefore)})`,
          '≤ 1024',
        ],
      ],
    );
    const notes = [
      '¹ The recording’s batch wait (≤ 50 ms plus its transaction) is not in it.',
      `² Largest keys under ${PREFIX}: at rest: ${redisKeys.map((k) => `${k.key} ${kib(k.bytes)}`).join(', ') || 'none'}.`,
      `³ Empty partitions (made days ahead, about ${kib(bytes.empty)} in all) left out; with them: ${bytes.withEmptyPerRow} B a check.`,
      `Backlog of monitor-checks (waiting + active), every ${SAMPLE_MS / 1000} s from the insert: ${sparkline(backlog.map((b) => b.n))}`,
      `  ${backlog.map((b) => `${Math.round(b.at / 1000)}s:${b.n}`).join(' ')}`,
    ].join('\n');

    return [fleetTable, notes].join('\n\n');
  } finally {
    await Promise.all(apps.map((a) => a.stop()));
    await checksQueue.close();
  }
}

/** Due slots, recorded checks and their timings for the monitors of `teamIds` in [w0, w1). */
export async function fleetFigures(pool: Pool, teamIds: string[], inserted: number, w0: number, w1: number) {
  const { rows: monitors } = await pool.query<{ phase_ms: number; interval_seconds: number }>(
    `SELECT phase_ms, interval_seconds FROM monitors WHERE team_id = ANY($1) AND status = 'active'`,
    [teamIds],
  );
  let due = 0;
  for (const m of monitors) {
    const i = m.interval_seconds * 1000;
    const p = m.phase_ms % i;
    due += Math.ceil((w1 - p) / i) - Math.ceil((w0 - p) / i);
  }
  // Gaps pair each check of the window with the one before it, the warm-up's included except each
  // monitor's first run (its slot is the insert time, off its grid).
  const { rows } = await pool.query(
    `WITH all_c AS (
       SELECT c.at, c.delay_ms, c.total_ms, m.interval_seconds, m.phase_ms,
         c.at + c.delay_ms * interval '1 ms' - lag(c.at + c.delay_ms * interval '1 ms') OVER (PARTITION BY c.monitor_id ORDER BY c.at) AS gap
       FROM monitoring.checks c JOIN monitors m ON m.id = c.monitor_id
       WHERE m.team_id = ANY($1) AND c.at > $4 AND c.at < $3),
     c AS (
       SELECT *, (extract(epoch FROM at) * 1000)::bigint % (interval_seconds * 1000) <> phase_ms::bigint % (interval_seconds * 1000) AS off_grid
       FROM all_c WHERE at >= $2)
     SELECT count(*)::int AS happened, count(*) FILTER (WHERE off_grid)::int AS off_grid,
       percentile_disc(0.5) WITHIN GROUP (ORDER BY delay_ms) AS delay50,
       percentile_disc(0.99) WITHIN GROUP (ORDER BY delay_ms) AS delay99,
       max(delay_ms) AS delay_max,
       percentile_disc(0.99) WITHIN GROUP (ORDER BY abs(extract(epoch FROM gap) * 1000 - interval_seconds * 1000))
         FILTER (WHERE gap IS NOT NULL) AS gap99,
       count(gap)::int AS gaps,
       percentile_disc(0.99) WITHIN GROUP (ORDER BY delay_ms + coalesce(total_ms, 0)) AS end99
     FROM c`,
    [teamIds, new Date(w0), new Date(w1), new Date(inserted)],
  );
  const r = rows[0];
  return {
    due,
    happened: r.happened as number,
    offGrid: r.off_grid as number,
    delay50: r.delay50 ?? '-',
    delay99: r.delay99 ?? '-',
    delayMax: r.delay_max ?? '-',
    gap99: r.gap99 === null ? '-' : `${Math.round(Number(r.gap99))} (${r.gaps} pairs)`,
    end99: r.end99 ?? '-',
  };
}

/**
 * On-disk size (table, indexes, TOAST) of the raw checks' partitions that hold rows, and of the rollups.
 * Empty partitions (made ahead of time) are counted apart: a fixed cost, not one per check.
 */
async function storageFigures(pool: Pool) {
  const leaves = async (table: string) =>
    (
      await pool.query<{ name: string; total: string; heap: string; index: string }>(
        `SELECT relid::regclass::text AS name, pg_total_relation_size(relid) AS total,
           pg_relation_size(relid) AS heap, pg_indexes_size(relid) AS index
         FROM pg_partition_tree($1::regclass) WHERE isleaf`,
        [table],
      )
    ).rows;
  let rows = 0;
  let checks = 0;
  let heap = 0;
  let index = 0;
  let empty = 0;
  for (const leaf of await leaves('monitoring.checks')) {
    const n = Number((await pool.query(`SELECT count(*) AS n FROM ${leaf.name}`)).rows[0].n);
    if (n === 0) {
      empty += Number(leaf.total);
      continue;
    }
    rows += n;
    checks += Number(leaf.total);
    heap += Number(leaf.heap);
    index += Number(leaf.index);
  }
  let rollups = 0;
  for (const table of ['monitoring.rollups_minute', 'monitoring.rollups_hour', 'monitoring.rollups_day']) {
    for (const leaf of await leaves(table)) {
      if (Number(leaf.heap) > 0) rollups += Number(leaf.total);
    }
  }
  const minuteRows = Number((await pool.query('SELECT count(*) AS n FROM monitoring.rollups_minute')).rows[0].n);
  const per = (bytes: number) => (rows ? Math.round(bytes / rows) : '-');
  // Issue 60: each monitor's last request and response, one row a monitor (bounded by the monitors, not the checks).
  const last = (
    await pool.query<{ n: string; total: string }>(
      `SELECT count(*) AS n, pg_total_relation_size('monitoring.last_exchanges') AS total FROM monitoring.last_exchanges`,
    )
  ).rows[0]!;
  return {
    exchanges: Number(last.n),
    exchangeBytes: Number(last.total),
    rows,
    checks,
    empty,
    minuteRows,
    rollups,
    checksPerRow: per(checks),
    heapPerRow: per(heap),
    indexPerRow: per(index),
    withEmptyPerRow: per(checks + empty),
    rollupsPerRow: per(rollups),
  };
}

async function readFigures(
  db: ReturnType<typeof createDb>,
  pool: Pool,
  origin: string,
  key: string,
  teamId: string,
  targetUrl: string,
  days: number,
) {
  const monitor = await db.monitor.create({
    data: { teamId, type: 'uptime', url: targetUrl, device: 'mobile', intervalSeconds: 60, nextRunAt: null },
  });
  const now = Date.now();
  const last = Math.floor(now / 60_000) * 60_000 - 60_000;
  const first = last - days * DAY_MS + 60_000;
  progress(`filling one monitor with ${days} days of 1-minute checks (recordChecks, 2,000 a batch)`);
  await ensurePartitions(pool, new Date(first), new Date(now));
  const fillStart = performance.now();
  const total = (last - first) / 60_000 + 1;
  for (let at = first; at <= last; at += 2_000 * 60_000) {
    const batch: FinishedCheck[] = [];
    for (let t = at; t <= last && t < at + 2_000 * 60_000; t += 60_000) {
      const ms = 20 + ((t / 60_000) % 7);
      batch.push({
        monitorId: monitor.id,
        location: 'default',
        plan: 'pro',
        slot: new Date(t),
        startedAt: new Date(t + 5),
        figures: {
          up: true,
          reason: null,
          status_code: 200,
          timings_ms: { dns: 1, connect: 1, tls: null, first_byte: ms - 3, download: 1, total: ms },
          tls: null,
        },
        passed: null,
        failing: [],
      });
    }
    await recordChecks(db, batch, { publicBaseUrl: origin, dashboardBaseUrl: `${origin}/app` });
  }
  const fillS = (performance.now() - fillStart) / 1000;

  const headers = { authorization: `Bearer ${key}` };
  const median = async (path: string) => {
    const times: number[] = [];
    await (await fetch(`${origin}${path}`, { headers })).text(); // warm
    for (let i = 0; i < 7; i++) {
      const started = performance.now();
      const res = await fetch(`${origin}${path}`, { headers });
      await res.text();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[3]!.toFixed(1);
  };
  const from = new Date(now - days * DAY_MS).toISOString();
  const to = new Date(now).toISOString();
  progress('reads: median of 7 calls each');
  const one = await median(`/api/v1/monitors/${monitor.id}`);
  const series = await median(`/api/v1/monitors/${monitor.id}/series?metric=total_ms&from=${from}&to=${to}`);
  const list = await median('/api/v1/monitors?limit=50');

  // Issue 30: the monitor's page over each range (no key: its token is the credential), and a status
  // page showing it. A status page is kept 30 s once read, so each of its 7 reads is a new page's first.
  const { reportToken } = await db.monitor.findUniqueOrThrow({ where: { id: monitor.id } });
  const page = async (path: string) => {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 8; i++) {
      const started = performance.now();
      const res = await fetch(`${origin}${path}`);
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      if (i > 0) times.push(performance.now() - started); // the first warms up
      bytes = Buffer.byteLength(body);
    }
    return { ms: times.sort((a, b) => a - b)[3]!.toFixed(1), kb: (bytes / 1024).toFixed(0) };
  };
  const pages: Array<[string, { ms: string; kb: string }]> = [];
  for (const range of ['7d', '90d', '1y']) {
    pages.push([
      `monitor page, range ${range} (HTML and its SVG charts)`,
      await page(`/reports/monitors/${reportToken}?range=${range}`),
    ]);
  }
  const statusTimes: number[] = [];
  let statusBytes = 0;
  for (let i = 0; i < 8; i++) {
    const slug = `bench-${Date.now()}-${i}`;
    await db.statusPage.create({
      data: { teamId, slug, title: 'Bench status', monitors: [{ id: monitor.id, label: 'Shop' }] },
    });
    const started = performance.now();
    const res = await fetch(`${origin}/status/${slug}`);
    const body = await res.text();
    if (i > 0) statusTimes.push(performance.now() - started);
    statusBytes = Buffer.byteLength(body);
  }
  pages.push([
    'status page of it, first read (then kept 30 s)',
    { ms: statusTimes.sort((a, b) => a - b)[3]!.toFixed(1), kb: (statusBytes / 1024).toFixed(0) },
  ]);
  return [
    table(
      [
        `reads, one monitor with ${days} days of 1-minute checks (${total} filled in ${fillS.toFixed(1)} s)`,
        'ms',
        'goal',
      ],
      [
        ['GET /monitors/{id} (uptime_percent, incidents)', one, '< 30'],
        [`GET /monitors/{id}/series?metric=total_ms, ${days} days`, series, '< 30'],
        ['GET /monitors?limit=50 (team of all the monitors above)', list, '< 50'],
      ],
    ),
    table(
      [`pages of the same monitor, median of 7 (baseline: GET /monitors/{id}, ${one} ms)`, 'ms', 'KB', 'goal'],
      pages.map(([name, p]) => [name, p.ms, p.kb, '< 100 ms, < 200 KB']),
    ),
  ].join('\n\n');
}

async function tickFigures(db: ReturnType<typeof createDb>, pool: Pool, redis: Redis) {
  const n = 1_000;
  const { teamId } = await teamWithKey(db, { name: 'bench monitors tick', plan: 'pro' });
  const due = new Date(Date.now() - 1_000);
  await db.monitor.createMany({
    data: Array.from({ length: n }, (_, i) => ({
      teamId,
      type: 'lighthouse' as const,
      url: `https://example.com/${i}`,
      device: 'mobile' as const,
      intervalSeconds: 3600,
      nextRunAt: due,
    })),
  });
  const monitorChecks = openQueue(jobs.monitorChecks, { connection: redis, prefix: TICK_PREFIX });
  const monitorRuns = openQueue(jobs.monitorRun, { connection: redis, prefix: TICK_PREFIX });
  try {
    progress(`one tick over ${n} lighthouse monitors due at once (in-process, nothing consuming)`);
    const started = performance.now();
    const { run, skipped } = await runTick({ pool, monitorChecks: () => monitorChecks, monitorRuns });
    const seconds = (performance.now() - started) / 1000;
    const queued = await monitorRuns.getJobCounts('waiting', 'prioritized', 'delayed');
    return table(
      [`one tick, ${n} lighthouse monitors due at once (interval 3600)`, 'value'],
      [
        ['claimed and queued (skipped)', `${run} (${skipped})`],
        ['jobs in monitor-runs after it', Object.values(queued).reduce((a, b) => a + (b ?? 0), 0)],
        ['tick time (ms)', Math.round(seconds * 1000)],
        ['due found and enqueued per second', Math.round((run + skipped) / seconds)],
      ],
    );
  } finally {
    await Promise.all([monitorChecks.close(), monitorRuns.close()]);
  }
}

// ── helpers ─────────────────────────────────────────────────────────────────────────────────────────

const ppidOf = (pid: number) => Number(statFields(pid)![1]);

/** utime + stime of a process, in clock ticks. */
export function ticksOf(pid: number): number {
  const f = statFields(pid);
  return f ? Number(f[11]) + Number(f[12]) : 0;
}

/**
 * Every PostgreSQL process of the server: the postmaster's own time, its reaped children's (backends that
 * ended) and the live children's, in clock ticks.
 */
function postgresTicks(postmaster: number): number {
  const own = statFields(postmaster)!;
  let total = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const f = statFields(Number(name));
    if (f && Number(f[1]) === postmaster) total += Number(f[11]) + Number(f[12]);
  }
  return total;
}

async function usedMemory(redis: Redis): Promise<number> {
  return Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
}

/** The largest keys matching `pattern`, by MEMORY USAGE. */
async function keysBySize(redis: Redis, pattern: string) {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  const sized = await Promise.all(
    keys.map(async (key) => ({ key, bytes: Number((await redis.memory('USAGE', key)) ?? 0) })),
  );
  return sized.sort((a, b) => b.bytes - a.bytes).slice(0, 4);
}

const sumTicks = (ticks: Record<string, number>) => Object.values(ticks).reduce((a, b) => a + b, 0);

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function sparkline(values: number[]): string {
  const bars = '▁▂▃▄▅▆▇█';
  const max = Math.max(1, ...values);
  return values.map((v) => bars[Math.min(bars.length - 1, Math.floor((v / max) * (bars.length - 1)))]).join('');
}
