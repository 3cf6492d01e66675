import { createDb } from '@pageprobe/db';
import { freePort } from '@pageprobe/local-services';
import { postTest, spawnApp, teamWithKey, waitForTest } from '@pageprobe/testing';
import { startBenchPage } from './support/bench-page.ts';
import { appEnv, type BenchServices } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 23's scenario: the first lighthouse tests after a browser worker starts, with and without its
// warm-up (one throwaway run on a local page before it says it is ready), on the bench page. Each setting
// gets a fresh worker; the figures are the time from POST to completed and what the test reported.

interface Figures {
  readyS: number;
  tests: Array<{ s: number; score: number; ttfb: number | null }>;
}

type Finished = { status: string; performance_score: number; vitals: { ttfb_ms: number | null } };

async function firstTests(services: BenchServices, warmUp: boolean, count: number): Promise<Figures> {
  const page = await startBenchPage();
  const db = createDb(services.databaseUrl, { poolSize: 2 });
  const { key } = await teamWithKey(db, { name: `bench first ${warmUp}`, credits: count + 5 });
  await db.$disconnect();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = appEnv(services, port, { ALLOW_PRIVATE_TARGETS: 'true', QUEUE_PREFIX: `bench-first-${warmUp}` });
  const api = await spawnApp('api', env, { readyUrl: `${origin}/healthz` });
  const spawned = performance.now();
  const worker = await spawnApp(
    'worker-browser',
    { ...env, LOG_LEVEL: 'info', BROWSER_WARM_UP: String(warmUp) },
    { ready: /worker-browser ready/, timeoutMs: 60_000 },
  );
  const figures: Figures = { readyS: (performance.now() - spawned) / 1000, tests: [] };
  try {
    for (let i = 1; i <= count; i++) {
      progress(`warm-up ${warmUp ? 'on' : 'off'}: test ${i}/${count}`);
      const started = performance.now();
      const { body } = await postTest<{ id: string }>(origin, key, { url: page.url, type: 'lighthouse' });
      const t = await waitForTest<Finished>(origin, key, body.id, { pollMs: 100, timeoutMs: 120_000 });
      if (t.status !== 'completed') throw new Error(`test failed: ${JSON.stringify(t)}`);
      figures.tests.push({
        s: (performance.now() - started) / 1000,
        score: t.performance_score,
        ttfb: t.vitals.ttfb_ms,
      });
    }
  } finally {
    await Promise.all([api.stop(), worker.stop()]);
    page.server.close();
  }
  return figures;
}

export async function firstTest(services: BenchServices, count = 5) {
  const cold = await firstTests(services, false, count);
  const warm = await firstTests(services, true, count);
  const row = (name: string, f: Figures) => {
    const [first, last] = [f.tests[0]!, f.tests.at(-1)!];
    return [
      name,
      f.readyS.toFixed(1),
      first.s.toFixed(1),
      last.s.toFixed(1),
      f.tests.map((t) => t.score).join(' '),
      f.tests.map((t) => t.ttfb ?? '–').join(' '),
    ];
  };
  return table(
    ['worker', 'start → ready s', 'test 1 s', `test ${count} s`, 'scores', 'ttfb ms'],
    [row('no warm-up (baseline)', cold), row('warm-up (BROWSER_WARM_UP)', warm)],
  );
}
