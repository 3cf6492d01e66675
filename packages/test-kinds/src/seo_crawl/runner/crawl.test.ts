// A crawl's budget counts robots.txt, the sitemaps and llms.txt too. When those spend all of it (a slow or
// hostile site on a loaded machine), the crawl still visits its start page: with no page at all, the run had
// nothing to report and failed as our own error (an internal_error, seen in the suite on 2026-11-29).
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import { closePageParser, crawlSite } from './crawl.ts';

const server = createServer((req, res) => {
  // The sitemap answers after 400 ms: past the whole 200 ms budget. (robots.txt answers at once: one that
  // cannot be read lets the crawl follow no link, by design.)
  if (req.url === '/sitemap.xml') return void setTimeout(() => res.writeHead(404).end(), 400);
  if (req.url === '/robots.txt' || req.url === '/llms.txt') return void res.writeHead(404).end();
  res
    .writeHead(200, { 'content-type': 'text/html' })
    .end('<!doctype html><html lang="en"><title>Start</title><h1>Start</h1><a href="/next">Next</a></html>');
});
server.listen(0, '127.0.0.1');
await once(server, 'listening');
after(async () => {
  await closePageParser();
  server.closeAllConnections();
  server.close();
});
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

test('a budget spent before the first page: the start page is still crawled, and the budget named', async () => {
  const crawl = await crawlSite(`${origin}/`, {
    policy: { allowPrivate: true, allowTargets: [] },
    maxPages: 10,
    maxDepth: 3,
    budgetMs: 200,
    concurrency: 2,
    requestTimeoutMs: 2_000,
  });
  assert.deepEqual(
    crawl.pages.map((p) => [p.url, p.status]),
    [[`${origin}/`, 200]],
  );
  assert.equal(crawl.stoppedBy, 'time_budget');
  assert.equal(crawl.notCrawled, 1);
});
