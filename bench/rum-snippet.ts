import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { snippetFor } from '@pageprobe/rum';
import express from 'express';
import puppeteer, { type Browser } from 'puppeteer-core';
import { beaconRoute } from '../apps/api/src/rum/beacon-route.ts';
import { percentile } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 61: "a page that loads the snippet and does nothing else is not slowed (measured)". The same page
// loaded in Chromium LOADS times without the snippet (the baseline) and LOADS times with it, interleaved
// (the order alternating each round), each load in a fresh browser context (an empty cache: a first
// visit, the script fetched). The script is served by the API's own route (beaconRoute) from another
// origin, as a site's pages load it. Per load: FCP, LCP, the load event, and the time in long tasks (50 ms
// and over) until the beacon's observers have started (it starts them in idle time, within 2 s); and the
// script's bytes over the wire (Resource Timing: the route sends timing-allow-origin).

const LOADS = Number(process.env.BENCH_RUM_SNIPPET_LOADS ?? 30);

const page = (snippet: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>A shop</title>${snippet}<link rel="stylesheet" href="/style.css"></head>
<body><h1>A shop</h1>${'<p>Some paragraph text for the page to have a body worth painting, as a product page has.</p>'.repeat(40)}
<script src="/app.js"></script></body></html>`;

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Load {
  fcp: number;
  lcp: number;
  load: number;
  longTasks: number;
  beaconBytes: number;
}

async function measure(browser: Browser, url: string): Promise<Load> {
  const context = await browser.createBrowserContext();
  try {
    const p = await context.newPage();
    // Long tasks from the document's start: the observer is on before any of the page's scripts.
    // (Strings: the bench's TypeScript has no DOM types.)
    await p.evaluateOnNewDocument(
      "window.__longTasks = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks += e.duration; }).observe({ type: 'longtask', buffered: true });",
    );
    await p.goto(url, { waitUntil: 'load' });
    // Past the beacon's start (an idle callback with a 2 s timeout): its work is in the long tasks.
    await p.evaluate('new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2500 }))');
    return (await p.evaluate(`(async () => {
      const lcp = await new Promise((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1).startTime)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        }),
      );
      const beacon = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/rum/v1/beacon.js'));
      return {
        fcp: performance.getEntriesByName('first-contentful-paint')[0].startTime,
        lcp,
        load: performance.getEntriesByType('navigation')[0].loadEventEnd,
        longTasks: window.__longTasks,
        beaconBytes: beacon ? beacon.transferSize : 0,
      };
    })()`)) as Load;
  } finally {
    await context.close();
  }
}

export async function rumSnippetBench(): Promise<string> {
  const api = express().use(beaconRoute());
  const apiServer = createServer(api);
  const apiOrigin = await listen(apiServer);
  const snippet = snippetFor({ siteKey: 'rum_pk_bench', sampleRate: 1, keepQueryStrings: false }, apiOrigin);
  const site = createServer((req, res) => {
    if (req.url === '/style.css')
      return void res
        .writeHead(200, { 'content-type': 'text/css' })
        .end('body{font:16px sans-serif;max-width:40em;margin:auto}');
    if (req.url === '/app.js')
      return void res.writeHead(200, { 'content-type': 'text/javascript' }).end('document.body.dataset.ready = "1";');
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(page(req.url === '/with' ? snippet : ''));
  });
  const origin = await listen(site);
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    pipe: true,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const without: Load[] = [];
  const withSnippet: Load[] = [];
  try {
    // One of each first, not counted: Chromium's first pages are slower than the rest.
    await measure(browser, `${origin}/without`);
    await measure(browser, `${origin}/with`);
    for (let i = 0; i < LOADS; i++) {
      const order: Array<[string, Load[]]> = [
        ['/without', without],
        ['/with', withSnippet],
      ];
      if (i % 2) order.reverse();
      for (const [path, into] of order) into.push(await measure(browser, `${origin}${path}`));
      if ((i + 1) % 10 === 0) progress(`rum-snippet: ${i + 1} of ${LOADS} rounds`);
    }
  } finally {
    await browser.close();
    apiServer.close();
    site.close();
  }
  const stat = (loads: Load[], key: keyof Load) => {
    const values = loads.map((l) => l[key]).sort((a, b) => a - b);
    return `${percentile(values, 0.5).toFixed(0)} / ${percentile(values, 0.95).toFixed(0)}`;
  };
  const row = (name: string, loads: Load[]) => [
    name,
    stat(loads, 'fcp'),
    stat(loads, 'lcp'),
    stat(loads, 'load'),
    stat(loads, 'longTasks'),
    loads.some((l) => l.beaconBytes) ? `${stat(loads, 'beaconBytes')} B` : '-',
  ];
  return table(
    [`${LOADS} loads each, interleaved`, 'FCP ms p50 / p95', 'LCP ms', 'load event ms', 'long tasks ms', 'beacon.js'],
    [row('without the snippet (baseline)', without), row('with the snippet', withSnippet)],
  );
}
