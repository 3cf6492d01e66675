// Issue 48, items 3 and 4: a lighthouse monitor's field history and its alert. A local CrUX API answering
// as Google documents it (@pageprobe/testing's fake) serves CrUX History and records; the API in process
// (responses validated against the OpenAPI document) answers GET series?source=field and draws the
// monitor's page, opened in real Chromium (screenshots under test/.artifacts/field/ for review); a
// monitor's runs are finished as the browser worker finishes them (its CrUX client, fieldOf, finishTest:
// no Lighthouse here), and monitor.field_regressed reaches a real webhook receiver through the dispatcher.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cruxClient } from '@pageprobe/crux';
import { createPool } from '@pageprobe/db';
import { jobs, openQueue } from '@pageprobe/jobs';
import { fieldOf } from '@pageprobe/test-kinds';
import { ensurePartitions, finishTest, recordRollups } from '@pageprobe/test-lifecycle';
import { cruxHistoryBody, cruxRecordBody, startFakeCrux } from '@pageprobe/testing';
import { Redis } from 'ioredis';
import puppeteer, { type Page } from 'puppeteer-core';
import { startApiInProcess } from '../support/api-in-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { eventually, type ReceivedRequest, settle, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

const SHOTS = fileURLToPath(new URL('../.artifacts/field/', import.meta.url));
rmSync(SHOTS, { recursive: true, force: true });
mkdirSync(SHOTS, { recursive: true });

const env = await createTestEnv();
const pool = createPool(env.databaseUrl, { size: 2 });
after(() => pool.end());
const crux = await startFakeCrux();
after(() => crux.close());
const CRUX_API_KEY = 'crux-history-key-41d2';
const common = {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  RATE_LIMIT_READS_PER_MIN: '100000',
  ALERT_RETRY_BASE_MS: '200',
};
const { origin } = await startApiInProcess(env, { ...common, CRUX_API_KEY, CRUX_API_URL: crux.url });
await startInProcess('callback-dispatcher', env.appEnv({ ...common, PUBLIC_BASE_URL: origin }));
const { key, teamId } = await teamWithKey(env, { plan: 'pro' });

type Json = Record<string, any>;
const api = `${origin}/api/v1`;
const post = (path: string, body: unknown) => call<Json>(`${api}${path}`, { method: 'POST', token: key, body });
const get = (path: string) => call<Json>(`${api}${path}`, { token: key });

/**
 * A lighthouse monitor, paused at once: nothing runs it here (no browser worker, no credits); its runs are
 * finished below, or its history read.
 */
async function lighthouseMonitor(url: string, extra: Json = {}) {
  const res = await post('/monitors', { url, type: 'lighthouse', interval_seconds: 3600, ...extra });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  const paused = await call<Json>(`${api}/monitors/${res.body.id}`, {
    method: 'PATCH',
    token: key,
    body: { paused: true },
  });
  assert.equal(paused.status, 200, JSON.stringify(paused.body));
  return res.body;
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
// CrUX History's newest period ends two days ago (the fake's default): the points' days, oldest first.
const newest = Date.parse(isoDay(Date.now() - 2 * DAY));
const weekEnds = (n: number) => Array.from({ length: n }, (_, i) => isoDay(newest - (n - 1 - i) * 7 * DAY));

// The page of /shop, with 12 weeks of history on phones (one week CrUX had too little of) and other
// figures on desktops; /quiet has too few visits of its own, its origin has history; /unknown none at all.
const SHOP = 'http://127.0.0.1:13/shop';
const LCP_PHONE = [2100, 2200, 2300, 2400, 2450, null, 2600, 2700, 2800, 2650, 2500, 2400];
const INP_PHONE = [150, 160, 170, 180, 190, 210, 230, 250, 240, 220, 200, 190];
const CLS_PHONE = [0.05, 0.06, 0.08, 0.12, 0.11, 0.09, 0.08, 0.07, 0.06, 0.05, 0.05, 0.04];
crux.setHistory(
  { url: SHOP, formFactor: 'PHONE' },
  cruxHistoryBody({ lcp: LCP_PHONE, inp: INP_PHONE, cls: CLS_PHONE, fcp: LCP_PHONE.map((v) => v && v - 600) }),
);
crux.setHistory({ url: SHOP, formFactor: 'DESKTOP' }, cruxHistoryBody({ lcp: [900, 950, 1000], inp: [60, 70, 80] }));
crux.setHistory({ origin: 'http://127.0.0.1:14', formFactor: 'PHONE' }, cruxHistoryBody({ lcp: [3100, 4200] }));

const shopPhone = await lighthouseMonitor(SHOP);
const shopDesktop = await lighthouseMonitor(SHOP, { device: 'desktop' });
const quiet = await lighthouseMonitor('http://127.0.0.1:14/quiet');
const unknown = await lighthouseMonitor('http://127.0.0.1:15/unknown');

// Every await before the first test(): the runner ends the file once its registered tests are done.
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  pipe: true,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
after(() => browser.close());

const fieldSeries = (id: string, query: string) => get(`/monitors/${id}/series?source=field&${query}`);

test("source=field: the weekly p75s of the monitor's URL for its device, each period at its last day", async () => {
  const res = await fieldSeries(shopPhone.id, 'metric=lcp_ms');
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const body = res.body;
  assert.deepEqual(
    [body.metric, body.source, body.resolution, body.field],
    ['lcp_ms', 'field', 'week', { available: true, scope: 'url', key: SHOP, form_factor: 'PHONE' }],
  );
  const days = weekEnds(12);
  // The week CrUX had too little of has no point; the others at their period's last day, 00:00 UTC.
  const expected = LCP_PHONE.flatMap((p75, i) => (p75 === null ? [] : [{ at: `${days[i]}T00:00:00.000Z`, p75 }]));
  assert.deepEqual(
    body.points.map((p: Json) => ({ at: p.at, p75: p.p75 })),
    expected,
  );
  for (const p of body.points) {
    assert.equal(p.value, p.p75);
    assert.equal(p.category, p.p75 <= 2500 ? 'good' : p.p75 <= 4000 ? 'needs_improvement' : 'poor');
    assert.equal(p.collection_period.last_date, p.at.slice(0, 10));
    // 28 days, both included.
    assert.equal(Date.parse(p.collection_period.last_date) - Date.parse(p.collection_period.first_date), 27 * DAY);
    assert.ok(Math.abs(p.good + p.needs_improvement + p.poor - 1) < 0.01, 'the shares of all loads');
  }
  assert.equal(body.from, `${isoDay(Date.parse(days[0]!) - 27 * DAY)}T00:00:00.000Z`);
  assert.equal(body.to, `${days[11]}T00:00:00.000Z`);
  // CrUX was asked for 40 periods of the page on phones, with the key (never shown back).
  const asked = crux.queries().filter((q) => q.path === '/v1/records:queryHistoryRecord');
  assert.deepEqual(asked.at(-1)!.body, {
    url: SHOP,
    formFactor: 'PHONE',
    metrics: (asked.at(-1)!.body as Json).metrics,
    collectionPeriodCount: 40,
  });
  assert.ok(!JSON.stringify(body).includes(CRUX_API_KEY));

  // CLS unitless, INP's series named as the lab's would be; from and to keep the points within them.
  const cls = await fieldSeries(shopPhone.id, 'metric=cls');
  assert.deepEqual(
    cls.body.points.map((p: Json) => p.p75),
    CLS_PHONE,
  );
  assert.equal(cls.body.points[3].category, 'needs_improvement');
  const inp = await fieldSeries(shopPhone.id, `metric=inp_ms&from=${days[8]}T00:00:00Z&to=${days[10]}T00:00:00Z`);
  assert.deepEqual(
    inp.body.points.map((p: Json) => [p.at.slice(0, 10), p.p75, p.category]),
    [
      [days[8], 240, 'needs_improvement'],
      [days[9], 220, 'needs_improvement'],
      [days[10], 200, 'good'],
    ],
  );
  assert.equal(inp.body.from, `${days[8]}T00:00:00.000Z`);
});

test("the form factor is the monitor's device's; a page without history of its own has its origin's", async () => {
  const desktop = await fieldSeries(shopDesktop.id, 'metric=lcp_ms');
  assert.equal(desktop.body.field.form_factor, 'DESKTOP');
  assert.deepEqual(
    desktop.body.points.map((p: Json) => p.p75),
    [900, 950, 1000],
  );
  const fallback = await fieldSeries(quiet.id, 'metric=lcp_ms');
  assert.deepEqual(fallback.body.field, {
    available: true,
    scope: 'origin',
    key: 'http://127.0.0.1:14',
    form_factor: 'PHONE',
  });
  assert.deepEqual(
    fallback.body.points.map((p: Json) => [p.p75, p.category]),
    [
      [3100, 'needs_improvement'],
      [4200, 'poor'],
    ],
  );
});

test('no history: a 200 with no points and why; other kinds and names are refused', async () => {
  const none = await fieldSeries(unknown.id, 'metric=lcp_ms');
  assert.equal(none.status, 200);
  assert.deepEqual(none.body, {
    metric: 'lcp_ms',
    source: 'field',
    from: null,
    to: null,
    resolution: 'week',
    field: { available: false, reason: 'not_enough_data' },
    points: [],
    // No deploy covers it (issue 62).
    annotations: [],
  });
  // A failing CrUX is an answer too (and not kept: the next request asks again).
  const flaky = await lighthouseMonitor('http://127.0.0.1:18/flaky');
  crux.failNext(500);
  const failing = await fieldSeries(flaky.id, 'metric=fcp_ms');
  assert.equal(failing.status, 200);
  assert.deepEqual(failing.body.field, { available: false, reason: 'api_error' });
  assert.deepEqual((await fieldSeries(flaky.id, 'metric=fcp_ms')).body.field, {
    available: false,
    reason: 'not_enough_data',
  });

  const uptime = await post('/monitors', { url: 'http://127.0.0.1:16/', type: 'uptime', interval_seconds: 3600 });
  assert.equal(uptime.status, 201);
  assertProblem(await fieldSeries(uptime.body.id, 'metric=total_ms'), 400, 'validation_failed');
  const wrongKind = await fieldSeries(uptime.body.id, 'metric=total_ms');
  assert.match(wrongKind.body.detail ?? wrongKind.body.title, /lighthouse/);
  assertProblem(await fieldSeries(shopPhone.id, 'metric=performance_score'), 400, 'validation_failed');
  assertProblem(await fieldSeries(shopPhone.id, 'metric=lcp_ms&from=2026-13-01T00:00:00Z'), 400, 'validation_failed');
  assertProblem(await get(`/monitors/${shopPhone.id}/series?source=both&metric=lcp_ms`), 400, 'validation_failed');
  // inp_ms is real users' alone: the lab has no such series.
  assertProblem(await get(`/monitors/${shopPhone.id}/series?metric=inp_ms`), 400, 'validation_failed');
  // The lab's series says which it is.
  const lab = await get(`/monitors/${shopPhone.id}/series?metric=lcp_ms`);
  assert.equal(lab.body.source, 'lab');
});

// --- The monitor's page in Chromium -------------------------------------------------------------------

/** The field charts up close, as a reviewer looks at them. */
async function shootCharts(page: Page, name: string, width: number) {
  for (const chart of ['lcp_ms', 'inp_ms']) {
    const figure = await page.$(`#${chart}`);
    if (figure) await figure.screenshot({ path: join(SHOTS, `${name}-${chart}-${width}.png`) });
  }
}

/** Opens a page at phone and desktop width, screenshots of both, failing on console errors or overflow. */
async function open(url: string, name: string): Promise<Page> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${String(e)}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  await page.setViewport({ width: 375, height: 812, deviceScaleFactor: 1 });
  const res = await page.goto(url, { waitUntil: 'networkidle0' });
  assert.equal(res?.status(), 200);
  const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
  assert.ok((overflow as number) <= 0, `${name}: the page is ${overflow}px wider than a 375 px phone`);
  // Each chart fits the phone's width: its newest weeks in view as it opens, not past a sideways scroll
  // (every line ends inside the window).
  const hidden = await page.$$eval(
    'figure.chart svg',
    (svgs, width) =>
      svgs.flatMap((svg) => {
        const ends = [svg, ...svg.querySelectorAll('path.line')].map((el) => el.getBoundingClientRect().right);
        return Math.max(...ends) > width ? [svg.closest('figure')!.id] : [];
      }),
    375,
  );
  assert.deepEqual(hidden, [], `${name}: charts past the phone's right edge`);
  await page.screenshot({ path: join(SHOTS, `${name}-375.png`), fullPage: true });
  await shootCharts(page, name, 375);
  await page.setViewport({ width: 1280, height: 900, deviceScaleFactor: 1 });
  await page.screenshot({ path: join(SHOTS, `${name}-1280.png`), fullPage: true });
  await shootCharts(page, name, 1280);
  assert.deepEqual(problems, []);
  return page;
}

test("a lighthouse monitor's page: lab and field on one chart per metric, with the thresholds and a legend", async () => {
  // Two runs a day for 90 days, rolled up as evaluateRun rolls them up.
  const runs = Array.from({ length: 180 }, (_, i) => ({
    monitorId: shopPhone.id,
    plan: 'pro' as const,
    at: new Date(Date.now() - (180 - i) * 12 * 3_600_000),
    ok: true,
    values: {
      performance_score: 80,
      lcp_ms: 1900 + (i % 14) * 60,
      tbt_ms: 120 + (i % 10) * 15,
      cls: 0.03,
      fcp_ms: 1200,
    },
  }));
  await ensurePartitions(pool, new Date(Date.now() - 100 * DAY), new Date(Date.now() + DAY));
  await env.db.$transaction((tx) => recordRollups(tx, runs));
  const { body: monitor } = await get(`/monitors/${shopPhone.id}`);
  const url = `${monitor.report_url}?range=90d`;
  const html = await (await fetch(url)).text();
  assert.ok(Buffer.byteLength(html) < 200 * 1024, `the page is ${Buffer.byteLength(html)} bytes`);
  const page = await open(url, 'monitor-field');

  // The vitals' charts, and INP's over the lab's TBT now that there is field data.
  const charts = await page.$$eval('figure.chart', (els) => els.map((el) => el.id));
  assert.deepEqual(charts, ['performance', 'lcp_ms', 'inp_ms', 'fcp_ms', 'tbt_ms', 'cls', 'speed_index_ms', 'ttfb_ms']);
  // One chart, both lines: the lab's and real users' (a step a week), the thresholds drawn and labelled.
  assert.equal(await page.$$eval('#lcp_ms path.line', (els) => els.length), 2);
  assert.equal(await page.$$eval('#lcp_ms path.line.step', (els) => els.length), 1);
  assert.equal(await page.$$eval('#lcp_ms line.threshold', (els) => els.length), 2);
  assert.deepEqual(await page.$$eval('#lcp_ms .legend .key', (els) => els.map((el) => el.textContent)), [
    'Lab (Lighthouse)',
    'Field p75 (Chrome users on phones, 28 days)',
    'good ≤ 2.5 s',
    'poor > 4.0 s',
  ]);
  // The good line where 2,500 ms is on the axis (between the 2.0 s and 3.0 s ticks, halfway).
  const at = await page.$$eval('#lcp_ms g.tick', (ticks) =>
    Object.fromEntries(ticks.map((t) => [t.textContent, Number(t.querySelector('line')!.getAttribute('y1'))])),
  );
  const goodY = await page.$eval('#lcp_ms line.threshold.t-good', (el) => Number(el.getAttribute('y1')));
  assert.ok(Math.abs(goodY - (at['2.0 s']! + at['3.0 s']!) / 2) < 0.2, `the good line at ${goodY}`);
  // The field line's figures are the series API's, week for week, in the chart's table.
  const { body: series } = await fieldSeries(shopPhone.id, 'metric=lcp_ms');
  const plotted = await page.$$eval('#lcp_ms td[data-source="field"]', (cells) =>
    cells.map((c) => ({
      at: c.closest('tr')!.querySelector('time')!.getAttribute('datetime'),
      p75: Number(c.getAttribute('data-value')),
    })),
  );
  const from = Date.now() - 90 * DAY;
  const inRange = series.points.filter((p: Json) => Date.parse(p.at) >= from);
  assert.ok(inRange.length >= 10);
  assert.deepEqual(
    plotted.slice(-inRange.length),
    inRange.map((p: Json) => ({ at: p.at, p75: p.p75 })),
  );
  assert.ok((await page.$$eval('#lcp_ms td[data-source="lab"]', (els) => els.length)) > 50, 'and the lab line');
  // In words: whose figures, the latest week, and for a screen reader what each line holds.
  assert.match(
    await page.$eval('#field-note', (el) => el.textContent!),
    /real Chrome users on phones saw of this page/,
  );
  assert.match(
    await page.$eval('#lcp_ms .note', (el) => el.textContent!),
    /p75: 2\.4 s over the 28 days to .*, good\./,
  );
  assert.match(
    await page.$eval('#inp_ms svg', (el) => el.getAttribute('aria-label')!),
    /Interaction to Next Paint: Lab: Total Blocking Time \(INP's proxy\), \d+ points; Field p75 .*, \d+ points; good up to 200 ms, poor above 500 ms/,
  );
  // A week's range still shows the field's p75 in effect (carried in from the week before it).
  await page.goto(`${monitor.report_url}?range=7d`);
  assert.equal(await page.$$eval('#lcp_ms path.line.step', (els) => els.length), 1);
  await page.close();
});

test("a page without field data says why in a sentence, and draws the lab's charts alone", async () => {
  const { body: monitor } = await get(`/monitors/${unknown.id}`);
  const page = await open(monitor.report_url, 'monitor-no-field');
  assert.equal(
    await page.$eval('#field-note', (el) => el.textContent),
    "No field data beside the lab's: the Chrome UX Report has no history of this page nor its site on this device (too few Chrome users visit it).",
  );
  const charts = await page.$$eval('figure.chart', (els) => els.map((el) => el.id));
  assert.ok(!charts.includes('inp_ms'), 'no INP chart without field data');
  assert.equal(await page.$$eval('path.line.step', (els) => els.length), 0);
  await page.close();
});

// --- monitor.field_regressed ---------------------------------------------------------------------------

test('monitor.field_regressed: once when a later period crosses a threshold, delivered to a webhook', async () => {
  const receiver = await startServer();
  const channel = await post('/alert-channels', { type: 'webhook', name: 'hook', url: `${receiver.url}/hook` });
  assert.equal(channel.status, 201, JSON.stringify(channel.body));
  const PAGE = 'http://127.0.0.1:17/checkout';
  const monitor = await lighthouseMonitor(PAGE, { alert_channels: [channel.body.id] });

  const redis = new Redis(env.redisUrl, { maxRetriesPerRequest: null });
  const callbacks = openQueue(jobs.callback, { connection: redis, prefix: env.queuePrefix });
  after(async () => {
    await callbacks.close();
    redis.disconnect();
  });
  const lifecycle = { db: env.db, callbacks, publicBaseUrl: origin, dashboardBaseUrl: `${origin}/app` };
  // CrUX updates its record daily: each day here is a CrUX client of its own (its own cache), as the
  // browser worker's is after the next update.
  let day = 0;
  const serve = (lastDate: string, p75s: { lcp: number; inp: number }) => {
    crux.setRecord({ url: PAGE, formFactor: 'PHONE' }, cruxRecordBody({ ...p75s, cls: 0.02, lastDate }));
    return cruxClient({
      config: {
        apiKey: CRUX_API_KEY,
        apiUrl: crux.url,
        queriesPerMin: 150,
        maxWaitMs: 5_000,
        keyPrefix: `${env.queuePrefix}:day${++day}`,
      },
      redis,
    });
  };
  /** A run of the monitor, finished as the browser worker finishes one: its field from CrUX's record. */
  const run = async (client: ReturnType<typeof cruxClient>) => {
    const vitals = { lcp_ms: 1800, tbt_ms: 90, cls: 0.02, fcp_ms: 900, ttfb_ms: 300 };
    const answer = await client.record(PAGE, 'PHONE');
    const field = fieldOf(answer, vitals);
    assert.equal(field.available, true, JSON.stringify(answer));
    const t = await env.db.test.create({
      data: {
        teamId,
        monitorId: monitor.id,
        type: 'lighthouse',
        url: PAGE,
        device: 'mobile',
        status: 'running',
        reportToken: `tok${Math.random().toString(36).slice(2)}${'x'.repeat(30)}`,
      },
    });
    const done = await finishTest(lifecycle, t.id, {
      status: 'completed',
      fields: { performanceScore: 92, vitals, result: { field } },
    });
    assert.ok(done);
    return t.id;
  };
  const fieldAlerts = async () =>
    (await get(`/monitors/${monitor.id}/alerts?limit=100`)).body.data.filter(
      (a: Json) => a.event === 'monitor.field_regressed',
    );
  const delivered = () =>
    receiver.requests
      .map((r: ReceivedRequest) => JSON.parse(r.raw.toString('utf8')))
      .filter((b: Json) => b.event === 'monitor.field_regressed');

  // Day 1: INP good (180 ms), LCP good. The monitor's first field data: nothing to compare with.
  const day1 = serve('2026-11-21', { lcp: 2000, inp: 180 });
  await run(day1);
  assert.deepEqual(await fieldAlerts(), []);

  // Day 2: INP needs improvement (240 ms). Two runs finishing together raise it once.
  const day2 = serve('2026-11-22', { lcp: 2100, inp: 240 });
  const together = await Promise.all([run(day2), run(day2)]);
  const raised = await fieldAlerts();
  assert.equal(raised.length, 1, JSON.stringify(raised));
  const [alert] = raised;
  assert.equal(alert.reason, 'field_category_worse');
  assert.ok(together.includes(alert.test_id), 'raised by one of the two runs');
  assert.deepEqual(
    { ...alert.details, message: undefined },
    {
      metric: 'inp',
      from: 'good',
      to: 'needs_improvement',
      p75: 240,
      previous_p75: 180,
      collection_period: { first_date: '2026-10-26', last_date: '2026-11-22' },
      previous_period: { first_date: '2026-10-25', last_date: '2026-11-21' },
      scope: 'url',
      form_factor: 'PHONE',
      message: undefined,
    },
  );
  // Delivered to the webhook as the callback body, in words.
  const [body] = await eventually(async () => (delivered().length ? delivered() : undefined), 20_000, 'the webhook');
  assert.equal(body.monitor.id, monitor.id);
  assert.equal(body.alert.id, alert.id);
  assert.equal(
    body.alert.details.message,
    'INP p75 went from good (180 ms) to needs improvement (240 ms) for real users, period 2026-10-26 to 2026-11-22.',
  );

  // More runs in the same period raise nothing more.
  await run(day2);
  await run(day2);
  // Day 3: INP back to good (150 ms): better is no alert.
  await run(serve('2026-11-23', { lcp: 2050, inp: 150 }));
  assert.equal((await fieldAlerts()).length, 1);
  const settled = await settle(delivered, (d) => d.length > 1, 2_000);
  assert.equal(settled.length, 1, 'one message to the webhook');
  // The monitor keeps what it saw last: day 3's period.
  const row = await env.db.monitor.findUniqueOrThrow({ where: { id: monitor.id } });
  assert.deepEqual((row.fieldState as Json).collection_period, { first_date: '2026-10-27', last_date: '2026-11-23' });
  assert.equal((row.fieldState as Json).metrics.inp.category, 'good');

  // The monitor's page marks it on the INP chart, in words.
  crux.setHistory({ url: PAGE, formFactor: 'PHONE' }, cruxHistoryBody({ inp: [170, 180, 240, 150] }));
  const page = await browser.newPage();
  await page.goto(monitor.report_url);
  const marks = await page.$$eval('#inp_ms g.mark title', (els) => els.map((el) => el.textContent!));
  assert.equal(marks.length, 1, JSON.stringify(marks));
  assert.match(marks[0]!, /^INP p75 went from good \(180 ms\) to needs improvement \(240 ms\) for real users/);
  assert.equal(await page.$$eval('#lcp_ms g.mark', (els) => els.length), 0, 'on its own metric only');
  await page.close();
});
