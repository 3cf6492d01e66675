import { createPool, type Pool } from '@pageprobe/db';
import { freePort, sleep } from '@pageprobe/local-services';
import { type AppProcess, spawnApp } from '@pageprobe/testing';
import { Redis } from 'ioredis';
import { type HeartbeatSeed, seedHeartbeats } from './support/heartbeat-seed.ts';
import { type PingLoadResult, pingLoad } from './support/ping-load.ts';
import { cpuSecondsOf, postgresCpuSeconds, postmasterOf } from './support/process-cpu.ts';
import { appEnv, type BenchServices } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 47's scenario: heartbeat pings as fast as the machine takes them, and late heartbeats found.
// - BENCH_HEARTBEAT_MONITORS (10,000) heartbeat monitors dealt over BENCH_HEARTBEAT_TEAMS (1,000) pro teams,
//   seeded in PostgreSQL (support/heartbeat-seed.ts); the API's PINGS_PER_TEAM_PER_MIN raised out of the way
//   (the Redis round trip that counts them still runs: it is part of every batch).
// - The client is autocannon (support/ping-load.ts): BENCH_HEARTBEAT_CONNECTIONS (50) keep-alive
//   connections, one request in flight on each, GET /ping/{token} over every monitor in turn, for
//   BENCH_HEARTBEAT_SECONDS (60) after a 5 s warm-up, against the real API process (group commit to
//   PostgreSQL with fsync on, as production runs it) and one callback-dispatcher whose tick applies the
//   stored pings and claims late heartbeats.
// - Baselines in the same run, same client and connections: Node's bare HTTP server answering 200 (what the
//   machine's HTTP stack takes) and the API's GET /healthz (Express and the API's middleware, no store).
// - Every 200 must be a row in monitoring.pings; after the load, the inbox must drain and each monitor's
//   last_ping_at and deadline follow its newest stored ping.
// - Late detection: BENCH_HEARTBEAT_LATE (1,000) monitors with period 20 s and grace 5 s are pinged with the
//   rest, then no more from 40 % into the measured run; each one's lag is its monitor.down alert's time
//   minus its deadline (its newest stored ping + period + grace, computed here from the pings table).

const PREFIX = 'bench-heartbeats';
const LATE_TIMING = { periodSeconds: 20, graceSeconds: 5 };
const WARM_UP_S = 5;
const BASELINE_S = 15;
const GOAL = { perSecond: 5_000, p99Ms: 50, lagP99Ms: 10_000 };

export async function heartbeatsBench(services: BenchServices): Promise<string> {
  const sizes = {
    monitors: Number(process.env.BENCH_HEARTBEAT_MONITORS ?? 10_000),
    teams: Number(process.env.BENCH_HEARTBEAT_TEAMS ?? 1_000),
    late: Number(process.env.BENCH_HEARTBEAT_LATE ?? 1_000),
    lateTiming: LATE_TIMING,
  };
  const seconds = Number(process.env.BENCH_HEARTBEAT_SECONDS ?? 60);
  const connections = Number(process.env.BENCH_HEARTBEAT_CONNECTIONS ?? 50);

  const pool = createPool(services.databaseUrl, { size: 4 });
  const redis = new Redis(services.redisUrl, { maxRetriesPerRequest: null });
  const apps: AppProcess[] = [];
  try {
    progress(`heartbeats: seeding ${sizes.monitors} heartbeat monitors in ${sizes.teams} teams`);
    const seed = await seedHeartbeats(pool, sizes);
    progress(`heartbeats: seeded in ${seed.seconds.toFixed(1)} s`);

    const port = await freePort();
    const basePort = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = appEnv(services, port, {
      QUEUE_PREFIX: PREFIX,
      PINGS_PER_TEAM_PER_MIN: '1000000000',
      PINGS_PER_MONITOR_PER_SEC: '1000000',
      PINGS_PER_MONITOR_BURST: '1000000',
    });
    progress('heartbeats: starting the API, a callback-dispatcher and the bare HTTP server');
    const api = await spawnApp('api', env, { readyUrl: `${origin}/healthz`, discardOutput: true });
    apps.push(api);
    // At info, for its ready line; its output is not read after.
    const dispatcher = await spawnApp('callback-dispatcher', { ...env, LOG_LEVEL: 'info' }, { discardOutput: true });
    apps.push(dispatcher);
    const bare = await spawnApp(['bench/support/bare-ping-server.ts', String(basePort)], env, {
      readyUrl: `http://127.0.0.1:${basePort}/`,
      discardOutput: true,
    });
    apps.push(bare);

    const everyToken = shuffled([...seed.steady, ...seed.late]).map((t) => `/ping/${t}`);
    const load = (name: string, url: string, paths: () => readonly string[], s: number) => {
      progress(`heartbeats: ${name}, ${s} s at ${connections} connections`);
      return pingLoad({ origin: url, paths, connections, seconds: s, onProgress: progressOf(name) });
    };
    const bareRun = await load(
      'baseline: bare Node HTTP server',
      `http://127.0.0.1:${basePort}`,
      () => everyToken,
      BASELINE_S,
    );
    const healthRun = await load('baseline: the API’s GET /healthz', origin, () => ['/healthz'], BASELINE_S);

    // The pings: a warm-up (its 200s must be stored too), then the measured run, the late set dropped midway.
    const warm = await load('pings: warm-up', origin, () => everyToken, WARM_UP_S);
    let paths = everyToken;
    const late = new Set(seed.late.map((t) => `/ping/${t}`));
    const stopAfterS = Math.round(seconds * 0.4);
    let stoppedAt = 0;
    const stopLate = setTimeout(() => {
      paths = everyToken.filter((p) => !late.has(p));
      stoppedAt = Date.now();
      progress(`heartbeats: no more pings to the ${late.size} monitors of the late set`);
    }, stopAfterS * 1000);
    const inbox: number[] = [];
    const sampleInbox = setInterval(() => {
      void inboxDepth(pool).then((n) => inbox.push(n));
    }, 5_000);
    const cpu0 = await cpuOf(pool, redis, api, dispatcher);
    const run = await load('pings: measured', origin, () => paths, seconds);
    const cpu1 = await cpuOf(pool, redis, api, dispatcher);
    clearTimeout(stopLate);
    clearInterval(sampleInbox);
    const loadEnded = Date.now();
    const backlog = await inboxDepth(pool);

    progress(`heartbeats: waiting for the tick to drain the inbox (${backlog} pings)`);
    const drained = await until(async () => (await inboxDepth(pool)) === 0, 300_000);
    const drainS = (Date.now() - loadEnded) / 1000;
    progress('heartbeats: waiting for the late set’s alerts');
    const lateDeadline = stoppedAt + (LATE_TIMING.periodSeconds + LATE_TIMING.graceSeconds) * 1000;
    // Only a monitor pinged before the stop has a deadline to miss (the seed's first one is an hour away).
    const latePinged = await pingedCount(pool, seed.lateIds);
    await until(
      async () => (await lateAlerts(pool, seed)).length >= latePinged,
      Math.max(0, lateDeadline - Date.now()) + 60_000,
    );
    const applied = await storedFigures(pool, seed);
    const lags = await lateAlerts(pool, seed);

    // Where the time goes: the same load with no dispatcher, so the API and PostgreSQL only store pings
    // (nothing applies them: their rows are counted, their monitors not checked).
    await dispatcher.stop();
    const cpu2 = await cpuOf(pool, redis, api, dispatcher);
    const alone = await load('pings with the dispatcher stopped', origin, () => everyToken, BASELINE_S);
    const cpu3 = await cpuOf(pool, redis, api, dispatcher);
    const rows = await storedRows(pool);
    return figures(
      { sizes, seconds, connections, stopAfterS },
      { bareRun, healthRun, warm, run, alone },
      {
        rows,
        applied,
        lags,
        latePinged,
        drained,
        drainS,
        backlog,
        inbox,
        cpu: diffCpu(cpu0, cpu1),
        cpuAlone: diffCpu(cpu2, cpu3),
      },
      stoppedAt,
    );
  } finally {
    await Promise.all(apps.map((a) => a.stop()));
    redis.disconnect();
    await pool.end();
  }
}

const progressOf =
  (name: string) =>
  ({ ok, other, seconds }: { ok: number; other: number; seconds: number }) =>
    progress(`heartbeats: ${name}: ${ok} answered 200 (${Math.round(ok / seconds)}/s), ${other} other`);

function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (Date.now() > deadline) return false;
    await sleep(500);
  }
}

const inboxDepth = async (pool: Pool) =>
  Number((await pool.query('SELECT count(*) AS n FROM monitoring.ping_inbox')).rows[0].n);

interface Cpu {
  at: number;
  api: number;
  dispatcher: number;
  postgres: number;
  redis: number;
  client: number;
}

async function cpuOf(pool: Pool, redis: Redis, api: AppProcess, dispatcher: AppProcess): Promise<Cpu> {
  const postmaster = postmasterOf((await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
  const redisPid = Number(/process_id:(\d+)/.exec(await redis.info('server'))![1]);
  const self = process.cpuUsage();
  return {
    at: performance.now(),
    api: cpuSecondsOf(api.child.pid!),
    dispatcher: cpuSecondsOf(dispatcher.child.pid!),
    postgres: postgresCpuSeconds(postmaster),
    redis: cpuSecondsOf(redisPid),
    client: (self.user + self.system) / 1e6,
  };
}

/** Cores each used over the window. */
function diffCpu(a: Cpu, b: Cpu): Omit<Cpu, 'at'> {
  const s = (b.at - a.at) / 1000;
  return {
    api: (b.api - a.api) / s,
    dispatcher: (b.dispatcher - a.dispatcher) / s,
    postgres: (b.postgres - a.postgres) / s,
    redis: (b.redis - a.redis) / s,
    client: (b.client - a.client) / s,
  };
}

const pingedCount = async (pool: Pool, ids: string[]) =>
  (
    await pool.query<{ n: number }>(
      'SELECT count(DISTINCT monitor_id)::int AS n FROM monitoring.pings WHERE monitor_id = ANY($1::uuid[])',
      [ids],
    )
  ).rows[0]!.n;

const storedRows = async (pool: Pool) =>
  Number((await pool.query('SELECT count(*) AS n FROM monitoring.pings')).rows[0].n);

/** Once the tick is done: how each monitor follows its newest stored ping, and the checks they became. */
async function storedFigures(pool: Pool, seed: HeartbeatSeed) {
  const { rows } = await pool.query(
    `WITH p AS (SELECT monitor_id, max(at) AS newest, count(*) AS n, count(DISTINCT at) AS instants
                FROM monitoring.pings GROUP BY monitor_id)
     SELECT count(*) FILTER (WHERE p.newest IS NULL)::int AS never_pinged,
       count(*) FILTER (WHERE p.newest IS NOT NULL AND m.last_ping_at IS DISTINCT FROM p.newest)::int AS stale_last_ping,
       count(*) FILTER (WHERE p.newest IS NOT NULL AND NOT m.id = ANY($1::uuid[])
         AND m.deadline_at IS DISTINCT FROM p.newest + make_interval(secs => m.period_seconds + m.grace_seconds))::int AS wrong_deadline,
       coalesce(sum(p.instants) FILTER (WHERE NOT m.id = ANY($1::uuid[])), 0)::bigint AS steady_instants,
       count(*) FILTER (WHERE p.newest IS NOT NULL AND NOT m.id = ANY($1::uuid[]) AND NOT EXISTS (
         SELECT 1 FROM monitoring.checks c WHERE c.monitor_id = m.id AND c.at = p.newest))::int AS newest_unchecked
     FROM monitors m LEFT JOIN p ON p.monitor_id = m.id
     WHERE m.type = 'heartbeat' AND m.team_id = ANY($2::uuid[])`,
    [seed.lateIds, seed.teamIds],
  );
  // A tick records a heartbeat's latest run end of its batch as a check (and a failure before it), not
  // each ping: at most one check per monitor and millisecond (the check's key), the newest ping's always.
  const checks = await pool.query(
    `SELECT count(*)::bigint AS n FROM monitoring.checks c JOIN monitors m ON m.id = c.monitor_id
     WHERE m.type = 'heartbeat' AND m.team_id = ANY($2::uuid[]) AND NOT c.monitor_id = ANY($1::uuid[])`,
    [seed.lateIds, seed.teamIds],
  );
  const falseAlarms = await pool.query(
    `SELECT count(*)::int AS n FROM monitor_alerts a JOIN monitors m ON m.id = a.monitor_id
     WHERE a.event = 'monitor.down' AND m.type = 'heartbeat' AND m.team_id = ANY($2::uuid[]) AND NOT a.monitor_id = ANY($1::uuid[])`,
    [seed.lateIds, seed.teamIds],
  );
  const r = rows[0];
  return {
    neverPinged: r.never_pinged as number,
    staleLastPing: r.stale_last_ping as number,
    wrongDeadline: r.wrong_deadline as number,
    steadyInstants: Number(r.steady_instants),
    steadyChecks: Number(checks.rows[0].n),
    newestUnchecked: r.newest_unchecked as number,
    falseAlarms: falseAlarms.rows[0].n as number,
  };
}

/**
 * The late set's first monitor.down alerts, with their deadline computed from the pings table (the
 * newest stored ping + period + grace) and the deadline the alert names.
 */
async function lateAlerts(pool: Pool, seed: HeartbeatSeed) {
  const { rows } = await pool.query<{ lag_ms: number; named_ms: number; deadline: Date }>(
    `WITH first_down AS (
       SELECT DISTINCT ON (monitor_id) monitor_id, created_at, (details->>'deadline')::timestamptz AS named
       FROM monitor_alerts WHERE event = 'monitor.down' AND monitor_id = ANY($1::uuid[])
       ORDER BY monitor_id, created_at),
     newest AS (SELECT monitor_id, max(at) AS at FROM monitoring.pings WHERE monitor_id = ANY($1::uuid[]) GROUP BY monitor_id)
     SELECT extract(epoch FROM d.created_at - dl.deadline) * 1000 AS lag_ms,
       extract(epoch FROM d.named - dl.deadline) * 1000 AS named_ms, dl.deadline
     FROM first_down d JOIN monitors m ON m.id = d.monitor_id
       LEFT JOIN newest n ON n.monitor_id = d.monitor_id,
       LATERAL (SELECT n.at + make_interval(secs => m.period_seconds + m.grace_seconds) AS deadline) dl`,
    [seed.lateIds],
  );
  return rows.map((r) => ({ lagMs: Number(r.lag_ms), namedMs: Number(r.named_ms), deadline: r.deadline }));
}

const ms = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(1));
const statusCell = (r: PingLoadResult) =>
  [
    `200: ${r.ok}`,
    r.limited ? `429: ${r.limited}` : '',
    r.unavailable ? `503: ${r.unavailable}` : '',
    ...Object.entries(r.other).map(([s, n]) => `${s}: ${n}`),
    r.errors ? `errors: ${r.errors}` : '',
  ]
    .filter(Boolean)
    .join(', ');

function sortedQuantile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : Number.NaN;
}

/** The scenario's two tables: the load beside its baselines, then what the store and the tick did. */
function figures(
  setUp: {
    sizes: { monitors: number; teams: number; late: number };
    seconds: number;
    connections: number;
    stopAfterS: number;
  },
  runs: Record<'bareRun' | 'healthRun' | 'warm' | 'run' | 'alone', PingLoadResult>,
  after: {
    rows: number;
    applied: Awaited<ReturnType<typeof storedFigures>>;
    lags: Awaited<ReturnType<typeof lateAlerts>>;
    latePinged: number;
    drained: boolean;
    drainS: number;
    backlog: number;
    inbox: number[];
    cpu: Omit<Cpu, 'at'>;
    cpuAlone: Omit<Cpu, 'at'>;
  },
  stoppedAt: number,
): string {
  const { sizes, seconds, connections, stopAfterS } = setUp;
  const { bareRun, healthRun, warm, run, alone } = runs;
  const { rows, applied, lags, cpu } = after;
  const loadRow = (name: string, r: PingLoadResult, goal: boolean) => [
    name,
    r.perSecond,
    ms(r.p50),
    ms(r.p95),
    ms(r.p99),
    statusCell(r),
    goal
      ? r.perSecond >= GOAL.perSecond && r.p99 < GOAL.p99Ms && r.unavailable + r.errors === 0
        ? 'ok'
        : 'MISSED'
      : '',
  ];
  const throughput = table(
    [
      `${sizes.monitors} heartbeats in ${sizes.teams} teams, autocannon ${connections} connections`,
      'pings/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'answers',
      `goal ≥ ${GOAL.perSecond}/s, p99 < ${GOAL.p99Ms} ms`,
    ],
    [
      loadRow(`baseline: bare Node HTTP server, 200 "OK" (${BASELINE_S} s)`, bareRun, false),
      loadRow(`baseline: the API's GET /healthz (${BASELINE_S} s)`, healthRun, false),
      loadRow(`GET /ping/{token}, stored, the tick applying them (${seconds} s)`, run, true),
      loadRow(`  the same, dispatcher stopped: API + PostgreSQL alone (${BASELINE_S} s)`, alone, false),
    ],
  );

  const acked = warm.ok + run.ok + alone.ok;
  const afterStop = lags.filter((l) => l.deadline.getTime() >= stoppedAt);
  const early = lags.length - afterStop.length;
  const lagValues = afterStop.map((l) => l.lagMs);
  const lagP99 = sortedQuantile(lagValues, 0.99);
  const named = afterStop.filter((l) => Math.abs(l.namedMs) > 1).length;
  const sum = (c: Omit<Cpu, 'at'>) => Object.values(c).reduce((a, b) => a + b, 0);
  const perPing = (c: Omit<Cpu, 'at'>, r: PingLoadResult) =>
    [c.api, c.dispatcher, c.postgres, c.redis, c.client, sum(c)]
      .map((cores) => ((cores * 1e6) / Math.max(1, r.perSecond)).toFixed(0))
      .join(' / ');
  const checksTable = table(
    ['after the load', 'value', 'goal'],
    [
      ['pings answered 200 (every run) / rows in monitoring.pings', `${acked} / ${rows}`, 'rows ≥ 200s'],
      ['  200s with no row (lost)', Math.max(0, acked - rows), '0'],
      [
        '  rows with no 200 seen (in flight when a run stopped: answered after)',
        Math.max(0, rows - acked),
        `≤ ${3 * connections}`,
      ],
      [
        'inbox drained after the load (s), pings waiting then',
        `${after.drained ? after.drainS.toFixed(1) : 'NOT within 300 s'}, ${after.backlog}`,
        '',
      ],
      ['  inbox depth every 5 s during the run', after.inbox.join(' '), ''],
      [
        'monitors whose last_ping_at is not their newest stored ping',
        `${applied.staleLastPing} (never pinged: ${applied.neverPinged})`,
        '0',
      ],
      ['steady monitors whose deadline is not newest ping + period + grace', applied.wrongDeadline, '0'],
      [
        'steady monitors: checks recorded / pings (one per monitor and tick batch)',
        `${applied.steadyChecks} / ${applied.steadyInstants}`,
        '≤',
      ],
      ['  steady monitors whose newest ping is not a check', applied.newestUnchecked, '0'],
      [
        `late set (${sizes.late}, period ${LATE_TIMING.periodSeconds} s + grace ${LATE_TIMING.graceSeconds} s, pings stop at ${stopAfterS} s): alerted / pinged before the stop`,
        `${afterStop.length} / ${after.latePinged}${early ? ` (+${early} alerted before the stop: pinged too slowly for their period)` : ''}`,
        `${sizes.late} / ${sizes.late}`,
      ],
      [
        '  lag: monitor.down − deadline, p50 / p99 / max (ms)',
        `${ms(sortedQuantile(lagValues, 0.5))} / ${ms(lagP99)} / ${ms(sortedQuantile(lagValues, 1))}`,
        `p99 < ${GOAL.lagP99Ms}${lagP99 < GOAL.lagP99Ms && afterStop.length === after.latePinged ? ' ok' : ' MISSED'}`,
      ],
      ['  alerts whose named deadline differs from the pings table’s', named, '0'],
      ['down alerts of steady monitors (false alarms)', applied.falseAlarms, '0'],
      [
        'cores used in the measured run: API / dispatcher / PostgreSQL / Redis / client',
        `${cpu.api.toFixed(2)} / ${cpu.dispatcher.toFixed(2)} / ${cpu.postgres.toFixed(2)} / ${cpu.redis.toFixed(2)} / ${cpu.client.toFixed(2)} (${sum(cpu).toFixed(2)} of 2)`,
        '',
      ],
      [
        '  CPU µs per ping answered: API / dispatcher / PostgreSQL / Redis / client / all',
        perPing(cpu, run),
        `≤ ${Math.round(2e6 / GOAL.perSecond)} all (2 cores at ${GOAL.perSecond}/s)`,
      ],
      ['  the same, dispatcher stopped (storing only)', perPing(after.cpuAlone, alone), ''],
    ],
  );
  return [throughput, checksTable].join('\n\n');
}
