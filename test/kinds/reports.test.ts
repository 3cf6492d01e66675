// The human-readable reports at report_url, opened in real headless Chromium for real finished tests of
// each kind (the workers run against fixture sites here): what a person sees, on a phone-sized screen,
// with no console errors or failed requests; a screenshot of each (phone and desktop width) is kept under
// test/.artifacts/reports/ for review; and Lighthouse run on the lighthouse and seo reports themselves.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { freePort } from '@pageprobe/local-services';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { startTest, waitForTest } from '@pageprobe/testing';
import { makeCertificates } from '../support/certs.ts';
import { call } from '../support/http.ts';
import { ABOUT_TITLE, reportSite, uptimeSite } from '../support/report-sites.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startApp } from '../support/app-process.ts';
import { startInProcess } from '../support/stack.ts';

// Emptied first, so what is there for review is this run's.
const SHOTS = fileURLToPath(new URL('../.artifacts/reports/', import.meta.url));
rmSync(SHOTS, { recursive: true, force: true });
mkdirSync(SHOTS, { recursive: true });

const env = await createTestEnv();
const dir = mkdtempSync(join(tmpdir(), 'report-certs-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const certs = makeCertificates(dir);
// The lighthouse page and a small crawl with planted issues; an HTTPS site that redirects once, and answers slowly on /slow.
const site = await reportSite();
const SLOW_MS = 4000;
const secure = await uptimeSite(certs.valid, SLOW_MS);

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const apiEnv = {
  PUBLIC_BASE_URL: origin,
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_READS_PER_MIN: '100000',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
};
await startInProcess('api', env.appEnv({ ...apiEnv, PORT: String(port) }));
await startInProcess(
  'worker-browser',
  env.appEnv({ ALLOW_PRIVATE_TARGETS: 'true', LIGHTHOUSE_MAX_WAIT_MS: '6000', PUBLIC_BASE_URL: origin }),
);
await startApp(
  'worker-uptime',
  env.appEnv({ ALLOW_PRIVATE_TARGETS: 'true', UPTIME_TIMEOUT_MS: '10000', NODE_EXTRA_CA_CERTS: certs.caFile }),
);
const { key, teamId } = await teamWithKey(env, { credits: 20 });
const api = `${origin}/api/v1`;

const start = (url: string, type: string) => startTest<{ id: string; report_url: string }>(origin, key, { url, type });
const finished = (id: string) => waitForTest<Record<string, any> & { status: string }>(origin, key, id);

const started = {
  lighthouse: await start(`${site.origin}/speed`, 'lighthouse'),
  seo: await start(`${site.origin}/`, 'seo_crawl'),
  uptime: await start(`${secure.origin}/start`, 'uptime'),
  failed: await start('http://127.0.0.1:1/', 'seo_crawl'),
};

// The flags the browser worker launches Chromium with (apps/worker-browser/src/browser/browser-pool.ts).
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  pipe: true,
  args: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
after(() => browser.close());

interface Opened {
  page: Page;
  /** Console errors, page errors, failed requests and HTTP errors seen so far. */
  problems: string[];
  /** Saves full-page screenshots at phone and desktop width (the page is left at desktop width). */
  keep(): Promise<void>;
}

/** Opens a report on a phone-sized screen, collecting console errors and failed requests. */
async function open(url: string, name: string): Promise<Opened> {
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 1 });
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${String(e)}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  await page.goto(url, { waitUntil: 'networkidle0' });
  // Usable on a phone: the page itself never scrolls sideways (wide tables scroll inside their card).
  const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
  assert.ok((overflow as number) <= 0, `${name}: the page is ${overflow}px wider than the screen`);
  return {
    page,
    problems,
    async keep() {
      await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
      await page.setViewport({ width: 1280, height: 900, deviceScaleFactor: 1 });
      await page.screenshot({ path: join(SHOTS, `${name}-desktop.png`), fullPage: true });
    },
  };
}
const text = (page: Page, selector: string) => page.$eval(selector, (el) => (el.textContent ?? '').trim());
const texts = (page: Page, selector: string) =>
  page.$$eval(selector, (els) => els.map((el) => (el.textContent ?? '').trim()));
const naturalWidths = (page: Page, selector: string) =>
  page.$$eval(selector, (imgs) => imgs.map((i) => (i as unknown as { naturalWidth: number }).naturalWidth));
const grade = async (page: Page) => (await text(page, '.grade')).replace(/^Grade\s*/, '');

test('lighthouse: grade, scores, vitals rated, filmstrip and screenshots loaded, audits, a waterfall row per HAR entry, Lighthouse’s own report', async () => {
  const t = await finished(started.lighthouse.id);
  assert.equal(t.status, 'completed', JSON.stringify(t.error));
  assert.equal(t.report_url, started.lighthouse.report_url);
  const { page, problems, keep } = await open(t.report_url, 'lighthouse');

  assert.equal(await grade(page), t.grade);
  const tiles = await texts(page, '.tile');
  for (const [key, label] of [
    ['performance', 'Performance'],
    ['accessibility', 'Accessibility'],
    ['best_practices', 'Best practices'],
    ['seo', 'SEO'],
  ] as const) {
    assert.ok(tiles.includes(`${t.scores[key]} ${label}`), `${label} ${t.scores[key]} in ${tiles.join(' | ')}`);
  }
  // Each vital rated by its threshold: LCP good up to 2.5 s, poor above 4 s.
  const vitals = await page.$$eval('.vital', (els) =>
    els.map((e) => ({ label: e.querySelector('.label')!.textContent, rating: e.querySelector('.badge')!.textContent })),
  );
  assert.ok(vitals.length >= 5, JSON.stringify(vitals));
  const lcp = t.vitals.lcp_ms as number;
  const lcpRating = lcp <= 2500 ? 'good' : lcp <= 4000 ? 'needs improvement' : 'poor';
  assert.deepEqual(vitals.find((v) => v.label!.includes('LCP'))?.rating, lcpRating);

  // Every filmstrip frame the test stored is shown, with its time, and loaded.
  const artifacts = (
    await call<{ data: Array<{ kind: string; timing_ms: number | null }> }>(`${api}/tests/${t.id}/artifacts`, {
      token: key,
    })
  ).body.data;
  const frames = artifacts.filter((a) => a.kind === 'filmstrip_frame');
  const widths = await naturalWidths(page, '.filmstrip img');
  assert.ok(frames.length >= 3 && widths.length === frames.length, `${widths.length} of ${frames.length} frames`);
  assert.ok(
    widths.every((w) => w > 0),
    `filmstrip widths ${widths}`,
  );
  assert.equal((await texts(page, '.filmstrip li span')).length, frames.length);
  const shots = await naturalWidths(page, '.shots img');
  assert.equal(shots.length, 2);
  assert.ok(
    shots.every((w) => w > 0),
    `screenshot widths ${shots}`,
  );

  // The improvable audits, all of them.
  const shown = await page.$$eval('table.audits tbody tr[data-audit]', (rows) =>
    rows.map((r) => r.getAttribute('data-audit')),
  );
  assert.deepEqual([...shown].sort(), t.audits.map((a: { id: string }) => a.id).sort());

  // One waterfall row per HAR entry, each with its bar.
  const har = (
    await call<{ log: { entries: Array<{ request: { url: string } }> } }>(`${api}/tests/${t.id}/har`, { token: key })
  ).body;
  assert.ok(har.log.entries.length >= 6, `${har.log.entries.length} HAR entries`);
  const rows = await page.$$eval('table.waterfall tbody tr', (trs) =>
    trs.map((tr) => ({
      url: tr.querySelector('td.url span')!.getAttribute('title'),
      bars: tr.querySelectorAll('svg rect').length,
    })),
  );
  assert.equal(rows.length, har.log.entries.length);
  assert.deepEqual(rows.map((r) => r.url).sort(), har.log.entries.map((e) => e.request.url).sort());
  assert.ok(rows.every((r) => r.bars >= 1));
  await keep();
  assert.deepEqual(problems, []);

  // Lighthouse's own report, one click away, renders in its sandbox.
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('p.more a')]);
  assert.match(page.url(), /\/reports\/[\w-]+\/artifacts\//);
  await page.waitForSelector('.lh-scores-header .lh-gauge__percentage');
  const gauges = await texts(page, '.lh-scores-header .lh-gauge__percentage');
  assert.deepEqual(
    gauges.slice(0, 4),
    [t.scores.performance, t.scores.accessibility, t.scores.best_practices, t.scores.seo].map(String),
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('seo_crawl: score and grade, every issue listed by severity with its URLs, AI crawlers, site files, the pages', async () => {
  const t = await finished(started.seo.id);
  assert.equal(t.status, 'completed', JSON.stringify(t.error));
  const { page, problems, keep } = await open(t.report_url, 'seo_crawl');
  assert.equal(await grade(page), t.grade);
  assert.ok((await texts(page, '.tile')).includes(`${t.structure_score} Score`));
  const codes = await page.$$eval('details.issue', (els) => els.map((e) => e.getAttribute('data-code')));
  assert.deepEqual(
    codes,
    t.seo_issues.map((i: { code: string }) => i.code),
  );
  // Errors are open: their URLs are on screen without a click.
  const untitled = await page.$eval('details.issue[data-code="title_missing"]', (d) => ({
    open: (d as unknown as { open: boolean }).open,
    urls: d.querySelector('ul')!.textContent,
  }));
  assert.ok(untitled.open);
  assert.match(untitled.urls ?? '', /\/untitled/);
  const gpt = (await texts(page, 'table.ai tbody tr')).find((x) => x.startsWith('GPTBot'));
  assert.match(gpt ?? '', /blocked/);
  assert.equal((await texts(page, 'table.ai tbody tr')).length, t.audits.ai_crawlers.length);
  const files = await texts(page, 'table.files tbody th');
  assert.deepEqual(files, ['robots.txt', 'Sitemap', 'llms.txt']);
  assert.match((await texts(page, 'table.files tbody tr')).at(-1)!, /missing/);
  assert.equal((await texts(page, 'table.pages tbody tr')).length, t.result.pages_crawled);
  // A title with markup in it is shown as the text it is.
  assert.ok((await texts(page, 'table.pages td .block')).includes(ABOUT_TITLE));
  assert.equal((await page.$$('table.pages b, table.pages i')).length, 0);
  await keep();
  assert.deepEqual(problems, []);
  await page.close();
});

test('uptime: the verdict, the timing bar, the redirect hop, certificate details with days remaining', async () => {
  const t = await finished(started.uptime.id);
  assert.equal(t.result.up, true, JSON.stringify(t.result));
  const { page, problems, keep } = await open(t.report_url, 'uptime');
  assert.equal(await text(page, '#verdict'), 'The site is up');
  assert.equal(await text(page, '.days-remaining'), String(t.result.tls.days_remaining));
  assert.ok(t.result.tls.days_remaining >= 29);
  // A bar per phase that took time: a local site's phases often round to 0 ms, and those draw nothing.
  const timed = ['dns', 'connect', 'tls', 'first_byte', 'download'].filter((p) => t.result.timings_ms[p] > 0);
  assert.ok(timed.length >= 1, JSON.stringify(t.result.timings_ms));
  assert.equal((await page.$$('section[aria-labelledby="timing"] svg.bar rect')).length, timed.length);
  const hops = await texts(page, 'table.hops tbody tr');
  assert.equal(hops.length, 1);
  assert.match(hops[0]!, /\/start\s*301/);
  await keep();
  assert.deepEqual(problems, []);
  await page.close();
});

test('failed: what went wrong in plain words, and what to try', async () => {
  const t = await finished(started.failed.id);
  assert.equal(t.status, 'failed');
  const { page, problems, keep } = await open(t.report_url, 'failed');
  const alert = await text(page, '[role="alert"]');
  assert.match(alert, /Nothing answered at the site’s address/);
  assert.match(alert, /What to try: Check that the server is up/);
  assert.match(alert, new RegExp(t.error.code));
  await keep();
  assert.deepEqual(problems, []);
  await page.close();
});

test('queued and running: the state, and the page reloads itself until the result is there', async () => {
  // A queued test (its row as the API leaves it; no job, so it stays queued while we look).
  const queued = await env.db.test.create({
    data: {
      teamId,
      type: 'seo_crawl',
      url: 'https://example.com/',
      device: 'mobile',
      status: 'queued',
      reportToken: 'queued-report-token-0123456789abcdefghij',
    },
  });
  const res = await fetch(`${origin}/reports/${queued.reportToken}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('refresh'), '5');
  assert.match(await res.text(), /is waiting for a free worker/);

  // A real uptime check of a page that answers after 4 s: the report, opened at once, shows it
  // unfinished, then reloads by itself and shows the verdict.
  const slow = await start(`${secure.origin}/slow`, 'uptime');
  const { page, problems, keep } = await open(slow.report_url, 'in-progress');
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  assert.match(await text(page, '[role="status"]'), /This test (is waiting for a free worker|is running)/);
  await keep();
  await page.setViewport({ width: 390, height: 844 });
  await page.waitForSelector('#verdict', { timeout: SLOW_MS + 15_000 });
  assert.equal(await text(page, '#verdict'), 'The site is up');
  assert.ok(loads.length >= 1 && loads.every((u) => u === slow.report_url), loads.join(', '));
  assert.deepEqual(problems, []);
  await page.close();
});

test('reports: shared without a key, not guessable, served apart from the API, safe to open, can be turned off', async () => {
  const lh = await finished(started.lighthouse.id);
  const seo = await finished(started.seo.id);
  const token = new URL(seo.report_url).pathname.split('/').at(-1)!;
  assert.match(token, /^[A-Za-z0-9_-]{43}$/);
  assert.ok(Buffer.from(token, 'base64url').length >= 16, 'at least 128 bits');

  // No key needed, a wrong one ignored, query strings not checked against the OpenAPI document.
  const res = await fetch(`${seo.report_url}?utm_source=mail`, { headers: { authorization: 'Bearer nonsense' } });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
  const csp = res.headers.get('content-security-policy') ?? '';
  for (const directive of [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ])
    assert.ok(csp.includes(directive), csp);
  assert.ok(!/script-src/.test(csp), 'no scripts at all');
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
  assert.match(res.headers.get('x-robots-tag') ?? '', /noindex/);
  assert.match(res.headers.get('cache-control') ?? '', /no-store/);
  assert.equal(res.headers.get('ratelimit'), null, 'not behind the API key rate limit');
  const page = await res.text();
  assert.ok(!/<script/i.test(page));
  assert.ok(page.includes(`href="${origin}/api/v1/tests/${seo.id}"`), 'links the JSON resource');

  // One stylesheet at a fixed, content-hashed path, cached for good.
  const cssPath = /<link rel="stylesheet" href="([^"]+)">/.exec(page)![1]!;
  assert.match(cssPath, /^\/reports\/assets\/report-[0-9a-f]{12}\.css$/);
  const css = await fetch(`${origin}${cssPath}`);
  assert.equal(css.status, 200);
  assert.match(css.headers.get('content-type') ?? '', /^text\/css/);
  assert.match(css.headers.get('cache-control') ?? '', /immutable/);

  // Unknown tokens and artifacts: an HTML 404 page.
  const unknown = await fetch(`${origin}/reports/${token.slice(0, -2)}${token.endsWith('xx') ? 'yy' : 'xx'}`);
  assert.equal(unknown.status, 404);
  assert.match(unknown.headers.get('content-type') ?? '', /^text\/html/);
  assert.match(await unknown.text(), /<html lang="en">[\s\S]*Report not found/);
  assert.equal((await fetch(`${origin}/reports/${token}/artifacts/00000000-0000-0000-0000-000000000000`)).status, 404);

  // A report serves its own test's images only, and not the JSON artifacts (those need the API key).
  const lhPage = await (await fetch(lh.report_url)).text();
  const frameId = /<img src="[^"]*\/artifacts\/([0-9a-f-]{36})"/.exec(lhPage)![1]!;
  const frame = await fetch(`${lh.report_url}/artifacts/${frameId}`);
  assert.equal(frame.status, 200);
  assert.match(frame.headers.get('content-type') ?? '', /^image\//);
  assert.equal((await fetch(`${seo.report_url}/artifacts/${frameId}`)).status, 404, "another test's artifact");
  const harId = (await env.db.artifact.findFirstOrThrow({ where: { testId: lh.id, kind: 'har' } })).id;
  assert.equal((await fetch(`${lh.report_url}/artifacts/${harId}`)).status, 404, 'the HAR stays behind the key');

  const offPort = await freePort();
  await startInProcess('api', env.appEnv({ ...apiEnv, PORT: String(offPort), REPORTS_ENABLED: 'false' }));
  assert.equal((await fetch(`http://127.0.0.1:${offPort}/reports/${token}`)).status, 404);
  assert.equal((await fetch(`http://127.0.0.1:${offPort}/reports/${token}/artifacts/${frameId}`)).status, 404);
});

test('Lighthouse on our own reports: accessibility and best practices at least 95', async () => {
  for (const [name, id] of [
    ['lighthouse', started.lighthouse.id],
    ['seo_crawl', started.seo.id],
  ] as const) {
    const t = await finished(id);
    const page = await browser.newPage();
    const result = await lighthouse(
      t.report_url,
      { onlyCategories: ['accessibility', 'best-practices'], logLevel: 'error', output: 'json' },
      undefined,
      page,
    );
    await page.close();
    const categories = result!.lhr.categories;
    const failing = Object.values(result!.lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    assert.ok(
      (categories.accessibility!.score ?? 0) >= 0.95,
      `${name} accessibility ${categories.accessibility!.score}: ${failing}`,
    );
    assert.ok(
      (categories['best-practices']!.score ?? 0) >= 0.95,
      `${name} best practices ${categories['best-practices']!.score}: ${failing}`,
    );
    process.stdout.write(
      `# ${name} report: accessibility ${Math.round(categories.accessibility!.score! * 100)}, best practices ${Math.round(categories['best-practices']!.score! * 100)}${failing.length ? ` (not passed: ${failing.join(', ')})` : ''}\n`,
    );
  }
  process.stdout.write(`# report screenshots: ${SHOTS}\n`);
});
