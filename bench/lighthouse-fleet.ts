import { spawnApp, startTest, teamWithKey } from '@pageprobe/testing';
import { createDb } from '@pageprobe/db';
import { freePort, sleep } from '@pageprobe/local-services';
import { startBenchPage } from './support/bench-page.ts';
import { appEnv, type BenchServices, percentile } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 9's sizing figure: sustained Lighthouse throughput, one and two browser workers (one test at a
// time each, as deployed) draining a queue of tests started at once, on this machine. What the scaling
// guide's "tests per minute per browser worker" comes from.

export async function lighthouseFleet(services: BenchServices, tests: number) {
  const { url: pageUrl, server: fixture } = await startBenchPage();
  const db = createDb(services.databaseUrl, { poolSize: 2 });
  const { key } = await teamWithKey(db, { name: 'bench fleet', credits: 1000 });

  const rows: (string | number)[][] = [];
  try {
    for (const workers of [1, 2]) {
      const port = await freePort();
      const env = appEnv(services, port, { ALLOW_PRIVATE_TARGETS: 'true', QUEUE_PREFIX: `bench-fleet-${workers}` });
      progress(`${workers} browser worker(s): starting`);
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
      const run = async (n: number) => {
        const ids = await Promise.all(
          Array.from(
            { length: n },
            async () => (await startTest(`http://127.0.0.1:${port}`, key, { url: pageUrl, type: 'lighthouse' })).id,
          ),
        );
        for (;;) {
          const rows = await db.test.findMany({
            where: { id: { in: ids } },
            select: { status: true, createdAt: true, startedAt: true, completedAt: true },
          });
          if (rows.some((r) => r.status === 'failed')) throw new Error('a fleet bench test failed');
          if (rows.every((r) => r.status === 'completed')) return rows;
          await sleep(200);
        }
      };
      try {
        progress(`${workers} browser worker(s): warm-up (a test each, launches the browsers; not counted)`);
        await run(workers);
        progress(`${workers} browser worker(s): ${tests} tests started at once`);
        const started = performance.now();
        const done = await run(tests);
        const minutes = (performance.now() - started) / 60_000;
        const runS = done.map((r) => (r.completedAt!.getTime() - r.startedAt!.getTime()) / 1000);
        const waitS = done.map((r) => (r.startedAt!.getTime() - r.createdAt.getTime()) / 1000);
        rows.push([
          workers,
          (tests / minutes).toFixed(1),
          (tests / minutes / workers).toFixed(1),
          percentile(runS, 0.5).toFixed(2),
          percentile(waitS, 0.5).toFixed(1),
          Math.max(...waitS).toFixed(1),
        ]);
      } finally {
        await Promise.all([api.stop(), ...pool.map((w) => w.stop())]);
      }
    }
  } finally {
    await db.$disconnect();
    fixture.close();
  }
  return table(
    ['browser workers', 'tests/min', 'tests/min per worker', 'run p50 s', 'queue wait p50 s', 'queue wait max s'],
    rows,
  );
}
