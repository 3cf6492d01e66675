// Issue 30: a monitor's page, its badges and a team's public status page, opened in real headless Chromium
// over history this file records through the same code the checks take (recordChecks). What a person sees
// at phone and desktop width (screenshots kept under test/.artifacts/pages/ for review), checked against
// what the API says (series, uptime_percent); Lighthouse run on the pages themselves.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createPool } from '@pageprobe/db';
import { type FinishedCheck, recordChecks } from '@pageprobe/monitors';
import { ensurePartitions, recordRollups } from '@pageprobe/test-lifecycle';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { startApiInProcess } from '../support/api-in-process.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const SHOTS = fileURLToPath(new URL('../.artifacts/pages/', import.meta.url));
rmSync(SHOTS, { recursive: true, force: true });
mkdirSync(SHOTS, { recursive: true });

const env = await createTestEnv();
const pool = createPool(env.databaseUrl, { size: 2 });
after(() => pool.end());
const { origin } = await startApiInProcess(env, { RATE_LIMIT_READS_PER_MIN: '100000', ALLOW_PRIVATE_TARGETS: 'true' });
const { key } = await teamWithKey(env, { plan: 'pro' });
const other = await teamWithKey(env, { plan: 'free' });
const api = async (path: string, init: { method?: string; body?: unknown; key?: string } = {}) => {
  const res = await fetch(`${origin}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${init.key ?? key}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as any) };
};

// Never checked: no dispatcher runs in this file, the history below is recorded directly.
const SECRET_PATH = '/private-admin-path';
const createMonitor = async (url: string) =>
  (await api('/monitors', { method: 'POST', body: { url, type: 'uptime', interval_seconds: 300 } })).body;
const shop = await createMonitor(`http://127.0.0.1:9${SECRET_PATH}`);
const backend = await createMonitor('http://127.0.0.1:10/api-health');
const gone = await createMonitor('http://127.0.0.1:11/soon-deleted');

const MIN = 60_000;
const HOUR = 60 * MIN;
const now = Date.now();
// Every 5 minutes from 50 hours ago to an hour ago (so every range read here holds all of it), and one
// failure of 3 checks in a row, 15 minutes long from its first failed check to the first good one.
const FIRST = Math.floor((now - 50 * HOUR) / (5 * MIN)) * 5 * MIN;
const LAST = Math.floor((now - HOUR) / (5 * MIN)) * 5 * MIN;
const FAIL_FROM = FIRST + 20 * HOUR;
const FAILED = 3;
const TOTAL_MS = 120;

function history(monitorId: string, failing: boolean): FinishedCheck[] {
  const checks: FinishedCheck[] = [];
  for (let at = FIRST; at <= LAST; at += 5 * MIN) {
    const up = !(failing && at >= FAIL_FROM && at < FAIL_FROM + FAILED * 5 * MIN);
    checks.push({
      monitorId,
      location: 'default',
      plan: 'pro',
      slot: new Date(at),
      startedAt: new Date(at),
      figures: {
        up,
        reason: up ? null : 'timeout',
        status_code: up ? 200 : null,
        timings_ms: up
          ? { dns: 2, connect: 3, tls: null, first_byte: 100 + ((at / MIN) % 10), download: 5, total: TOTAL_MS }
          : { dns: 2, connect: null, tls: null, first_byte: null, download: null, total: null },
        tls: null,
      },
      passed: null,
      failing: [],
    });
  }
  return checks;
}
await ensurePartitions(pool, new Date(FIRST - 2 * 24 * HOUR), new Date(now + 24 * HOUR));
await recordChecks(env.db, [...history(shop.id, true), ...history(backend.id, false)], {
  publicBaseUrl: origin,
  dashboardBaseUrl: `${origin}/app`,
});
// As the dispatcher that ran them would have left it.
await env.db.monitor.updateMany({ where: { id: { in: [shop.id, backend.id] } }, data: { lastRunAt: new Date(LAST) } });

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  pipe: true,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
after(() => browser.close());

/** Opens a page at phone width, failing on console errors, failed requests or a page wider than the screen. */
async function open(url: string, name: string): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({ width: 375, height: 812, deviceScaleFactor: 1 });
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${String(e)}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  const res = await page.goto(url, { waitUntil: 'networkidle0' });
  assert.equal(res?.status(), 200);
  assert.match(res.headers()['content-security-policy'] ?? '', /default-src 'none'/);
  const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
  assert.ok((overflow as number) <= 0, `${name}: the page is ${overflow}px wider than a 375 px phone`);
  await page.screenshot({ path: join(SHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewport({ width: 1280, height: 900, deviceScaleFactor: 1 });
  await page.screenshot({ path: join(SHOTS, `${name}-desktop.png`), fullPage: true });
  assert.deepEqual(problems, []);
  return page;
}

/** A chart's points as its figures table gives them, and the same metric's points from GET series (7 days). */
async function plottedAndSeries(page: Page, chart: string, monitorId: string, metric: string) {
  const plotted = await page.$$eval(`#${chart} td[data-metric="${metric}"]`, (cells) =>
    cells.map((c) => ({
      at: c.closest('tr')!.querySelector('time')!.getAttribute('datetime'),
      value: Number(c.getAttribute('data-value')),
    })),
  );
  const { body: series } = await api(
    `/monitors/${monitorId}/series?metric=${metric}&from=${new Date(now - 7 * 24 * HOUR).toISOString()}&to=${new Date().toISOString()}`,
  );
  return { plotted, series, points: series.points.map((p: any) => ({ at: p.at, value: p.value })) };
}

test("a monitor's page: its bars are the day aggregates, the incident has its length, the chart's points are its series", async () => {
  const { body: monitor } = await api(`/monitors/${shop.id}`);
  assert.match(monitor.report_url, new RegExp(`^${origin}/reports/monitors/[A-Za-z0-9_-]{43}$`));
  const html = await (await fetch(monitor.report_url)).text();
  assert.ok(Buffer.byteLength(html) < 200 * 1024, `the page is ${Buffer.byteLength(html)} bytes`);
  const page = await open(monitor.report_url, 'monitor-uptime');

  // 90 bars, oldest first, ending today; the days with checks are the day rollups GET series reads.
  const bars = await page.$$eval('ol.days li', (els) =>
    els.map((el) => ({
      day: el.getAttribute('data-day'),
      n: Number(el.getAttribute('data-n')),
      ok: Number(el.getAttribute('data-ok')),
      cls: el.className,
      tip: el.textContent,
    })),
  );
  assert.equal(bars.length, 90);
  assert.equal(bars.at(-1)!.day, new Date().toISOString().slice(0, 10));
  const from = new Date(now - 89 * 24 * HOUR);
  from.setUTCHours(0, 0, 0, 0);
  const { body: up } = await api(
    `/monitors/${shop.id}/series?metric=up&from=${from.toISOString()}&to=${new Date().toISOString()}`,
  );
  assert.equal(up.resolution, 'day');
  const withChecks = bars.filter((b) => b.n > 0);
  assert.deepEqual(
    withChecks.map((b) => ({ day: b.day, n: b.n, share: Number((b.ok / b.n).toFixed(3)) })),
    up.points.map((p: any) => ({ day: p.at.slice(0, 10), n: p.count, share: p.value })),
  );
  assert.equal(
    withChecks.reduce((sum, b) => sum + b.n - b.ok, 0),
    FAILED,
  );
  const failedDay = withChecks.find((b) => b.ok < b.n)!;
  assert.equal(failedDay.cls, b(failedDay.ok / failedDay.n));
  assert.match(
    failedDay.tip!,
    new RegExp(`${failedDay.day}: \\d+\\.\\d+ % · ${failedDay.ok} of ${failedDay.n} checks good`),
  );
  // Each bar says its figures on focus, without a script.
  await page.focus(`ol.days li[data-day="${failedDay.day}"]`);
  const tipShown = await page.$eval(
    `ol.days li[data-day="${failedDay.day}"] .tip`,
    (el) => el.getBoundingClientRect().width,
  );
  assert.ok(tipShown > 50, 'the focused bar shows its tip');

  // The incident, from the first failed check to the first good one: 15 minutes.
  const incidents = await page.$$eval('table.incidents tbody tr', (rows) => rows.map((r) => r.textContent));
  assert.equal(incidents.length, 1);
  assert.match(incidents[0]!, /15 min/);
  assert.match(incidents[0]!, /timeout/);
  assert.equal(await page.$eval('table.incidents td[data-ms]', (el) => Number(el.getAttribute('data-ms'))), 15 * MIN);

  // The uptime tiles are GET /monitors/{id}'s uptime_percent.
  const tiles = await page.$$eval('.tiles .value', (els) => els.map((el) => el.textContent));
  assert.deepEqual(
    tiles,
    ['24h', '7d', '30d', '90d'].map((w) => `${shown(monitor.uptime_percent[w])} %`),
  );

  // The chart (7 days, by hour) plots what GET series gives, point for point.
  const { plotted, series, points } = await plottedAndSeries(page, 'response-time', shop.id, 'first_byte_ms');
  assert.equal(series.resolution, 'hour');
  assert.ok(plotted.length >= 48);
  assert.deepEqual(plotted, points);
  assert.equal(await page.$$eval('#response-time path.area', (els) => els.length), 5);

  // The ranges its plan keeps (pro: a year), and the latest checks.
  assert.deepEqual(await page.$$eval('nav.ranges a', (els) => els.map((el) => el.textContent)), [
    '24 h',
    '7 d',
    '30 d',
    '90 d',
    '1 y',
  ]);
  const runs = await page.$$eval('table.latest tbody tr', (rows) => rows.length);
  assert.equal(runs, 20);
  await page.goto(`${monitor.report_url}?range=24h`);
  assert.equal(await page.$eval('nav.ranges a[aria-current]', (el) => el.textContent), '24 h');
  // The Markdown to copy names every badge.
  const markdown = await page.$eval('pre.copy', (el) => el.textContent!);
  for (const url of Object.values(monitor.badges) as string[]) assert.ok(markdown.includes(url), url);
  await page.close();
});

/** An uptime percent as pages print it: two decimals, rounded down, and 100 only when it is. */
const shown = (p: number) => (p === 100 ? '100' : (Math.floor(p * 100) / 100).toFixed(2));
const b = (share: number) => (share * 100 >= 99.9 ? 'good' : share * 100 >= 99 ? 'average' : 'poor');

test('badges: valid SVG in the flat style, carrying the figures the API gives, cacheable and embeddable', async () => {
  const { body: monitor } = await api(`/monitors/${shop.id}`);
  assert.deepEqual(Object.keys(monitor.badges), ['status', 'uptime_24h', 'uptime_7d', 'uptime_30d', 'response_time']);
  const page = await browser.newPage();
  await page.goto(monitor.report_url);
  const percent = (p: number) => `${shown(p)}%`;
  const expected: Record<string, RegExp> = {
    status: /status.*up/,
    uptime_24h: new RegExp(`uptime 24h.*${percent(monitor.uptime_percent['24h'])}`),
    uptime_7d: new RegExp(`uptime 7d.*${percent(monitor.uptime_percent['7d'])}`),
    uptime_30d: new RegExp(`uptime 30d.*${percent(monitor.uptime_percent['30d'])}`),
    response_time: new RegExp(`response time.*${TOTAL_MS} ms`),
  };
  for (const [name, url] of Object.entries(monitor.badges) as Array<[string, string]>) {
    const res = await fetch(url);
    assert.equal(res.status, 200, name);
    assert.equal(res.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
    assert.equal(res.headers.get('cache-control'), 'public, max-age=60');
    assert.equal(res.headers.get('cross-origin-resource-policy'), 'cross-origin');
    const svg = await res.text();
    // Parsed as XML by the browser, and drawn as an image.
    const parsed = await page.evaluate(
      async (source, src) => {
        // The page's window (this file is typed without the DOM's globals).
        const w = globalThis as any;
        const doc = new w.DOMParser().parseFromString(source, 'image/svg+xml');
        const img = new w.Image();
        img.src = src;
        await img.decode();
        return {
          error: doc.querySelector('parsererror')?.textContent ?? null,
          root: doc.documentElement.localName,
          title: doc.querySelector('title')?.textContent ?? '',
          width: img.naturalWidth,
        };
      },
      svg,
      url,
    );
    assert.equal(parsed.error, null, name);
    assert.equal(parsed.root, 'svg');
    assert.ok(parsed.width > 40, `${name} is drawn`);
    assert.match(parsed.title, expected[name]!, `${name}: ${parsed.title}`);
  }
  await page.close();
  assert.equal((await fetch(`${monitor.report_url.replace('/reports/monitors/', '/badges/')}/nope.svg`)).status, 404);
  assert.equal((await fetch(`${origin}/badges/${'x'.repeat(43)}/status.svg`)).status, 404);
});

test('a status page lists only the chosen labels, escaped, and no target URL, test id or team data; a deleted monitor drops out', async () => {
  const label = 'Shop <img src=x onerror=alert(1)>';
  const created = await api('/status-pages', {
    method: 'POST',
    body: {
      slug: 'acme-status',
      title: 'Acme status',
      description: 'Our shop & API.',
      monitors: [
        { id: shop.id, label },
        { id: backend.id, label: 'API' },
        { id: gone.id, label: 'Legacy' },
      ],
    },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal(created.body.url, `${origin}/status/acme-status`);
  // Bad input: another team's monitor, a slug taken, a slug that is no slug.
  const foreign = await api('/status-pages', {
    method: 'POST',
    key: other.key,
    body: { slug: 'theirs', title: 'T', monitors: [{ id: shop.id, label: 'x' }] },
  });
  assert.equal(foreign.status, 400);
  assert.equal(foreign.body.errors[0].path, 'body.monitors.0.id');
  const taken = await api('/status-pages', {
    method: 'POST',
    key: other.key,
    body: { slug: 'acme-status', title: 'T', monitors: [] },
  });
  assert.equal(taken.status, 409);
  assert.equal(taken.body.code, 'slug_taken');
  assert.equal(
    (await api('/status-pages', { method: 'POST', body: { slug: 'Not A Slug', title: 'T', monitors: [] } })).status,
    400,
  );
  assert.equal((await api(`/status-pages/${created.body.id}`, { key: other.key })).status, 404);

  // The monitor is deleted before anyone opens the page: it is not on it.
  assert.equal((await api(`/monitors/${gone.id}`, { method: 'DELETE' })).status, 204);
  assert.deepEqual(
    (await api(`/status-pages/${created.body.id}`)).body.monitors.map((m: any) => m.label),
    [label, 'API'],
  );

  const res = await fetch(`${origin}/status/acme-status`);
  assert.equal(res.headers.get('cache-control'), 'public, max-age=30');
  const html = await res.text();
  const json = await (await fetch(`${origin}/status/acme-status.json`)).text();
  for (const secret of [SECRET_PATH, '127.0.0.1:9', shop.id, backend.id, gone.id, 'Legacy', created.body.id]) {
    assert.ok(!html.includes(secret), `the page shows ${secret}`);
    assert.ok(!json.includes(secret), `the JSON shows ${secret}`);
  }
  assert.ok(!html.includes('<img src=x'), 'the label is escaped');

  const page = await open(`${origin}/status/acme-status`, 'status-page');
  const labels = await page.$$eval('.status-monitor h3 .label', (els) => els.map((el) => el.textContent));
  assert.deepEqual(labels, [label, 'API']);
  assert.equal(await page.$eval('p.overall', (el) => el.textContent), 'All systems operational');
  assert.equal(
    await page.$$eval('.status-monitor', (els) => els.map((el) => el.querySelectorAll('ol.days li').length).join()),
    '90,90',
  );
  const incident = await page.$$eval('table.incidents tbody tr', (rows) => rows.map((r) => r.textContent));
  assert.equal(incident.length, 1);
  assert.match(incident[0]!, /Shop <img src=x onerror=alert\(1\)>.*15 min.*Not responding/);
  await page.close();

  const data = JSON.parse(json);
  assert.equal(data.state, 'operational');
  assert.deepEqual(
    data.monitors.map((m: any) => m.label),
    [label, 'API'],
  );
  assert.equal(data.monitors[0].days.length, 90);
  const { body: shopNow } = await api(`/monitors/${shop.id}`);
  assert.equal(data.monitors[0].uptime_percent_90d, shopNow.uptime_percent['90d']);
  assert.equal(data.monitors[1].uptime_percent_90d, 100);
  assert.deepEqual(
    data.incidents.map((i: any) => [i.monitor, i.duration_seconds, i.reason]),
    [[label, 900, 'timeout']],
  );
  assert.equal((await fetch(`${origin}/status/no-such-page`)).status, 404);
  assert.equal(
    (await fetch(`${origin}/status/no-such-page.json`)).headers.get('content-type'),
    'application/problem+json; charset=utf-8',
  );
});

test("a lighthouse monitor's page: score and vitals over time, the assertions' budgets drawn in, regressions marked", async () => {
  const { body: monitor } = await api('/monitors', {
    method: 'POST',
    body: {
      url: 'http://127.0.0.1:12/',
      type: 'lighthouse',
      interval_seconds: 3600,
      assertions: {
        'categories:performance': ['error', { minScore: 0.9 }],
        'largest-contentful-paint': ['warn', { maxNumericValue: 2500 }],
      },
    },
  });
  // An hourly run for 30 hours, as evaluateRun rolls them up; the score dips at one of them, which the
  // monitor raised as monitor.regressed.
  const runs = Array.from({ length: 30 }, (_, i) => {
    const at = new Date(Math.floor(now / HOUR) * HOUR - (30 - i) * HOUR);
    const dip = i === 20;
    return {
      monitorId: monitor.id,
      plan: 'pro' as const,
      at,
      ok: true,
      values: { performance_score: dip ? 60 : 94 + (i % 3), lcp_ms: dip ? 4200 : 1800 + i * 10, cls: 0.02 },
    };
  });
  await env.db.$transaction((tx) => recordRollups(tx, runs));
  await env.db.monitorAlert.create({
    data: {
      monitorId: monitor.id,
      event: 'monitor.regressed',
      reason: 'score_dropped',
      details: {},
      createdAt: runs[20]!.at,
    },
  });
  const page = await open(monitor.report_url, 'monitor-lighthouse');
  assert.equal(await page.$eval('#performance g.budget text', (el) => el.textContent), 'budget, at least 90');
  assert.equal(await page.$eval('#lcp_ms g.budget text', (el) => el.textContent), 'budget, at most 2.5 s');
  assert.equal(await page.$$eval('#fcp_ms g.budget', (els) => els.length), 0);
  // This API has no CrUX key (issue 48): the page says field data is off, and draws the lab alone.
  assert.match(
    await page.$eval('#field-note', (el) => el.textContent!),
    /no Chrome UX Report API key \(CRUX_API_KEY\)/,
  );
  assert.equal(await page.$$eval('path.line.step', (els) => els.length), 0);
  assert.equal(await page.$$eval('#performance g.mark', (els) => els.length), 1);
  assert.match(await page.$eval('#performance g.mark title', (el) => el.textContent!), /Regressed: score dropped/);
  const { plotted, points } = await plottedAndSeries(page, 'performance', monitor.id, 'performance_score');
  assert.equal(plotted.length, 30);
  assert.deepEqual(plotted, points);
  assert.ok(plotted.some((p) => p.value === 60));
  // The charts of a lighthouse monitor: the score and each vital.
  assert.deepEqual(await page.$$eval('figure.chart', (els) => els.map((el) => el.id)), [
    'performance',
    'lcp_ms',
    'fcp_ms',
    'tbt_ms',
    'cls',
    'speed_index_ms',
    'ttfb_ms',
  ]);
  assert.deepEqual(Object.keys(monitor.badges), [
    'status',
    'uptime_24h',
    'uptime_7d',
    'uptime_30d',
    'performance_score',
  ]);
  await page.close();
});

test('Lighthouse scores our own pages: accessibility and best practices at least 95 (performance printed)', async () => {
  const { body: monitor } = await api(`/monitors/${shop.id}`);
  for (const [name, url] of [
    ['monitor page', monitor.report_url],
    ['status page', `${origin}/status/acme-status`],
  ] as const) {
    const page = await browser.newPage();
    const result = await lighthouse(
      url,
      { onlyCategories: ['accessibility', 'best-practices', 'performance'], logLevel: 'error', output: 'json' },
      undefined,
      page,
    );
    await page.close();
    const { categories, audits } = result!.lhr;
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    const score = (id: string) => Math.round((categories[id]!.score ?? 0) * 100);
    assert.ok(score('accessibility') >= 95, `${name} accessibility ${score('accessibility')}: ${failing}`);
    assert.ok(score('best-practices') >= 95, `${name} best practices ${score('best-practices')}: ${failing}`);
    // Performance is printed, not held: under the full suite's load Lighthouse's simulated CPU times swing it
    // (the status page scored below 90 there, 99 alone); the figures in the README are from a file run alone.
    process.stdout.write(
      `# ${name}: performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}${failing.length ? ` (not passed: ${failing.join(', ')})` : ''}\n`,
    );
  }
  process.stdout.write(`# page screenshots: ${SHOTS}\n`);
});

test('maintenance (issue 31): the monitor page and the status page show the window now and the next one; a monitor under it is no outage', async () => {
  const start = Date.now();
  const now = await api('/maintenance-windows', {
    method: 'POST',
    body: {
      name: 'Database upgrade',
      starts_at: new Date(start - 10 * MIN).toISOString(),
      ends_at: new Date(start + 50 * MIN).toISOString(),
      monitors: [backend.id],
    },
  });
  assert.equal(now.status, 201, JSON.stringify(now.body));
  const weekly = await api('/maintenance-windows', {
    method: 'POST',
    body: {
      name: 'Weekly deploy',
      starts_at: new Date(start + 2 * HOUR).toISOString(),
      rrule: 'FREQ=WEEKLY',
      duration_minutes: 30,
      time_zone: 'Europe/Paris',
      monitors: [shop.id, backend.id],
    },
  });
  assert.equal(weekly.status, 201, JSON.stringify(weekly.body));
  // The backend is down now, under the window.
  await env.db.monitor.update({ where: { id: backend.id }, data: { down: true, lastRunAt: new Date() } });

  const monitorPage = await open(backend.report_url, 'monitor-maintenance');
  const section = (await monitorPage.evaluate("document.querySelector('section.maintenance').innerText")) as string;
  assert.match(section, /Database upgrade: Now, until/);
  assert.match(section, /Weekly deploy: .* to /);
  assert.ok(section.indexOf('Database upgrade') < section.indexOf('Weekly deploy'), 'soonest first');
  await monitorPage.close();

  const page = await api('/status-pages', {
    method: 'POST',
    body: {
      slug: 'acme-maintenance',
      title: 'Acme',
      monitors: [
        { id: shop.id, label: 'Shop' },
        { id: backend.id, label: 'API' },
      ],
    },
  });
  const statusView = await open(page.body.url, 'status-maintenance');
  const text = (await statusView.evaluate("document.querySelector('main').innerText")) as string;
  assert.match(text, /Scheduled maintenance in progress/);
  assert.match(text, /API\s+Under maintenance/);
  assert.match(text, /Database upgrade: Now, until .* · API/);
  assert.match(text, /Weekly deploy: .* · Shop, API/);
  await statusView.close();
  const json = (await (await fetch(`${page.body.url}.json`)).json()) as any;
  assert.equal(json.state, 'maintenance');
  assert.deepEqual(
    json.monitors.map((m: any) => [m.label, m.in_maintenance]),
    [
      ['Shop', false],
      ['API', true],
    ],
  );
  assert.deepEqual(json.maintenance[0].monitors, ['API']);
  assert.ok(!JSON.stringify(json).includes(backend.id), 'no monitor id on the public page');
  for (const w of [now.body, weekly.body]) await api(`/maintenance-windows/${w.id}`, { method: 'DELETE' });
});

test("a test's report links to the page of the monitor that ran it, and a test of POST /tests links to none", async () => {
  const { teamId } = await env.db.monitor.findUniqueOrThrow({ where: { id: shop.id } });
  const row = (reportToken: string, monitorId: string | null) =>
    env.db.test.create({
      data: {
        teamId,
        monitorId,
        type: 'uptime',
        url: 'https://example.com/',
        device: 'mobile',
        status: 'queued',
        reportToken,
      },
    });
  const byMonitor = await row('monitor-run-report-token-0123456789abcdefghij', shop.id);
  const alone = await row('lone-test-report-token-0123456789abcdefghijk', null);
  const html = async (token: string) => (await fetch(`${origin}/reports/${token}`)).text();
  assert.ok((await html(byMonitor.reportToken)).includes(`href="${shop.report_url}"`));
  assert.ok(!(await html(alone.reportToken)).includes('/reports/monitors/'));
});
