import { spawnApp, startTest, teamWithKey } from '@pageprobe/testing';
import { createDb } from '@pageprobe/db';
import { freePort, sleep } from '@pageprobe/local-services';
import { availableParallelism } from 'node:os';
import { startSlowPage } from './lighthouse-runs.ts';
import { startBenchPage } from './support/bench-page.ts';
import { appEnv, type BenchServices, percentile } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 9's sizing figure: sustained Lighthouse throughput, one and two browser workers (one test at a
// time each, as deployed) draining a queue of tests started at once, on this machine. What the scaling
// guide's "tests per minute per browser worker" comes from. Issue 19 adds whether two workers on one
// machine keep scores true: on the slow page, as many tests at once as there are workers. (Two runs at
// once in one worker's Chromium failed outright when tried, and LIGHTHOUSE_CONCURRENCY is now held at 1.)

const CORES = availableParallelism();

export async function lighthouseFleet(services: BenchServices, tests: number) {
  const { url: pageUrl, server: fixture } = await startBenchPage();
  const slow = await startSlowPage();
  const db = createDb(services.databaseUrl, { poolSize: 2 });
  const { key } = await teamWithKey(db, { name: 'bench fleet', credits: 1000 });

  const rows: (string | number)[][] = [];
  try {
    for (const workers of [1, 2]) {
      const port = await freePort();
      const env = appEnv(services, port, { ALLOW_PRIVATE_TARGETS: 'true', QUEUE_PREFIX: `bench-fleet-${workers}` });
      const setup = `${workers} worker(s)`;
      progress(`${setup}: starting`);
      const api = await spawnApp('api', env, { readyUrl: `http://127.0.0.1:${port}/healthz` });
      const pool = await Promise.all(
        Array.from({ length: workers }, () =>
          spawnApp(
            'worker-browser',
            { ...env, LOG_LEVEL: 'info', BROWSER_TEST_TYPES: 'lighthouse' },
            { ready: /worker-browser ready/ },
          ),
        ),
      );
      const run = async (n: number, url = pageUrl) => {
        const ids = await Promise.all(
          Array.from(
            { length: n },
            async () => (await startTest(`http://127.0.0.1:${port}`, key, { url, type: 'lighthouse' })).id,
          ),
        );
        for (;;) {
          const rows = await db.test.findMany({
            where: { id: { in: ids } },
            select: {
              status: true,
              createdAt: true,
              startedAt: true,
              completedAt: true,
              performanceScore: true,
              errorMessage: true,
            },
          });
          const failed = rows.find((r) => r.status === 'failed');
          if (failed) throw new Error(`a fleet bench test failed: ${failed.errorMessage}`);
          if (rows.every((r) => r.status === 'completed')) return rows;
          await sleep(200);
        }
      };
      try {
        progress(`${setup}: warm-up (a test each, launches the browsers; not counted)`);
        await run(workers);
        progress(`${setup}: ${tests} tests started at once`);
        const started = performance.now();
        const done = await run(tests);
        const minutes = (performance.now() - started) / 60_000;
        const runS = done.map((r) => (r.completedAt!.getTime() - r.startedAt!.getTime()) / 1000);
        const waitS = done.map((r) => (r.startedAt!.getTime() - r.createdAt.getTime()) / 1000);
        // Fidelity on the slow page: as many at once as there are workers (each runs one at a time).
        const scores: number[] = [];
        for (let i = 0; i < 3; i++) {
          for (const r of await run(workers, slow.url)) scores.push(r.performanceScore!);
        }
        rows.push([
          setup,
          (tests / minutes).toFixed(1),
          (tests / minutes / CORES).toFixed(1),
          percentile(runS, 0.5).toFixed(2),
          percentile(waitS, 0.5).toFixed(1),
          Math.max(...waitS).toFixed(1),
          `${percentile(scores, 0.5)} (${scores.join(' ')})`,
        ]);
      } finally {
        await Promise.all([api.stop(), ...pool.map((w) => w.stop())]);
      }
    }
  } finally {
    await db.$disconnect();
    fixture.close();
    slow.server.close();
  }
  return table(
    [
      'browser workers',
      'tests/min',
      `tests/min per core (${CORES})`,
      'run p50 s',
      'queue wait p50 s',
      'queue wait max s',
      'slow page: perf score median (all)',
    ],
    rows,
  );
}
