import { postTest, spawnApp, teamWithKey, waitForTest } from '@pageprobe/testing';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDb } from '@pageprobe/db';
import { freePort } from '@pageprobe/local-services';
import got from 'got';
import { appEnv, type BenchServices } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 6's scenario: a 50-page site (ten links and ~250 words a page, robots.txt, sitemap, llms.txt)
// crawled through the whole system (POST /tests → completed) versus a bare `got` loop fetching the
// same 50 pages with the same per-host concurrency of 2, no parsing, no checks.

const PAGES = 50;
const WORDS =
  'crawler index ranking search engine page site content heading title description canonical sitemap robots garden river coffee'.split(
    ' ',
  );
const text = (n: number) => Array.from({ length: 250 }, (_, i) => WORDS[(n * 7 + i * 13) % WORDS.length]).join(' ');
const path = (n: number) => (n === 0 ? '/' : `/page/${n}`);

function fixturePage(origin: string, n: number): string {
  const url = `${origin}${path(n)}`;
  const links = Array.from({ length: 10 }, (_, k) => {
    const m = (n * 10 + k + 1) % PAGES;
    return `<a href="${path(m)}">Bench page number ${m}</a>`;
  }).join(' ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Bench page ${n} | Pageprobe bench site</title><meta name="description" content="Page ${n} of the fifty-page site the seo_crawl benchmark crawls.">
<link rel="canonical" href="${url}"><script type="application/ld+json">{"@context":"https://schema.org","@type":"WebPage","name":"Bench ${n}"}</script>
</head><body><h1>Bench page ${n}</h1><nav>${links}</nav><p>${n} ${text(n)}</p></body></html>`;
}

/** The process's peak resident memory so far (VmHWM), in MiB. */
const peakMiB = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

export async function seoCrawl(services: BenchServices, runs: number) {
  const fixture = createServer((req, res) => {
    const origin = `http://${req.headers.host}`;
    if (req.url === '/robots.txt')
      return void res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(`User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
    if (req.url === '/sitemap.xml') {
      const urls = Array.from({ length: PAGES }, (_, n) => `<url><loc>${origin}${path(n)}</loc></url>`).join('');
      return void res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`);
    }
    if (req.url === '/llms.txt')
      return void res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(`# Bench\n\n> A bench site.\n\n- [Home](${origin}/)\n`);
    const n = req.url === '/' ? 0 : Number(/^\/page\/(\d+)$/.exec(req.url ?? '')?.[1] ?? -1);
    if (n < 0 || n >= PAGES) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(fixturePage(origin, n));
  });
  fixture.listen(0, '127.0.0.1');
  await once(fixture, 'listening');
  const origin = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;

  const db = createDb(services.databaseUrl, { poolSize: 2 });
  const { key } = await teamWithKey(db, { name: 'bench seo', credits: 100 });
  await db.$disconnect();

  const port = await freePort();
  const env = appEnv(services, port, { ALLOW_PRIVATE_TARGETS: 'true', QUEUE_PREFIX: 'bench-seo' });
  progress('starting the API and the browser worker');
  const api = await spawnApp('api', env, { readyUrl: `http://127.0.0.1:${port}/healthz` });
  const worker = await spawnApp('worker-browser', { ...env, LOG_LEVEL: 'info' }, { ready: /worker-browser ready/ });

  const runPipeline = async () => {
    const started = performance.now();
    const api = `http://127.0.0.1:${port}`;
    const { body } = await postTest<{ id: string }>(api, key, { url: `${origin}/`, type: 'seo_crawl' });
    const t = await waitForTest<{ status: string; result: { pages_crawled: number; duration_ms: number } }>(
      api,
      key,
      body.id,
      { pollMs: 50 },
    );
    if (t.status === 'failed') throw new Error(`seo_crawl run failed: ${JSON.stringify(t)}`);
    return { total: performance.now() - started, crawl: t.result.duration_ms, pages: t.result.pages_crawled };
  };
  const runBare = async () => {
    const started = performance.now();
    const queue = Array.from({ length: PAGES }, (_, n) => `${origin}${path(n)}`);
    await Promise.all(
      [0, 1].map(async () => {
        for (let url = queue.shift(); url; url = queue.shift()) await got(url).text();
      }),
    );
    return performance.now() - started;
  };

  const pipeline: Array<{ total: number; crawl: number; pages: number }> = [];
  const bare: number[] = [];
  let memory = 0;
  try {
    progress("warm-up run (launches the worker's browser; not counted)");
    await runPipeline();
    for (let i = 1; i <= runs; i++) {
      progress(`run ${i}/${runs}: bare got loop, then POST /tests → completed`);
      bare.push(await runBare());
      pipeline.push(await runPipeline());
    }
    memory = peakMiB(worker.child.pid!);
  } finally {
    await Promise.all([api.stop(), worker.stop()]);
    fixture.close();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const crawlMs = median(pipeline.map((r) => r.crawl));
  const totalMs = median(pipeline.map((r) => r.total));
  const bareMs = median(bare);
  const pagesPerS = (pages: number, ms: number) => (pages / (ms / 1000)).toFixed(1);
  return table(
    ['', 'pages', 'median s', 'pages/s', 'peak memory'],
    [
      [
        'seo_crawl: crawl + checks (worker)',
        pipeline[0]!.pages,
        (crawlMs / 1000).toFixed(2),
        pagesPerS(pipeline[0]!.pages, crawlMs),
        `${memory.toFixed(0)} MiB worker RSS`,
      ],
      [
        'seo_crawl: POST /tests → completed',
        pipeline[0]!.pages,
        (totalMs / 1000).toFixed(2),
        pagesPerS(pipeline[0]!.pages, totalMs),
        '(Chromium is its own process)',
      ],
      ['bare got loop, concurrency 2', PAGES, (bareMs / 1000).toFixed(2), pagesPerS(PAGES, bareMs), ''],
    ],
  );
}
