import { postTest, spawnApp, teamWithKey, waitForTest } from '@pageprobe/testing';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createDb } from '@pageprobe/db';
import { freePort } from '@pageprobe/local-services';
import { startBenchPage } from './support/bench-page.ts';
import { appEnv, type BenchServices } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 4's scenario: the same fixture page through the whole system (POST /tests → `completed`, with
// a warm browser) versus the `lighthouse` CLI on its own (a cold Chromium each run), 5 runs each.

const LIGHTHOUSE_CLI = new URL('./node_modules/lighthouse/cli/index.js', import.meta.url).pathname;
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync --no-first-run';
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)!, sd };
};

export async function lighthousePipeline(services: BenchServices, runs: number) {
  const { url: pageUrl, server: fixture } = await startBenchPage();

  const db = createDb(services.databaseUrl, { poolSize: 2 });
  const { key } = await teamWithKey(db, { name: 'bench lighthouse', credits: 100 });
  await db.$disconnect();

  const port = await freePort();
  const env = appEnv(services, port, { ALLOW_PRIVATE_TARGETS: 'true', QUEUE_PREFIX: 'bench-lh' });
  progress('starting the API and the browser worker');
  const api = await spawnApp('api', env, { readyUrl: `http://127.0.0.1:${port}/healthz` });
  const worker = await spawnApp('worker-browser', { ...env, LOG_LEVEL: 'info' }, { ready: /worker-browser ready/ });

  const runPipeline = async () => {
    const started = performance.now();
    const origin = `http://127.0.0.1:${port}`;
    const { body } = await postTest<{ id: string }>(origin, key, { url: pageUrl, type: 'lighthouse' });
    const t = await waitForTest<{ status: string; performance_score: number }>(origin, key, body.id, { pollMs: 50 });
    if (t.status === 'failed') throw new Error(`pipeline run failed: ${JSON.stringify(t)}`);
    return { ms: performance.now() - started, score: t.performance_score };
  };
  const runCli = async () => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [LIGHTHOUSE_CLI, pageUrl, '--output=json', '--output-path=stdout', '--quiet', `--chrome-flags=${CHROME_FLAGS}`],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    const [code] = await once(child, 'exit');
    if (code !== 0) throw new Error(`lighthouse CLI exited ${code}`);
    return { ms: performance.now() - started, score: Math.round(JSON.parse(out).categories.performance.score * 100) };
  };

  const pipeline: Array<{ ms: number; score: number }> = [];
  const cli: Array<{ ms: number; score: number }> = [];
  try {
    progress("pipeline warm-up run (launches the worker's browser; not counted)");
    await runPipeline();
    for (let i = 1; i <= runs; i++) {
      progress(`run ${i}/${runs}: lighthouse CLI, then POST /tests → completed`);
      cli.push(await runCli());
      pipeline.push(await runPipeline());
    }
  } finally {
    await Promise.all([api.stop(), worker.stop()]);
    fixture.close();
  }

  const p = stats(pipeline.map((r) => r.ms));
  const c = stats(cli.map((r) => r.ms));
  const ps = stats(pipeline.map((r) => r.score));
  const cs = stats(cli.map((r) => r.score));
  const s = (ms: number) => (ms / 1000).toFixed(2);
  return table(
    ['', 'median s', 'min s', 'max s', 'perf score median', 'perf score sd'],
    [
      ['POST /tests → completed', s(p.median), s(p.min), s(p.max), ps.median, ps.sd.toFixed(2)],
      ['lighthouse CLI alone', s(c.median), s(c.min), s(c.max), cs.median, cs.sd.toFixed(2)],
      ['ratio (pipeline / CLI)', (p.median / c.median).toFixed(2), '', '', '', ''],
    ],
  );
}
