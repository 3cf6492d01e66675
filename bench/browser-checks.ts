import { readdirSync } from 'node:fs';
import { createDb } from '@pageprobe/db';
import { freePort, statFields } from '@pageprobe/local-services';
import { type AppProcess, shopJourney, spawnApp, startShop, teamWithKey } from '@pageprobe/testing';
import { appEnv, type BenchServices, percentile } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 59's scenario: browser monitors at a one-minute interval on one browser worker (one Chromium, a
// fresh context a run), on a shop this process serves: a journey of sign-in steps. The baseline is one
// such monitor alone on the same worker setup; the load, BENCH_BROWSER_MONITORS of them (30: the goal).
// Figures: runs made and slots skipped (a run still going when its next slot came: the scheduler runs or
// counts every slot, issue 49), how late runs started after their slot, how long they took, and the CPU
// a run cost: the worker process with its Chromium (from /proc, renderers that ended included) and the
// renderer's own task time.

const CLK_TCK = 100;
const INTERVAL_S = 60;
/** Browser checks the worker runs at once (BROWSER_CHECK_CONCURRENCY). */
const AT_ONCE = Number(process.env.BENCH_BROWSER_CONCURRENCY ?? 2);

/** utime+stime+cutime+cstime of `root` and every live descendant: a Node process and its Chromium. */
function treeCpuSeconds(root: number): number {
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const f = statFields(Number(name));
    if (!f) continue;
    parent.set(Number(name), Number(f[1]));
    ticks.set(Number(name), Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]));
  }
  let total = 0;
  for (const [pid, t] of ticks) {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parent.get(p)) {
      if (p === root) {
        total += t;
        break;
      }
    }
  }
  return total / CLK_TCK;
}

interface Figures {
  monitors: number;
  /** Runs made for slots up to the pause, and those completed by the end. */
  runs: number;
  completed: number;
  skipped: number;
  /** The last of the monitors' first runs: how long the creation burst took to start. */
  burstS: number;
  lateP50: number;
  lateP95: number;
  /** The later runs whose slot came an interval after the burst's last first run started: the steady state. */
  steadyP50: number;
  steadyP95: number;
  steadyRuns: number;
  durationP50: number;
  durationP95: number;
  cpuPerRunS: number;
  rendererMsPerRun: number;
  passed: number;
}

async function scenario(services: BenchServices, monitors: number, minutes: number): Promise<Figures> {
  const shop = await startShop();
  const db = createDb(services.databaseUrl, { poolSize: 2 });
  const { key, teamId } = await teamWithKey(db, { name: `bench browser ${monitors}`, credits: 100_000 });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = appEnv(services, port, {
    ALLOW_PRIVATE_TARGETS: 'true',
    QUEUE_PREFIX: `bench-browser-${monitors}`,
    MONITOR_MIN_INTERVAL_SECONDS: '1',
  });
  const apps: AppProcess[] = [];
  try {
    apps.push(await spawnApp('api', env, { readyUrl: `${origin}/healthz` }));
    const worker = await spawnApp(
      'worker-browser',
      { ...env, LOG_LEVEL: 'info', BROWSER_TEST_TYPES: 'browser', BROWSER_CHECK_CONCURRENCY: String(AT_ONCE) },
      { ready: /worker-browser ready/, timeoutMs: 60_000, discardOutput: true },
    );
    apps.push(worker);
    apps.push(await spawnApp('callback-dispatcher', { ...env, LOG_LEVEL: 'info' }, { discardOutput: true }));
    // A sign-in journey: the load, five steps, a screenshot after each.
    const steps = shopJourney(shop.origin, 'bench-password').slice(0, 6);
    const cpuBefore = treeCpuSeconds(worker.child.pid!);
    const started = Date.now();
    for (let i = 0; i < monitors; i++) {
      const res = await fetch(`${origin}/api/v1/monitors`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          url: `${shop.origin}/`,
          type: 'browser',
          device: 'desktop',
          steps,
          interval_seconds: INTERVAL_S,
        }),
      });
      if (res.status !== 201) throw new Error(`POST /monitors answered ${res.status}: ${await res.text()}`);
    }
    const endAt = started + minutes * 60_000;
    while (Date.now() < endAt) {
      progress(`${monitors} browser monitors: ${Math.round((endAt - Date.now()) / 1000)} s left`);
      await new Promise((r) => setTimeout(r, 5_000));
    }
    // Stop scheduling, then let the runs in hand finish.
    const pausedAt = Date.now();
    await db.monitor.updateMany({ where: { teamId }, data: { status: 'paused', nextRunAt: null } });
    await new Promise((r) => setTimeout(r, 20_000));
    const cpu = treeCpuSeconds(worker.child.pid!) - cpuBefore;
    const made = await db.test.count({ where: { monitor: { teamId }, createdAt: { lte: new Date(pausedAt) } } });
    const tests = await db.test.findMany({ where: { monitor: { teamId }, status: 'completed' } });
    const rows = await db.monitor.findMany({ where: { teamId } });
    const skipped = rows.reduce((n, m) => n + m.skippedRuns, 0);
    // A monitor's first slot is its creation: the 30 made at once start together, a burst the worker
    // works through once.
    const firsts = new Set(
      rows.map((m) => tests.filter((t) => t.monitorId === m.id).sort((a, b) => +a.createdAt - +b.createdAt)[0]?.id),
    );
    const lateness = (t: (typeof tests)[number]) => (t.startedAt!.getTime() - t.createdAt.getTime()) / 1000;
    const later = tests.filter((t) => !firsts.has(t.id));
    const late = later.map(lateness);
    const firstRuns = tests.filter((t) => firsts.has(t.id));
    const burst = Math.max(...firstRuns.map(lateness));
    // Slots that came while the burst was still being worked through queue behind it, and that backlog
    // delays the slots after it until it drains (within an interval); from then on, the monitors' phases
    // alone decide (the golden-ratio spread, packages/monitors/src/phase.ts): the steady state.
    const burstEnd = Math.max(...firstRuns.map((t) => t.startedAt!.getTime()));
    const steady = later.filter((t) => t.createdAt.getTime() > burstEnd + INTERVAL_S * 1000).map(lateness);
    const took = tests.map((t) => (t.completedAt!.getTime() - t.startedAt!.getTime()) / 1000);
    const renderer = tests.map((t) => Number((t.result as { cpu_ms?: number } | null)?.cpu_ms ?? 0));
    return {
      monitors,
      runs: made,
      completed: tests.length,
      skipped,
      burstS: burst,
      lateP50: percentile(late, 0.5),
      lateP95: percentile(late, 0.95),
      steadyP50: percentile(steady, 0.5),
      steadyP95: percentile(steady, 0.95),
      steadyRuns: steady.length,
      durationP50: percentile(took, 0.5),
      durationP95: percentile(took, 0.95),
      cpuPerRunS: cpu / Math.max(1, tests.length),
      rendererMsPerRun: renderer.reduce((a, b) => a + b, 0) / Math.max(1, renderer.length),
      passed: tests.filter((t) => (t.result as { up?: boolean } | null)?.up === true).length,
    };
  } finally {
    await Promise.all(apps.map((a) => a.stop()));
    await db.$disconnect();
    await shop.close();
  }
}

export async function browserChecksBench(services: BenchServices): Promise<string> {
  const count = Number(process.env.BENCH_BROWSER_MONITORS ?? 30);
  const minutes = Number(process.env.BENCH_BROWSER_MINUTES ?? 5);
  const alone = await scenario(services, 1, minutes);
  const load = await scenario(services, count, minutes);
  const row = (name: string, f: Figures) => [
    name,
    f.monitors,
    `${f.runs} + ${f.skipped}`,
    `${f.completed} / ${f.passed}`,
    f.burstS.toFixed(1),
    `${f.lateP50.toFixed(2)} / ${f.lateP95.toFixed(2)}`,
    `${f.steadyP50.toFixed(2)} / ${f.steadyP95.toFixed(2)} (${f.steadyRuns})`,
    `${f.durationP50.toFixed(2)} / ${f.durationP95.toFixed(2)}`,
    f.cpuPerRunS.toFixed(2),
    Math.round(f.rendererMsPerRun),
  ];
  return table(
    [
      `browser monitors at ${INTERVAL_S} s, ${minutes} min, one worker (${AT_ONCE} at once)`,
      'monitors',
      'runs + slots skipped',
      'completed / passed',
      'first runs started within s',
      'later runs: start after slot s p50 / p95',
      'steady state (slots an interval after the burst): s p50 / p95 (runs)',
      'run s p50 / p95',
      'CPU s a run (worker + Chromium)',
      'renderer ms a run',
    ],
    [row('baseline: one monitor', alone), row(`load: ${count} monitors`, load)],
  );
}
