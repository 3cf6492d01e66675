import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDb } from '@pageprobe/db';
import { freePort } from '@pageprobe/local-services';
import { postTest, spawnApp, teamWithKey, waitForTest } from '@pageprobe/testing';
import { appEnv, type BenchServices } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 15's scenario: how much `runs` steadies the performance score. The same slow page, N tests of
// one run against N tests of three, each test's reported score; the standard deviation of those is what
// a CI gate sees from one deploy to the next. The page is slow the way real pages are: a render-blocking
// stylesheet and scripts that keep the main thread busy, served with the jitter of a real server
// (0-250 ms more on each resource), so scores move from run to run as they do on the web.

const busy = (ms: number) => `const end = performance.now() + ${ms}; while (performance.now() < end) {}`;
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Slow bench page</title><link rel="stylesheet" href="/slow.css"><script src="/a.js"></script></head><body><h1>Slow page</h1>
${'<p>Paragraph text for the page to have a body worth painting, and a layout to compute.</p>'.repeat(60)}
<script src="/b.js"></script><script>setTimeout(() => { ${busy(120)} }, 50)</script></body></html>`;

export async function startSlowPage() {
  const server = createServer((req, res) => {
    const jitter = Math.random() * 250;
    const send = (type: string, body: string, delay: number) =>
      setTimeout(
        () => res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body),
        delay + jitter,
      );
    if (req.url === '/slow.css') return send('text/css', 'body{font:16px sans-serif;max-width:40em;margin:auto}', 400);
    if (req.url === '/a.js') return send('application/javascript', busy(150), 300);
    if (req.url === '/b.js') return send('application/javascript', busy(200), 200);
    send('text/html', PAGE, 100);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

const sd = (xs: number[]) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1));
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function lighthouseRuns(services: BenchServices, tests: number) {
  const page = await startSlowPage();
  const db = createDb(services.databaseUrl, { poolSize: 2 });
  const { key } = await teamWithKey(db, { name: 'bench runs', credits: tests * 4 + 5 });
  await db.$disconnect();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = appEnv(services, port, { ALLOW_PRIVATE_TARGETS: 'true', QUEUE_PREFIX: 'bench-runs' });
  progress('starting the API and the browser worker');
  const api = await spawnApp('api', env, { readyUrl: `${origin}/healthz` });
  const worker = await spawnApp('worker-browser', { ...env, LOG_LEVEL: 'info' }, { ready: /worker-browser ready/ });

  const runTest = async (runs: number) => {
    const started = performance.now();
    const { body } = await postTest<{ id: string }>(origin, key, { url: page.url, type: 'lighthouse', runs });
    const t = await waitForTest<{ status: string; performance_score: number }>(origin, key, body.id, {
      pollMs: 100,
      timeoutMs: 300_000,
    });
    if (t.status !== 'completed') throw new Error(`runs=${runs} test failed: ${JSON.stringify(t)}`);
    return { s: (performance.now() - started) / 1000, score: t.performance_score };
  };
  const single: Array<{ s: number; score: number }> = [];
  const triple: Array<{ s: number; score: number }> = [];
  try {
    progress('warm-up test (launches the browser; not counted)');
    await runTest(1);
    // Interleaved, so both see the same machine over time.
    for (let i = 1; i <= tests; i++) {
      progress(`test ${i}/${tests}: runs=1, then runs=3`);
      single.push(await runTest(1));
      triple.push(await runTest(3));
    }
  } finally {
    await Promise.all([api.stop(), worker.stop()]);
    page.server.close();
  }
  const row = (name: string, xs: Array<{ s: number; score: number }>) => [
    name,
    xs.map((x) => x.score).join(' '),
    sd(xs.map((x) => x.score)).toFixed(2),
    median(xs.map((x) => x.s)).toFixed(1),
  ];
  const sd1 = sd(single.map((x) => x.score));
  const sd3 = sd(triple.map((x) => x.score));
  return table(
    ['', 'performance scores', 'sd', 'median s per test'],
    [
      row('runs=1', single),
      row('runs=3 (representative run)', triple),
      [
        'runs=3 / runs=1',
        '',
        sd1 === 0 ? '–' : `${(sd3 / sd1).toFixed(2)} (goal ≤ 0.50)`,
        (median(triple.map((x) => x.s)) / median(single.map((x) => x.s))).toFixed(2),
      ],
    ],
  );
}
