// `npm run soak` (issue 14): one browser worker runs SOAK_TESTS (200) lighthouse tests of varied pages
// back to back. Every 10 tests it samples the worker's and Chromium's resident memory, Chromium's
// process count, zombies and the worker's open file descriptors; at the end it prints the samples and
// each one's slope (a leak is a slope, not a level). Not part of `npm test`: it runs for about 20 minutes.
import { readdirSync, readFileSync } from 'node:fs';
import { createDb } from '@pageprobe/db';
import { freePort } from '@pageprobe/local-services';
import { spawnApp, startTest, teamWithKey, waitForTest } from '@pageprobe/testing';
import { withBenchServices } from './support/bench-stack.ts';
import { startSoakSite } from './support/soak-site.ts';
import { appEnv } from './support/services.ts';
import { progress, table } from './support/table.ts';

const TESTS = Number(process.env.SOAK_TESTS ?? 200);
const EVERY = 10;

interface Proc {
  pid: number;
  ppid: number;
  state: string;
  rssKiB: number;
  name: string;
}

function processes(): Proc[] {
  const out: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const field = (name: string) => new RegExp(`^${name}:\\s+(.+)$`, 'm').exec(status)?.[1] ?? '';
      out.push({
        pid: Number(entry),
        ppid: Number(field('PPid')),
        state: field('State').charAt(0),
        rssKiB: Number.parseInt(field('VmRSS') || '0', 10),
        name: field('Name'),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

/** The worker's JavaScript heap in use, the heap V8 holds (used or not) and its external memory (buffers), from its ops port's metrics. */
async function heap(opsUrl: string): Promise<{ heapMiB: number; heapTotalMiB: number; externalMiB: number }> {
  const text = await (await fetch(`${opsUrl}/metrics`)).text();
  const metric = (name: string) =>
    Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    heapMiB: metric('nodejs_heap_size_used_bytes') / 1048576,
    heapTotalMiB: metric('nodejs_heap_size_total_bytes') / 1048576,
    externalMiB: metric('nodejs_external_memory_bytes') / 1048576,
  };
}

/** The worker and everything below it. */
function sample(workerPid: number) {
  const all = processes();
  const below = new Set([workerPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) if (!below.has(p.pid) && below.has(p.ppid)) grew = below.add(p.pid).size > 0;
  }
  const tree = all.filter((p) => below.has(p.pid));
  const worker = tree.find((p) => p.pid === workerPid)!;
  const chromium = tree.filter((p) => p.pid !== workerPid);
  return {
    workerMiB: worker.rssKiB / 1024,
    chromiumMiB: chromium.reduce((a, p) => a + p.rssKiB, 0) / 1024,
    chromiumProcesses: chromium.filter((p) => p.state !== 'Z').length,
    zombies: tree.filter((p) => p.state === 'Z').length,
    fds: readdirSync(`/proc/${workerPid}/fd`).length,
  };
}

/** Least-squares slope of y over x. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  const num = xs.reduce((a, x, i) => a + (x - mx) * (ys[i]! - my), 0);
  const den = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

await withBenchServices(async (services) => {
  const site = await startSoakSite();
  const db = createDb(services.databaseUrl);
  const { key } = await teamWithKey(db, { name: 'soak', credits: TESTS + 10 });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = appEnv(services, port, { ALLOW_PRIVATE_TARGETS: 'true', QUEUE_PREFIX: 'soak' });
  progress('starting the API and one browser worker');
  const api = await spawnApp('api', env, { readyUrl: `${origin}/healthz` });
  const opsPort = await freePort();
  const worker = await spawnApp('worker-browser', {
    ...env,
    LOG_LEVEL: 'info',
    BROWSER_TEST_TYPES: 'lighthouse',
    OPS_PORT: String(opsPort),
    // To try memory settings on the worker alone (e.g. SOAK_MALLOC_ARENA_MAX=2,
    // SOAK_NODE_OPTIONS=--max-old-space-size=768).
    ...(process.env.SOAK_MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.SOAK_MALLOC_ARENA_MAX } : {}),
    ...(process.env.SOAK_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SOAK_NODE_OPTIONS } : {}),
  });
  const rows: Array<
    ReturnType<typeof sample> & {
      tests: number;
      failed: number;
      heapMiB: number;
      heapTotalMiB: number;
      externalMiB: number;
    }
  > = [];
  let failed = 0;
  try {
    for (let i = 1; i <= TESTS; i++) {
      const path = site.paths[i % site.paths.length]!;
      const { id } = await startTest(origin, key, { url: `${site.url}${path}`, type: 'lighthouse' });
      const t = await waitForTest(origin, key, id, { timeoutMs: 180_000, pollMs: 200 });
      if (t.status !== 'completed') failed++;
      if (i % EVERY === 0 || i === 1) {
        rows.push({ tests: i, failed, ...sample(worker.child.pid!), ...(await heap(`http://127.0.0.1:${opsPort}`)) });
        progress(`${i}/${TESTS} tests, ${failed} failed`);
      }
    }
  } finally {
    await Promise.all([api.stop(), worker.stop()]);
    site.server.close();
    await db.$disconnect();
  }
  const xs = rows.map((r) => r.tests / 100);
  const per100 = (ys: number[]) => slope(xs, ys).toFixed(1);
  const f = (n: number) => n.toFixed(0);
  process.stdout.write(
    `\n${table(
      [
        'tests',
        'failed',
        'worker RSS MiB',
        'JS heap MiB',
        'heap held MiB',
        'external MiB',
        'Chromium RSS MiB',
        'Chromium processes',
        'zombies',
        'worker fds',
      ],
      rows.map((r) => [
        r.tests,
        r.failed,
        f(r.workerMiB),
        f(r.heapMiB),
        f(r.heapTotalMiB),
        f(r.externalMiB),
        f(r.chromiumMiB),
        r.chromiumProcesses,
        r.zombies,
        r.fds,
      ]),
    )}\n\nslope per 100 tests: worker RSS ${per100(rows.map((r) => r.workerMiB))} MiB (JS heap ${per100(
      rows.map((r) => r.heapMiB),
    )} MiB), Chromium RSS ${per100(
      rows.map((r) => r.chromiumMiB),
    )} MiB, worker fds ${per100(rows.map((r) => r.fds))}; zombies at the end: ${rows.at(-1)?.zombies ?? 0}\n`,
  );
});
