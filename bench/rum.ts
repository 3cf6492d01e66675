import { createPool, type Pool } from '@pageprobe/db';
import { freePort, sleep } from '@pageprobe/local-services';
import {
  type Beacon,
  DEVICES,
  emptyRumRollup,
  mergeRumRollups,
  RUM_METRICS,
  type RumMetric,
  type RumRollup,
} from '@pageprobe/rum';
import { ensureCurrentPartitions, HISTOGRAM_GROWTH, quantile } from '@pageprobe/test-lifecycle';
import { type AppProcess, spawnApp } from '@pageprobe/testing';
import { type HttpLoadResult, httpLoad } from './support/http-load.ts';
import { cpuSecondsOf, postgresCpuSeconds, postmasterOf } from './support/process-cpu.ts';
import { appEnv, type BenchServices } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 61's scenario: real-user beacons as fast as the machine takes them.
// - BENCH_RUM_SITES (10) sites of a pro team, each with its origin and five page groups; a pool of
//   BENCH_RUM_BEACONS (20,000) distinct beacons made up front (every vital from a log-normal spread, LCP
//   and INP attribution with their phases, a device, a path, and a country header from 20), sent in turn
//   as the browser sends them: POST /rum/v1/collect, text/plain JSON, the site's Origin, Chrome's agent.
// - The client is autocannon (support/http-load.ts): BENCH_RUM_CONNECTIONS (50) keep-alive connections,
//   one request in flight on each, for BENCH_RUM_SECONDS (60) after a 5 s warm-up, against the real API
//   process (RUM_FLUSH_MS 1 s, its default) and PostgreSQL (fsync on).
// - Baselines in the same run, same client and connections: Node's bare HTTP server reading the body and
//   answering 204, and the API's GET /healthz (Express and the API's middleware).
// - After the load: every beacon the API accepted (its rum_beacons_total{outcome="accepted"}) must be one
//   page view in the minute rollups (sum of n), none dropped; the p50/p75/p95/p99 of each metric read from
//   the stored histograms against the exact ones of the values the beacons answered 204 carried, within a
//   bucket's width (HISTOGRAM_GROWTH: 4 %).

const WARM_UP_S = 5;
const BASELINE_S = 15;
const GOAL = { perSecond: 5_000, p99Ms: 50 };
const QUANTILES = [0.5, 0.75, 0.95, 0.99] as const;
const COUNTRIES = [
  'US',
  'DE',
  'GB',
  'FR',
  'JP',
  'BR',
  'IN',
  'CA',
  'AU',
  'NL',
  'ES',
  'IT',
  'SE',
  'PL',
  'MX',
  'KR',
  'SG',
  'ZA',
  'AR',
  'NO',
];
const GROUPS = [
  { name: 'home', pattern: '/' },
  { name: 'product', pattern: '/p/*' },
  { name: 'category', pattern: '/c/*' },
  { name: 'blog', pattern: '/blog/*' },
  { name: 'checkout', pattern: '/checkout*' },
];
const PATHS = ['/', '/p/1234', '/p/98?ref=mail', '/c/shoes', '/blog/2026/11/launch', '/checkout/pay', '/about'];
const CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
/** Log-normal spreads per metric: median and sigma (of the log). */
const SPREAD: Record<RumMetric, [median: number, sigma: number]> = {
  lcp_ms: [2200, 0.55],
  inp_ms: [160, 0.7],
  cls: [0.06, 1.1],
  fcp_ms: [1300, 0.5],
  ttfb_ms: [450, 0.6],
};

interface Made {
  body: string;
  origin: string;
  country: string;
  vitals: Partial<Record<RumMetric, number>>;
}

export async function rumBench(services: BenchServices): Promise<string> {
  const sites = Number(process.env.BENCH_RUM_SITES ?? 10);
  const distinct = Number(process.env.BENCH_RUM_BEACONS ?? 20_000);
  const seconds = Number(process.env.BENCH_RUM_SECONDS ?? 60);
  const baselineS = Number(process.env.BENCH_RUM_BASELINE_SECONDS ?? BASELINE_S);
  const connections = Number(process.env.BENCH_RUM_CONNECTIONS ?? 50);

  const pool = createPool(services.databaseUrl, { size: 4 });
  const apps: AppProcess[] = [];
  try {
    await ensureCurrentPartitions(pool);
    const seeded = await seedSites(pool, sites);
    const beacons = makeBeacons(seeded, distinct);

    const port = await freePort();
    const opsPort = await freePort();
    const basePort = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = appEnv(services, port, {
      QUEUE_PREFIX: 'bench-rum',
      OPS_PORT: String(opsPort),
      RUM_COUNTRY_HEADER: 'cf-ipcountry',
    });
    progress('rum: starting the API and the bare HTTP server');
    const api = await spawnApp('api', env, { readyUrl: `${origin}/healthz`, discardOutput: true });
    apps.push(api);
    const bare = await spawnApp(['bench/support/bare-beacon-server.ts', String(basePort)], env, {
      readyUrl: `http://127.0.0.1:${basePort}/`,
      discardOutput: true,
    });
    apps.push(bare);

    // How often each pooled beacon was answered 204 (its values, that many times, are what was sent).
    const taken = new Uint32Array(beacons.length);
    const beaconRequest = (i: number) => {
      const b = beacons[i % beacons.length]!;
      return {
        method: 'POST' as const,
        path: '/rum/v1/collect',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          origin: b.origin,
          'user-agent': CHROME,
          'cf-ipcountry': b.country,
        },
        body: b.body,
      };
    };
    const load = (
      name: string,
      url: string,
      make: (i: number) => ReturnType<typeof beaconRequest> | { method: 'GET'; path: string },
      okStatus: number,
      s: number,
      count = false,
    ) => {
      progress(`rum: ${name}, ${s} s at ${connections} connections`);
      return httpLoad({
        origin: url,
        make,
        connections,
        seconds: s,
        okStatus,
        onOk: count ? (i) => taken[i % beacons.length]!++ : undefined,
        onProgress: ({ ok, other, seconds: sofar }) =>
          progress(`rum: ${name}: ${ok} answered (${Math.round(ok / sofar)}/s), ${other} other`),
      });
    };
    const bareRun = await load(
      'baseline: bare Node HTTP server',
      `http://127.0.0.1:${basePort}`,
      beaconRequest,
      204,
      baselineS,
    );
    const healthRun = await load(
      'baseline: the API’s GET /healthz',
      origin,
      () => ({ method: 'GET', path: '/healthz' }),
      200,
      baselineS,
    );
    const warm = await load('beacons: warm-up', origin, beaconRequest, 204, WARM_UP_S, true);
    const cpu0 = await cpuOf(pool, api);
    const run = await load('beacons: measured', origin, beaconRequest, 204, seconds, true);
    const cpu1 = await cpuOf(pool, api);

    progress('rum: waiting for the last flush');
    const loadEnded = performance.now();
    const backlog = accepted0(await acceptedOf(opsPort), await storedViews(pool));
    const accepted = await acceptedOf(opsPort);
    const stored = await until(async () => {
      const n = await storedViews(pool);
      return n >= accepted.accepted ? n : undefined;
    }, 300_000);
    const drainS = (performance.now() - loadEnded) / 1000;
    const drops = await droppedOf(pool);
    const percentiles = await comparePercentiles(pool, beacons, taken);
    return figures(
      { sites, distinct, seconds, baselineS, connections },
      { bareRun, healthRun, warm, run },
      {
        accepted,
        stored: stored ?? (await storedViews(pool)),
        backlog,
        drainS,
        drops,
        percentiles,
        cpu: diffCpu(cpu0, cpu1),
      },
    );
  } finally {
    await Promise.all(apps.map((a) => a.stop()));
    await pool.end();
  }
}

async function seedSites(pool: Pool, n: number) {
  const { rows: team } = await pool.query<{ id: string }>(
    `INSERT INTO teams (id, name, plan, updated_at) VALUES (gen_random_uuid(), 'rum bench', 'pro', now()) RETURNING id`,
  );
  const { rows } = await pool.query<{ id: string; site_key: string; origin: string }>(
    `INSERT INTO rum_sites (id, team_id, name, site_key, origins, page_groups, beacons_per_minute, updated_at)
     SELECT gen_random_uuid(), $1, 'bench site ' || i, 'bench_' || i || '_' || md5(random()::text),
       ARRAY['https://site' || i || '.bench.example'], $2::jsonb, 100000000, now()
     FROM generate_series(1, $3) i
     RETURNING id, site_key, origins[1] AS origin`,
    [team[0]!.id, JSON.stringify(GROUPS), n],
  );
  return rows;
}

/** A log-normal draw (Box-Muller), rounded as the beacon script rounds: ms to 0.1, CLS to 0.0001. */
function draw(metric: RumMetric): number {
  const [median, sigma] = SPREAD[metric];
  const z = Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random());
  const v = Math.min(metric === 'cls' ? 5 : 60_000, median * Math.exp(sigma * z));
  return metric === 'cls' ? Math.round(v * 10_000) / 10_000 : Math.round(v * 10) / 10;
}

function makeBeacons(sites: Array<{ site_key: string; origin: string }>, n: number): Made[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
  return Array.from({ length: n }, () => {
    const site = pick(sites);
    const vitals: Partial<Record<RumMetric, number>> = {};
    // Most page views have every vital; some leave before an interaction (no INP).
    for (const metric of RUM_METRICS) if (metric !== 'inp_ms' || Math.random() < 0.7) vitals[metric] = draw(metric);
    const lcp = vitals.lcp_ms!;
    const beacon: Beacon = {
      site: site.site_key,
      path: pick(PATHS),
      navigation: Math.random() < 0.9 ? 'navigate' : 'reload',
      device: pick(DEVICES),
      connection: '4g',
      vitals,
      attribution: {
        lcp: {
          target: pick(['main>img.hero', 'h1.title', 'div.banner>img', 'section#deals>picture>img']),
          ttfb_ms: vitals.ttfb_ms,
          resource_load_delay_ms: Math.round(lcp * 0.1),
          resource_load_duration_ms: Math.round(lcp * 0.3),
          element_render_delay_ms: Math.round(lcp * 0.2),
        },
        ...(vitals.inp_ms === undefined
          ? {}
          : {
              inp: {
                target: pick(['button#add-to-cart', 'a.nav-link', 'input#search', 'div.menu>button']),
                type: 'pointer' as const,
                input_delay_ms: Math.round(vitals.inp_ms * 0.2),
                processing_duration_ms: Math.round(vitals.inp_ms * 0.5),
                presentation_delay_ms: Math.round(vitals.inp_ms * 0.3),
              },
            }),
        cls: { target: pick(['div.ad', 'img.lazy', '']) || undefined },
      },
    };
    return { body: JSON.stringify(beacon), origin: site.origin, country: pick(COUNTRIES), vitals };
  });
}

async function until<T>(check: () => Promise<T | undefined>, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined || Date.now() > deadline) return value;
    await sleep(250);
  }
}

/** The API's own count of the beacons it accepted and dropped (its /metrics on the ops port). */
async function acceptedOf(opsPort: number): Promise<{ accepted: number; dropped: number }> {
  const text = await (await fetch(`http://127.0.0.1:${opsPort}/metrics`)).text();
  let accepted = 0;
  let dropped = 0;
  for (const m of text.matchAll(/^rum_beacons_total\{[^}]*outcome="([a-z_]+)"[^}]*\} (\d+)/gm)) {
    if (m[1] === 'accepted') accepted += Number(m[2]);
    else dropped += Number(m[2]);
  }
  return { accepted, dropped };
}

const accepted0 = (a: { accepted: number }, stored: number) => a.accepted - stored;

const storedViews = async (pool: Pool) =>
  Number((await pool.query('SELECT coalesce(sum(n), 0) AS n FROM monitoring.rum_minute')).rows[0].n);

const droppedOf = async (pool: Pool) =>
  Object.fromEntries(
    (
      await pool.query<{ reason: string; n: string }>(
        'SELECT reason, sum(n) AS n FROM monitoring.rum_dropped GROUP BY reason',
      )
    ).rows.map((r) => [r.reason, Number(r.n)]),
  );

/** Per metric: each quantile from the merged stored histograms, and the exact one of the values sent. */
async function comparePercentiles(pool: Pool, beacons: Made[], taken: Uint32Array) {
  const { rows } = await pool.query<{ n: number; stats: RumRollup['stats']; hist: RumRollup['hist'] }>(
    'SELECT n, stats, hist FROM monitoring.rum_hour',
  );
  const merged = rows.reduce<RumRollup>(
    (sum, r) => mergeRumRollups(sum, { n: r.n, ok: r.n, stats: r.stats, hist: r.hist, ratings: {} }),
    emptyRumRollup(),
  );
  return RUM_METRICS.map((metric) => {
    const pairs: Array<[number, number]> = [];
    beacons.forEach((b, i) => {
      const v = b.vitals[metric];
      if (v !== undefined && taken[i]) pairs.push([v, taken[i]!]);
    });
    pairs.sort((a, b) => a[0] - b[0]);
    const total = pairs.reduce((s, [, c]) => s + c, 0);
    const exact = (q: number) => {
      const rank = Math.max(1, Math.ceil(q * total));
      let seen = 0;
      for (const [v, c] of pairs) {
        seen += c;
        if (seen >= rank) return v;
      }
      return Number.NaN;
    };
    const stat = merged.stats[metric];
    return {
      metric,
      count: stat?.[0] ?? 0,
      sent: total,
      quantiles: QUANTILES.map((q) => {
        const fromHist = stat ? quantile(merged.hist[metric] ?? {}, stat, q) : Number.NaN;
        const truth = exact(q);
        return { q, fromHist, truth, error: Math.abs(fromHist - truth) / truth };
      }),
    };
  });
}

interface Cpu {
  at: number;
  api: number;
  postgres: number;
  client: number;
}

async function cpuOf(pool: Pool, api: AppProcess): Promise<Cpu> {
  const postmaster = postmasterOf((await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
  const self = process.cpuUsage();
  return {
    at: performance.now(),
    api: cpuSecondsOf(api.child.pid!),
    postgres: postgresCpuSeconds(postmaster),
    client: (self.user + self.system) / 1e6,
  };
}

/** CPU seconds each used over the window, and the window's length. */
const diffCpu = (a: Cpu, b: Cpu) => ({
  seconds: (b.at - a.at) / 1000,
  api: b.api - a.api,
  postgres: b.postgres - a.postgres,
  client: b.client - a.client,
});

const ms = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(1));
const answers = (r: HttpLoadResult, ok: number) =>
  [`${ok}: ${r.ok}`, ...Object.entries(r.other).map(([s, n]) => `${s}: ${n}`), r.errors ? `errors: ${r.errors}` : '']
    .filter(Boolean)
    .join(', ');

function figures(
  setUp: { sites: number; distinct: number; seconds: number; baselineS: number; connections: number },
  runs: Record<'bareRun' | 'healthRun' | 'warm' | 'run', HttpLoadResult>,
  after: {
    accepted: { accepted: number; dropped: number };
    stored: number;
    /** Page views accepted but not yet written when the load stopped, and how long until all were. */
    backlog: number;
    drainS: number;
    drops: Record<string, number>;
    percentiles: Awaited<ReturnType<typeof comparePercentiles>>;
    cpu: ReturnType<typeof diffCpu>;
  },
): string {
  const { sites, distinct, seconds, baselineS, connections } = setUp;
  const { bareRun, healthRun, warm, run } = runs;
  const { cpu } = after;
  const row = (name: string, r: HttpLoadResult, ok: number, goal: boolean) => [
    name,
    r.perSecond,
    ms(r.p50),
    ms(r.p95),
    ms(r.p99),
    answers(r, ok),
    goal ? (r.perSecond >= GOAL.perSecond && r.p99 < GOAL.p99Ms && r.errors === 0 ? 'ok' : 'MISSED') : '',
  ];
  const throughput = table(
    [
      `${sites} sites, ${distinct} distinct beacons, autocannon ${connections} connections`,
      'req/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'answers',
      `goal ≥ ${GOAL.perSecond}/s, p99 < ${GOAL.p99Ms} ms`,
    ],
    [
      row(`baseline: bare Node HTTP server, POST read, 204 (${baselineS} s)`, bareRun, 204, false),
      row(`baseline: the API's GET /healthz (${baselineS} s)`, healthRun, 200, false),
      row(`POST /rum/v1/collect, summed, flushed every 1 s (${seconds} s)`, run, 204, true),
    ],
  );
  const beaconsInWindow = run.ok;
  const perBeacon = (s: number) => ((s * 1000) / Math.max(1, beaconsInWindow)).toFixed(3);
  const answered = warm.ok + run.ok;
  const cpuTable = table(
    ['CPU over the measured run', 'cores', 'ms a beacon'],
    [
      ['API process', (cpu.api / cpu.seconds).toFixed(2), perBeacon(cpu.api)],
      ['PostgreSQL (all its processes)', (cpu.postgres / cpu.seconds).toFixed(2), perBeacon(cpu.postgres)],
      ['the load client (autocannon, this process)', (cpu.client / cpu.seconds).toFixed(2), perBeacon(cpu.client)],
    ],
  );
  const counted = table(
    ['after the load', 'value', 'goal'],
    [
      ['beacons answered 204 (warm-up and measured)', answered, ''],
      [
        'accepted by the API (rum_beacons_total) / page views stored (sum of n)',
        `${after.accepted.accepted} / ${after.stored}`,
        'equal',
      ],
      [
        'accepted, not yet written when the load stopped / all written after (s)',
        `${after.backlog} / ${after.drainS.toFixed(1)}`,
        '',
      ],
      [
        '  accepted beyond the 204s seen (in flight when a run stopped)',
        after.accepted.accepted - answered,
        `≤ ${2 * connections}`,
      ],
      [
        'dropped (rum_beacons_total / monitoring.rum_dropped)',
        `${after.accepted.dropped} / ${JSON.stringify(after.drops)}`,
        '0',
      ],
    ],
  );
  const bucket = HISTOGRAM_GROWTH - 1;
  const pct = table(
    [
      'metric',
      'values',
      ...QUANTILES.map((q) => `p${q * 100} hist / exact`),
      `worst error (bucket ${(bucket * 100).toFixed(0)} %)`,
    ],
    after.percentiles.map((p) => {
      const worst = Math.max(...p.quantiles.map((q) => q.error));
      return [
        p.metric,
        p.count === p.sent ? p.count : `${p.count} (sent ${p.sent})`,
        ...p.quantiles.map((q) => `${fmt(q.fromHist)} / ${fmt(q.truth)}`),
        `${(worst * 100).toFixed(2)} % ${worst <= bucket ? 'ok' : 'MISSED'}`,
      ];
    }),
  );
  return [throughput, cpuTable, counted, pct].join('\n\n');
}

const fmt = (v: number) => (v < 10 ? v.toFixed(4) : v.toFixed(1));
