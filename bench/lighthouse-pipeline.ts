import { postTest, spawnApp, teamWithKey, waitForTest } from '@pageprobe/testing';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { BrowserPool } from '@pageprobe/browser';
import { createDb, createPool, type Pool } from '@pageprobe/db';
import { createLogger } from '@pageprobe/logger';
import lighthouse from 'lighthouse';
import type { Page } from 'puppeteer-core';
import { freePort } from '@pageprobe/local-services';
import { startBenchPage } from './support/bench-page.ts';
import { appEnv, type BenchServices } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 4's scenario: the same fixture page through the whole system (POST /tests → `completed`, with
// a warm browser) versus the `lighthouse` CLI on its own (a cold Chromium each run), 5 runs each; and
// (issue 19) versus Lighthouse's Node API alone on an already-open page of a warm Chromium launched as
// the worker launches it, nothing else (no API, queue, proxy, summary, HAR or storage). Then what a
// finished lighthouse test keeps in PostgreSQL: its row, its artifact rows and its ledger debit.

const silent = createLogger({ name: 'bench', level: 'silent' });
const LIGHTHOUSE_CLI = new URL('./node_modules/lighthouse/cli/index.js', import.meta.url).pathname;
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --disable-sync --no-first-run';
type Stats = ReturnType<typeof stats>;
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)!, sd };
};

/** Bytes a finished test keeps in PostgreSQL (values as stored, TOAST compression included; indexes aside). */
async function databaseBytes(pool: Pool, teamId: string) {
  const { rows } = await pool.query<{
    tests: number;
    test: number;
    artifacts: number;
    ledger: number;
    delivery: number;
  }>(
    `SELECT count(*)::int AS tests,
       (SELECT sum(pg_column_size(t.*)) FROM tests t WHERE t.team_id = $1 AND t.status = 'completed')::float AS test,
       (SELECT sum(pg_column_size(a.*)) FROM artifacts a JOIN tests t ON t.id = a.test_id
          WHERE t.team_id = $1 AND t.status = 'completed')::float AS artifacts,
       (SELECT sum(pg_column_size(l.*)) FROM credit_ledger l JOIN tests t ON t.id = l.test_id
          WHERE t.team_id = $1 AND t.status = 'completed')::float AS ledger,
       (SELECT coalesce(sum(pg_column_size(d.*)), 0) FROM callback_deliveries d JOIN tests t ON t.id = d.test_id
          WHERE t.team_id = $1 AND t.status = 'completed')::float AS delivery
     FROM tests WHERE team_id = $1 AND status = 'completed'`,
    [teamId],
  );
  const r = rows[0]!;
  return {
    test: r.test / r.tests,
    artifacts: r.artifacts / r.tests,
    ledger: r.ledger / r.tests,
    delivery: r.delivery / r.tests,
  };
}

export async function lighthousePipeline(services: BenchServices, runs: number) {
  const { url: pageUrl, server: fixture } = await startBenchPage();

  const db = createDb(services.databaseUrl, { poolSize: 2 });
  const { key, teamId } = await teamWithKey(db, { name: 'bench lighthouse', credits: 100 });
  await db.$disconnect();

  const port = await freePort();
  const env = appEnv(services, port, { ALLOW_PRIVATE_TARGETS: 'true', QUEUE_PREFIX: 'bench-lh' });
  progress('starting the API and the browser worker');
  const api = await spawnApp('api', env, { readyUrl: `http://127.0.0.1:${port}/healthz` });
  const worker = await spawnApp('worker-browser', { ...env, LOG_LEVEL: 'info' }, { ready: /worker-browser ready/ });

  const runPipeline = async () => {
    const started = performance.now();
    const origin = `http://127.0.0.1:${port}`;
    // A callback_url, so the test also writes its delivery row (the outbox; no dispatcher runs here to send it).
    const { body } = await postTest<{ id: string }>(origin, key, {
      url: pageUrl,
      type: 'lighthouse',
      callback_url: 'http://127.0.0.1:9/hook',
    });
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

  // The Node API baseline: the worker's own way of launching Chromium, one page kept open throughout.
  const browsers = new BrowserPool({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    recycleAfter: 1000,
    logger: silent,
  });
  const runNodeApi = async (page: Page) => {
    const started = performance.now();
    const result = await lighthouse(pageUrl, { output: ['json', 'html'], logLevel: 'error' }, undefined, page);
    if (!result || result.lhr.runtimeError) throw new Error('Lighthouse Node API run failed');
    return {
      ms: performance.now() - started,
      score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
    };
  };

  const pipeline: Array<{ ms: number; score: number }> = [];
  const cli: Array<{ ms: number; score: number }> = [];
  const nodeApi: Array<{ ms: number; score: number }> = [];
  try {
    progress("pipeline warm-up run (launches the worker's browser; not counted)");
    await runPipeline();
    await browsers.withPage('direct://', async (page) => {
      progress('Node API warm-up run (not counted)');
      await runNodeApi(page);
      for (let i = 1; i <= runs; i++) {
        progress(`run ${i}/${runs}: lighthouse CLI, Lighthouse's Node API, then POST /tests → completed`);
        cli.push(await runCli());
        nodeApi.push(await runNodeApi(page));
        pipeline.push(await runPipeline());
      }
    });
  } finally {
    await Promise.all([api.stop(), worker.stop(), browsers.close()]);
    fixture.close();
  }
  const pool = createPool(services.databaseUrl, { size: 1 });
  const bytes = await databaseBytes(pool, teamId).finally(() => pool.end());

  const p = stats(pipeline.map((r) => r.ms));
  const c = stats(cli.map((r) => r.ms));
  const n = stats(nodeApi.map((r) => r.ms));
  const [ps, cs, ns] = [pipeline, cli, nodeApi].map((xs) => stats(xs.map((r) => r.score))) as [Stats, Stats, Stats];
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const kib = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
  return [
    table(
      ['', 'median s', 'min s', 'max s', 'perf score median', 'perf score sd'],
      [
        ['POST /tests → completed', s(p.median), s(p.min), s(p.max), ps.median, ps.sd.toFixed(2)],
        ['lighthouse CLI alone', s(c.median), s(c.min), s(c.max), cs.median, cs.sd.toFixed(2)],
        [
          "Lighthouse's Node API, open page, warm Chromium",
          s(n.median),
          s(n.min),
          s(n.max),
          ns.median,
          ns.sd.toFixed(2),
        ],
        ['ratio pipeline / CLI', (p.median / c.median).toFixed(2), '', '', '', ''],
        ['ratio pipeline / Node API (goal ≤ 1.10)', (p.median / n.median).toFixed(2), '', '', '', ''],
      ],
    ),
    table(
      ['PostgreSQL bytes per finished lighthouse test', 'bytes'],
      [
        ['tests row', kib(bytes.test)],
        ['artifact rows', kib(bytes.artifacts)],
        ['ledger debit', kib(bytes.ledger)],
        ['callback delivery (its attempts add about 0.1 KiB each)', kib(bytes.delivery)],
        ['total (goal ≤ 20 KB)', kib(bytes.test + bytes.artifacts + bytes.ledger + bytes.delivery)],
      ],
    ),
  ].join('\n\n');
}
