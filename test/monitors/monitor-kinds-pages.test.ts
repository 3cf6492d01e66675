// Issue 47 item 5: the public pages of the new kinds of monitor. A tcp, a dns and a heartbeat monitor's
// page, badges and series answer (a heartbeat's answered 500 before its kind was a kind of monitor), list
// their checks and draw their charts; a heartbeat's page says what it expects and when it last pinged,
// and never shows its ping URL (a key) or its placeholder url; a status page lists all three by their
// labels. History is recorded through the code the checks take (recordChecks), as monitor-pages does.
// Screenshots at 375 and 1280 px under test/.artifacts/kind-pages/.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createPool } from '@pageprobe/db';
import { type FinishedCheck, recordChecks } from '@pageprobe/monitors';
import { ensurePartitions } from '@pageprobe/test-lifecycle';
import puppeteer, { type Page } from 'puppeteer-core';
import { startApiInProcess } from '../support/api-in-process.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const SHOTS = fileURLToPath(new URL('../.artifacts/kind-pages/', import.meta.url));
rmSync(SHOTS, { recursive: true, force: true });
mkdirSync(SHOTS, { recursive: true });

const env = await createTestEnv();
const pool = createPool(env.databaseUrl, { size: 2 });
after(() => pool.end());
const { origin } = await startApiInProcess(env, { ALLOW_PRIVATE_TARGETS: 'true' });
const { key } = await teamWithKey(env, { plan: 'pro' });
const api = async (path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await fetch(`${origin}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as any) };
};
const created = async (body: Record<string, unknown>) => {
  const res = await api('/monitors', { method: 'POST', body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
};

// Never checked: no dispatcher runs here; their history is recorded below.
const port = await created({ type: 'tcp', url: 'tcp://127.0.0.1:9', interval_seconds: 300, name: 'Mail relay' });
const record = await created({ type: 'dns', url: 'dns://127.0.0.1:53/example.com?type=A', interval_seconds: 300 });
const beat = await created({ type: 'heartbeat', name: 'Nightly backup', period_seconds: 600, grace_seconds: 120 });
const token = new URL(beat.ping_url).pathname.split('/').pop()!;

const MIN = 60_000;
const now = Date.now();
const FIRST = Math.floor((now - 6 * 60 * MIN) / (10 * MIN)) * 10 * MIN;
const LAST = Math.floor((now - 10 * MIN) / (10 * MIN)) * 10 * MIN;
const none = { dns: null, connect: null, tls: null, first_byte: null, download: null, total: null };

/** A check every 10 minutes over the last 6 hours; `down` says which fail and why. */
function history(
  monitorId: string,
  total: (at: number) => number,
  down: (at: number) => string | null,
  phases: (ms: number) => Partial<Record<keyof typeof none, number>> = () => ({}),
): FinishedCheck[] {
  const checks: FinishedCheck[] = [];
  for (let at = FIRST; at <= LAST; at += 10 * MIN) {
    const reason = down(at);
    const ms = reason ? null : total(at);
    checks.push({
      monitorId,
      location: 'default',
      plan: 'pro',
      slot: new Date(at),
      startedAt: new Date(at),
      figures: {
        up: reason === null,
        reason,
        status_code: null,
        timings_ms: { ...none, ...(ms === null ? {} : phases(ms)), total: ms },
        tls: null,
      },
      passed: null,
      failing: [],
    });
  }
  return checks;
}
await ensurePartitions(pool, new Date(now - 2 * 24 * 60 * MIN), new Date(now + 24 * 60 * MIN));
// A missed period and a SERVFAIL among the newest 20 checks the pages list.
const MISSED = LAST - 60 * MIN;
await recordChecks(
  env.db,
  [
    ...history(
      port.id,
      () => 12,
      () => null,
      (ms) => ({ dns: 0, connect: ms }),
    ),
    ...history(
      record.id,
      () => 4,
      (at) => (at === LAST - 30 * MIN ? 'servfail' : null),
    ),
    // A run of 42 s each time, and one period with no ping at all.
    ...history(
      beat.id,
      () => 42_000,
      (at) => (at === MISSED ? 'missed' : null),
    ),
  ],
  { publicBaseUrl: origin, dashboardBaseUrl: `${origin}/app` },
);
// As the dispatchers would have left them: a check's slot, a heartbeat's last ping.
await env.db.monitor.updateMany({ where: { id: { in: [port.id, record.id] } }, data: { lastRunAt: new Date(LAST) } });
await env.db.monitor.update({ where: { id: beat.id }, data: { lastPingAt: new Date(LAST) } });

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  pipe: true,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
after(() => browser.close());

/** Opens a page at phone width (no error, nothing wider than the screen), screenshots it there and at 1280 px. */
async function open(url: string, name: string): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({ width: 375, height: 812, deviceScaleFactor: 1 });
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  const res = await page.goto(url, { waitUntil: 'networkidle0' });
  assert.equal(res?.status(), 200);
  const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
  assert.ok((overflow as number) <= 0, `${name}: the page is ${overflow}px wider than a 375 px phone`);
  await page.screenshot({ path: join(SHOTS, `${name}-375.png`), fullPage: true });
  await page.setViewport({ width: 1280, height: 900, deviceScaleFactor: 1 });
  await page.screenshot({ path: join(SHOTS, `${name}-1280.png`), fullPage: true });
  assert.deepEqual(problems, []);
  return page;
}

const text = (page: Page, selector: string) => page.$eval(selector, (e) => e.textContent ?? '');
const latestRuns = (page: Page) =>
  page.$$eval('table.latest tbody tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent ?? '')));

test("a tcp and a dns monitor's pages: their checks listed, their charts drawn from the series, their badges", async () => {
  for (const [monitor, subject, chart, metric] of [
    [port, 'tcp://127.0.0.1:9', 'response-time', 'connect_ms'],
    [record, 'dns://127.0.0.1/example.com?type=A', 'response-time', 'total_ms'],
  ] as const) {
    const { body: read } = await api(`/monitors/${monitor.id}`);
    assert.equal(read.uptime_percent['24h'] === null, false, `${monitor.type}: its record over time is read`);
    const page = await open(read.report_url, `monitor-${monitor.type}`);
    assert.equal(await text(page, 'h1'), subject);
    const runs = await latestRuns(page);
    assert.equal(runs.length, 20, 'its newest checks');
    assert.match(runs[0]![1]!, /^good$/);
    // The chart's points are the series GET /monitors/{id}/series gives.
    const plotted = await page.$$eval(`#${chart} td[data-metric="${metric}"]`, (cells) => cells.length);
    const { status, body: series } = await api(
      `/monitors/${monitor.id}/series?metric=${metric}&from=${new Date(now - 7 * 24 * 60 * MIN).toISOString()}`,
    );
    assert.equal(status, 200);
    assert.ok(plotted > 0 && plotted === series.points.length, `${monitor.type}: ${plotted} plotted`);
    for (const [name, url] of Object.entries(read.badges) as Array<[string, string]>) {
      const badge = await fetch(url);
      assert.equal(badge.status, 200, `${monitor.type} ${name}`);
      assert.match(await badge.text(), /^<svg/);
    }
    assert.deepEqual(Object.keys(read.badges), ['status', 'uptime_24h', 'uptime_7d', 'uptime_30d', 'response_time']);
  }
  const dnsPage = await open((await api(`/monitors/${record.id}`)).body.report_url, 'monitor-dns-again');
  assert.ok(
    (await latestRuns(dnsPage)).some((r) => r[1] === 'failed: servfail'),
    'the SERVFAIL is listed',
  );
});

test("a heartbeat's page: what it expects, its last ping, its runs' durations; never its ping URL", async () => {
  const { body: read } = await api(`/monitors/${beat.id}`);
  const res = await fetch(read.report_url);
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.ok(!html.includes(token), 'the ping token is a key: never on the shared page');
  assert.ok(!html.includes('/ping/'), 'no ping URL');
  assert.ok(!html.includes(`heartbeat:${beat.id}`), 'no placeholder url');
  const page = await open(read.report_url, 'monitor-heartbeat');
  assert.equal(await text(page, 'h1'), 'Nightly backup');
  assert.match(await text(page, 'p.meta'), /^Heartbeat monitor · a ping every 10 min, 2 min grace · as of /);
  const facts = await page.$$eval('.summary dl.facts dt', (dts) =>
    Object.fromEntries(dts.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])),
  );
  assert.equal(facts.Expects, 'a ping every 10 min');
  assert.equal(facts.Grace, '2 min');
  assert.equal(facts['Last ping'], `${new Date(LAST).toISOString().replace('T', ' ').slice(0, 16)} UTC`);
  const runs = await latestRuns(page);
  assert.deepEqual(runs[0], [runs[0]![0], 'good', '42.0 s']);
  assert.ok(
    runs.some((r) => r[1] === 'failed: missed'),
    'the missed period is listed',
  );
  // Its chart plots the runs' durations, as its series does (which answered 500 before).
  const plotted = await page.$$eval('#run-duration td[data-metric="total_ms"]', (cells) =>
    cells.map((c) => Number(c.getAttribute('data-value'))),
  );
  assert.ok(plotted.length > 0 && plotted.every((v) => v === 42_000), `plotted ${plotted}`);
  const { status, body: series } = await api(`/monitors/${beat.id}/series?metric=total_ms`);
  assert.equal(status, 200);
  assert.ok(series.points.length > 0);
  assert.equal((await api(`/monitors/${beat.id}/series?metric=status_code`)).status, 400);
  // Its badges: state and uptime, no response time.
  assert.deepEqual(Object.keys(read.badges), ['status', 'uptime_24h', 'uptime_7d', 'uptime_30d']);
  const status24 = await (await fetch(read.badges.uptime_24h)).text();
  assert.match(status24, /uptime 24h/);
  assert.match(await (await fetch(read.badges.status)).text(), />up</);
  const responseTime = read.badges.status.replace('/status.svg', '/response-time.svg');
  assert.equal((await fetch(responseTime)).status, 404);
});

test('a status page lists the tcp, dns and heartbeat monitors by their labels, never a url', async () => {
  const { status, body: sp } = await api('/status-pages', {
    method: 'POST',
    body: {
      slug: 'ops-status',
      title: 'Ops status',
      monitors: [
        { id: port.id, label: 'Mail' },
        { id: record.id, label: 'DNS' },
        { id: beat.id, label: 'Nightly backup' },
      ],
    },
  });
  assert.equal(status, 201, JSON.stringify(sp));
  const html = await (await fetch(sp.url)).text();
  for (const hidden of ['tcp://', 'dns:', 'heartbeat:', token]) assert.ok(!html.includes(hidden), hidden);
  const page = await open(sp.url, 'status-page-kinds');
  const listed = await page.$$eval('.status-monitor h3', (hs) =>
    hs.map((h) => [h.querySelector('.label')?.textContent, h.querySelector('.state')?.textContent]),
  );
  assert.deepEqual(listed, [
    ['Mail', 'Operational'],
    ['DNS', 'Operational'],
    ['Nightly backup', 'Operational'],
  ]);
  assert.equal(await text(page, 'p.overall'), 'All systems operational');
  const json = (await (await fetch(`${sp.url}.json`)).json()) as any;
  assert.deepEqual(
    json.monitors.map((m: any) => [m.label, m.state]),
    [
      ['Mail', 'up'],
      ['DNS', 'up'],
      ['Nightly backup', 'up'],
    ],
  );
});
