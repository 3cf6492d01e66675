// The human-readable reports at report_url, opened in real headless Chromium for real finished tests of
// each kind (the workers run against fixture sites here): what a person sees, on a phone-sized screen,
// with no console errors; a screenshot of each is kept under test/.artifacts/reports/ for review; and
// Lighthouse run on the lighthouse and seo reports themselves.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freePort } from '@pageprobe/local-services';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { startApp } from './support/app-process.ts';
import { makeCertificates } from './support/certs.ts';
import { call } from './support/http.ts';
import { eventually } from './support/servers.ts';
import { httpSite, page as sitePage, prose, sendHtml, sendText } from './support/seo-sites.ts';
import { teamWithKey } from './support/teams.ts';
import { createTestEnv } from './support/test-env.ts';

const SHOTS = fileURLToPath(new URL('./.artifacts/reports/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

const env = await createTestEnv();
const dir = mkdtempSync(join(tmpdir(), 'report-certs-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const certs = makeCertificates(dir);
const secure = createHttpsServer(certs.valid, (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('up'));
secure.listen(0, '127.0.0.1');
await once(secure, 'listening');
after(() => secure.close());

// One site serves the lighthouse page and a small crawl with a few planted issues.
const site = await httpSite((path, res) => {
  if (path === '/robots.txt') return sendText(res, 'text/plain', 'User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n');
  if (path === '/pixel.png') {
    return sendText(res, 'image/png', Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
  }
  if (path === '/') {
    return sendHtml(res, sitePage(`${site.origin}/`, { body: `<a href="/about">About the garden team</a> <a href="/untitled">Pages without a title</a><img src="/pixel.png" alt="dot" width="1" height="1">${prose(1)}` }));
  }
  if (path === '/about') return sendHtml(res, sitePage(`${site.origin}/about`, { body: prose(2) }));
  if (path === '/untitled') return sendHtml(res, sitePage(`${site.origin}/untitled`, { title: null, body: '<p>Short.</p>' }));
  sendText(res, 'text/plain', 'not found', 404);
});

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const apiEnv = { PUBLIC_BASE_URL: origin, ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMIT_READS_PER_MIN: '100000', RATE_LIMIT_WRITES_PER_MIN: '1000' };
await startApp('api', env.appEnv({ ...apiEnv, PORT: String(port) }));
await startApp('worker-browser', env.appEnv({ ALLOW_PRIVATE_TARGETS: 'true', LIGHTHOUSE_MAX_WAIT_MS: '6000', PUBLIC_BASE_URL: origin }));
await startApp('worker-uptime', env.appEnv({ ALLOW_PRIVATE_TARGETS: 'true', UPTIME_TIMEOUT_MS: '3000', NODE_EXTRA_CA_CERTS: certs.caFile }));
const { key, teamId } = await teamWithKey(env, { credits: 20 });
const api = `${origin}/api/v1`;

async function start(url: string, type: string) {
  const res = await call<{ id: string; report_url: string }>(`${api}/tests`, { method: 'POST', token: key, body: { url, type } });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  return res.body;
}
const finished = (id: string) =>
  eventually(async () => {
    const res = await call<Record<string, any>>(`${api}/tests/${id}`, { token: key });
    return ['completed', 'failed'].includes(res.body.status) ? res.body : undefined;
  }, 120_000, `test ${id} finished`);

const started = {
  lighthouse: await start(`${site.origin}/`, 'lighthouse'),
  seo: await start(`${site.origin}/`, 'seo_crawl'),
  uptime: await start(`https://localhost:${(secure.address() as AddressInfo).port}/`, 'uptime'),
  failed: await start('http://127.0.0.1:1/', 'seo_crawl'),
};
// A test a worker is still running: its row as the worker leaves it while it works.
const running = await env.db.test.create({
  data: { teamId, type: 'lighthouse', url: 'https://example.com/', device: 'mobile', status: 'running', startedAt: new Date(), reportToken: 'running-report-token-0123456789abcdef' },
});

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  pipe: true,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
});
after(() => browser.close());

/** Opens a report on a phone-sized screen, collecting console errors and failed requests; saves a screenshot. */
async function open(url: string, name: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 1 });
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${String(e)}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  // Usable on a phone: the page itself never scrolls sideways (wide tables scroll inside their card).
  const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
  assert.ok((overflow as number) <= 0, `${name}: the page is ${overflow}px wider than the screen`);
  return { page, problems };
}
const text = (page: Page, selector: string) => page.$eval(selector, (el) => (el.textContent ?? '').trim());

test('lighthouse: grade, scores, vitals, filmstrip images, screenshots, a waterfall row per HAR entry, the full report', async () => {
  const t = await finished(started.lighthouse.id);
  assert.equal(t.status, 'completed', JSON.stringify(t.error));
  assert.equal(t.report_url, started.lighthouse.report_url);
  const { page, problems } = await open(t.report_url, 'lighthouse');
  assert.deepEqual(problems, []);
  assert.equal(await text(page, '.grade'), t.grade);
  const tiles = await page.$$eval('.tile', (els) => els.map((e) => e.textContent ?? ''));
  assert.ok(tiles.some((x) => x.includes(String(t.scores.performance)) && x.includes('Performance')), tiles.join('|'));
  const ratings = await page.$$eval('section[aria-labelledby="vitals"] .badge', (els) => els.map((e) => e.textContent));
  assert.ok(ratings.length >= 5 && ratings.every((r) => ['good', 'needs improvement', 'poor'].includes(r ?? '')), ratings.join(','));
  const frames = await page.$$eval('.filmstrip img', (imgs) => imgs.map((i) => (i as unknown as { naturalWidth: number }).naturalWidth));
  assert.ok(frames.length >= 3 && frames.every((w) => w > 0), `filmstrip widths ${frames}`);
  const shots = await page.$$eval('.shots img', (imgs) => imgs.map((i) => (i as unknown as { naturalWidth: number }).naturalWidth));
  assert.equal(shots.length, 2);
  assert.ok(shots.every((w) => w > 0));
  const har = (await call<{ log: { entries: unknown[] } }>(`${api}/tests/${t.id}/har`, { token: key })).body;
  assert.equal(await page.$$eval('table.waterfall tbody tr', (rows) => rows.length), har.log.entries.length);
  const full = await page.$eval('a[href*="/artifacts/"]', (a) => (a as unknown as { href: string }).href);
  const lhReport = await fetch(full);
  assert.equal(lhReport.status, 200);
  assert.match(lhReport.headers.get('content-security-policy') ?? '', /sandbox/);
  assert.match(await lhReport.text(), /Lighthouse/);
  await page.close();
});

test('seo_crawl: score and grade, every issue listed by severity with its URLs, the AI-crawler table, the pages', async () => {
  const t = await finished(started.seo.id);
  assert.equal(t.status, 'completed', JSON.stringify(t.error));
  const { page, problems } = await open(t.report_url, 'seo_crawl');
  assert.deepEqual(problems, []);
  assert.equal(await text(page, '.grade'), t.grade);
  const codes = await page.$$eval('details.issue', (els) => els.map((e) => e.getAttribute('data-code')));
  assert.deepEqual(codes, t.seo_issues.map((i: { code: string }) => i.code));
  const titleMissing = await page.$eval('details.issue[data-code="title_missing"] ul', (ul) => ul.textContent);
  assert.match(titleMissing ?? '', /\/untitled/);
  const gpt = await page.$$eval('section[aria-labelledby="ai"] tbody tr', (rows) => rows.map((r) => r.textContent ?? '').find((x) => x.startsWith('GPTBot')));
  assert.match(gpt ?? '', /blocked/);
  assert.equal(await page.$$eval('section[aria-labelledby="pages"] tbody tr', (rows) => rows.length), t.result.pages_crawled);
  await page.close();
});

test('uptime: the verdict, the timing bar, certificate details with days remaining', async () => {
  const t = await finished(started.uptime.id);
  assert.equal(t.result.up, true, JSON.stringify(t.result));
  const { page, problems } = await open(t.report_url, 'uptime');
  assert.deepEqual(problems, []);
  assert.match(await text(page, '#verdict'), /is up/);
  assert.equal(await text(page, '.days-remaining'), String(t.result.tls.days_remaining));
  assert.ok((await page.$$('section[aria-labelledby="timing"] svg.bar rect')).length >= 2);
  await page.close();
});

test('failed: what went wrong in plain words, and what to try', async () => {
  const t = await finished(started.failed.id);
  assert.equal(t.status, 'failed');
  const { page, problems } = await open(t.report_url, 'failed');
  assert.deepEqual(problems, []);
  const alert = await text(page, '[role="alert"]');
  assert.match(alert, /Nothing answered/);
  assert.match(alert, /What to try/);
  assert.match(alert, new RegExp(t.error.code));
  await page.close();
});

test('a running test: the state, and the page refreshes itself', async () => {
  const res = await fetch(`${origin}/reports/${running.reportToken}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('refresh'), '5');
  const { page, problems } = await open(`${origin}/reports/${running.reportToken}`, 'running');
  assert.deepEqual(problems, []);
  assert.match(await text(page, '[role="status"]'), /is running/);
  await page.close();
});

test('reports are shared without a key but not guessable, safe to open, and can be turned off', async () => {
  const t = await finished(started.seo.id);
  const token = new URL(t.report_url).pathname.split('/').at(-1)!;
  assert.ok(Buffer.from(token, 'base64url').length >= 16, 'at least 128 bits');
  const res = await fetch(t.report_url);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-security-policy') ?? '', /default-src 'none'/);
  assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
  assert.equal((await fetch(`${origin}/reports/${token.slice(0, -2)}xx`)).status, 404);
  assert.equal((await fetch(`${origin}/reports/${token}/artifacts/00000000-0000-0000-0000-000000000000`)).status, 404);

  const offPort = await freePort();
  await startApp('api', env.appEnv({ ...apiEnv, PORT: String(offPort), REPORTS_ENABLED: 'false' }));
  assert.equal((await fetch(`http://127.0.0.1:${offPort}/reports/${token}`)).status, 404);
});

test('Lighthouse on our own reports: accessibility and best practices at least 95', async () => {
  for (const [name, id] of [['lighthouse', started.lighthouse.id], ['seo_crawl', started.seo.id]] as const) {
    const t = await finished(id);
    const page = await browser.newPage();
    const result = await lighthouse(t.report_url, { onlyCategories: ['accessibility', 'best-practices'], logLevel: 'error', output: 'json' }, undefined, page);
    await page.close();
    const categories = result!.lhr.categories;
    const failing = Object.values(result!.lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => a.id);
    assert.ok((categories.accessibility!.score ?? 0) >= 0.95, `${name} accessibility ${categories.accessibility!.score}: ${failing}`);
    assert.ok((categories['best-practices']!.score ?? 0) >= 0.95, `${name} best practices ${categories['best-practices']!.score}: ${failing}`);
    process.stdout.write(`# ${name} report: accessibility ${Math.round(categories.accessibility!.score! * 100)}, best practices ${Math.round(categories['best-practices']!.score! * 100)}\n`);
  }
  process.stdout.write(`# report screenshots: ${SHOTS}\n`);
});
