// Issue 58 item 6: uptime reports. A month of checks recorded through the code checks take
// (recordChecks), then the month's report (JSON, CSV, the printable page) of a monitor and of a status
// page checked against a recomputation from the raw checks: counts, uptime, incidents, downtime and time
// to recovery.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { AxePuppeteer } from '@axe-core/puppeteer';
import puppeteer from 'puppeteer-core';
import { createClient } from '@pageprobe/client';
import { createPool } from '@pageprobe/db';
import { type FinishedCheck, recordChecks } from '@pageprobe/monitors';
import { ensurePartitions } from '@pageprobe/test-lifecycle';
import { ensureUser, setMembership } from '@pageprobe/accounts';
import { startApiInProcess } from '../support/api-in-process.ts';
import { uptimeCheck } from '../support/checks.ts';
import { eventually } from '../support/servers.ts';
import { recipients, startSmtpServer } from '../support/smtp.ts';
import { startInProcess } from '../support/stack.ts';
import { call } from '../support/http.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const pool = createPool(env.databaseUrl, { size: 2 });
after(() => pool.end());
const { origin } = await startApiInProcess(env, {
  RATE_LIMIT_READS_PER_MIN: '100000',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  ALLOW_PRIVATE_TARGETS: 'true',
});
const api = `${origin}/api/v1`;
const { key } = await teamWithKey(env, { plan: 'pro' });
type Json = Record<string, any>;
const get = (path: string) => call<Json>(`${api}${path}`, { token: key });
const post = (path: string, body: unknown) => call<Json>(`${api}${path}`, { method: 'POST', token: key, body });

const monitor = async (url: string) => {
  const { body } = await post('/monitors', { url, type: 'uptime', interval_seconds: 600 });
  await call(`${api}/monitors/${body.id}`, { method: 'PATCH', token: key, body: { paused: true } });
  return body;
};
const shop = await monitor('http://127.0.0.1:9/shop');
const search = await monitor('http://127.0.0.1:10/search');
const { body: page } = await post('/status-pages', {
  slug: 'acme-report',
  title: 'Acme status',
  monitors: [
    { id: shop.id, label: 'Shop' },
    { id: search.id, label: 'Search' },
  ],
});

const MIN = 60_000;
// Last month (the one the monthly mail reports), and the first of this one.
const today = new Date();
const OCTOBER = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1);
const NOVEMBER = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
const MONTH = new Date(OCTOBER).toISOString().slice(0, 7);
const MONTH_MINUTES = (NOVEMBER - OCTOBER) / MIN;
/** Failed stretches (start minute into October, checks failed in a row); one crosses into November. */
const FAILING: Record<string, Array<[number, number]>> = {
  [shop.id]: [
    [2 * 1440 + 60, 5],
    [9 * 1440, 2],
    [19 * 1440 + 300, 1],
    [MONTH_MINUTES - 20, 4],
  ],
  [search.id]: [[14 * 1440 + 600, 12]],
};

function checks(monitorId: string): FinishedCheck[] {
  const out: FinishedCheck[] = [];
  // From the last day of September to the second of November, every 10 minutes.
  for (let at = OCTOBER - 1440 * MIN; at < NOVEMBER + 1440 * MIN; at += 10 * MIN) {
    const minute = (at - OCTOBER) / MIN;
    const up = !FAILING[monitorId]!.some(([start, n]) => minute >= start && minute < start + n * 10);
    // Slow for three hours on the fifth (the shop alone): up, but degraded.
    const degraded = up && monitorId === shop.id && minute >= 4 * 1440 && minute < 4 * 1440 + 180;
    out.push(uptimeCheck(monitorId, at, up, { degraded }));
  }
  return out;
}

await ensurePartitions(pool, new Date(OCTOBER - 3 * 1440 * MIN), new Date(NOVEMBER + 3 * 1440 * MIN));
const links = { publicBaseUrl: origin, dashboardBaseUrl: `${origin}/app` };
for (const id of [shop.id, search.id]) {
  const all = checks(id);
  for (let i = 0; i < all.length; i += 500) await recordChecks(env.db, all.slice(i, i + 500), links);
}

/** The month's figures recomputed from the raw checks alone. */
async function fromRawChecks(monitorId: string) {
  const { rows } = await pool.query<{ at: Date; up: boolean; degraded: boolean }>(
    'SELECT at, up, degraded FROM monitoring.checks WHERE monitor_id = $1 ORDER BY at',
    [monitorId],
  );
  const inMonth = rows.filter((r) => r.at.getTime() >= OCTOBER && r.at.getTime() < NOVEMBER);
  // Incidents: from a first failed check to the first good one after it.
  const incidents: Array<{ start: number; end: number | null }> = [];
  for (const r of rows) {
    const open = incidents.at(-1);
    if (!r.up && (!open || open.end !== null)) incidents.push({ start: r.at.getTime(), end: null });
    if (r.up && open && open.end === null) open.end = r.at.getTime();
  }
  const touching = incidents.filter((i) => i.start < NOVEMBER && (i.end === null || i.end > OCTOBER));
  const recovered = touching.filter((i) => i.end !== null && i.end <= NOVEMBER).map((i) => (i.end! - i.start) / 1000);
  return {
    total: inMonth.length,
    up: inMonth.filter((r) => r.up).length,
    degraded: inMonth.filter((r) => r.degraded).length,
    incidents: touching.length,
    downtime: touching.reduce(
      (s, i) => s + (Math.min(i.end ?? NOVEMBER, NOVEMBER) - Math.max(i.start, OCTOBER)) / 1000,
      0,
    ),
    mean: recovered.length ? Math.round(recovered.reduce((a, b) => a + b, 0) / recovered.length) : null,
    longest: recovered.length ? Math.max(...recovered) : null,
  };
}

test("a month's report equals a recomputation from the raw checks: counts, uptime, incidents, downtime, recovery", async () => {
  for (const m of [shop, search]) {
    const { status, body: r } = await get(`/monitors/${m.id}/report?month=${MONTH}`);
    assert.equal(status, 200, JSON.stringify(r));
    const raw = await fromRawChecks(m.id);
    assert.deepEqual(r.checks, { total: raw.total, up: raw.up, down: raw.total - raw.up, degraded: raw.degraded });
    assert.equal(r.uptime_percent, Number(((raw.up / raw.total) * 100).toFixed(3)));
    assert.equal(r.degraded_percent, Number(((raw.degraded / raw.total) * 100).toFixed(3)));
    assert.equal(r.incidents.length, raw.incidents);
    assert.equal(r.downtime_seconds, raw.downtime);
    assert.deepEqual([r.recovery.mean_seconds, r.recovery.longest_seconds], [raw.mean, raw.longest]);
    assert.equal(r.from, new Date(OCTOBER).toISOString());
    assert.equal(r.to, new Date(NOVEMBER).toISOString());
  }
  // The shop's three slow hours: 18 degraded checks, up for its uptime.
  assert.equal((await get(`/monitors/${shop.id}/report?month=${MONTH}`)).body.checks.degraded, 18);
  // The shop's last stretch crosses into November: 20 minutes of it count in October.
  const { body: shopReport } = await get(`/monitors/${shop.id}/report?month=${MONTH}`);
  assert.equal(shopReport.incidents.at(-1).duration_seconds, 20 * 60);
  assert.equal(shopReport.recovery.recovered, 3);

  // The client reads the same report.
  const client = createClient({ baseUrl: origin, apiKey: key });
  assert.deepEqual(await client.monitors.report(shop.id, { month: MONTH }), shopReport);
  // Any range: the second day alone holds none of the stretches.
  const day = await get(`/monitors/${shop.id}/report?from=${MONTH}-02T00:00:00Z&to=${MONTH}-03T00:00:00Z`);
  assert.deepEqual([day.body.checks.total, day.body.checks.down, day.body.incidents.length], [144, 0, 0]);
  for (const bad of [
    'month=2026-13',
    `month=${MONTH}&from=2026-10-01T00:00:00Z`,
    'from=2026-10-03T00:00:00Z&to=2026-10-02T00:00:00Z',
    'from=2024-01-01T00:00:00Z&to=2026-01-01T00:00:00Z',
  ])
    assert.equal((await get(`/monitors/${shop.id}/report?${bad}`)).status, 400, bad);
});

test("a status page's report: each component's, all together, as JSON, CSV and a printable page", async () => {
  const { body: r } = await get(`/status-pages/${page.id}/report?month=${MONTH}`);
  const [shopRaw, searchRaw] = [await fromRawChecks(shop.id), await fromRawChecks(search.id)];
  assert.deepEqual(
    r.components.map((c: Json) => [c.label, c.checks.total, c.checks.up]),
    [
      ['Shop', shopRaw.total, shopRaw.up],
      ['Search', searchRaw.total, searchRaw.up],
    ],
  );
  assert.equal(r.checks.total, shopRaw.total + searchRaw.total);
  assert.equal(r.incident_count, shopRaw.incidents + searchRaw.incidents);
  assert.equal(r.downtime_seconds, shopRaw.downtime + searchRaw.downtime);
  assert.equal(r.recovery.longest_seconds, Math.max(shopRaw.longest!, searchRaw.longest!));

  const csv = await fetch(`${api}/status-pages/${page.id}/report.csv?month=${MONTH}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/);
  const lines = (await csv.text())
    .trim()
    .split('\n')
    .map((l) => l.split(','));
  assert.deepEqual(
    lines.map((l) => [l[0], l[3], l[6]]),
    [
      ['name', 'checks', 'uptime_percent'],
      ['Shop', String(shopRaw.total), String(r.components[0].uptime_percent)],
      ['Search', String(searchRaw.total), String(r.components[1].uptime_percent)],
      ['Acme status (all)', String(r.checks.total), String(r.uptime_percent)],
    ],
  );

  const printable = await fetch(`${origin}/status/acme-report/report?month=${MONTH}`);
  assert.equal(printable.status, 200);
  const html = await printable.text();
  assert.match(
    html,
    new RegExp(`Acme status: uptime ${MONTH}-01 to ${new Date(NOVEMBER - 1).toISOString().slice(0, 10)}`),
  );
  assert.match(html, /<meter min="95" max="100"/);
  const before = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 2, 1)).toISOString().slice(0, 7);
  assert.match(html, new RegExp(`href="[^"]+/status/acme-report/report\\?month=${before}" rel="prev"`));
  assert.match(html, new RegExp(`${r.uptime_percent.toFixed(2).slice(0, -1)}`));
  assert.ok(!html.includes('127.0.0.1:9'), 'no monitor URL on the public report');
  assert.match(html, /Not responding/);
  const { body: m } = await get(`/monitors/${shop.id}`);
  const monitorPrintable = await fetch(`${m.report_url}/report?month=${MONTH}`);
  assert.equal(monitorPrintable.status, 200);
  assert.match(await monitorPrintable.text(), /Monitor report/);
  assert.equal((await fetch(`${origin}/status/acme-report/report?month=nope`)).status, 404);
});

test('the printable report in Chromium: no axe violation, a screenshot and an A4 PDF to look at', async () => {
  const dir = fileURLToPath(new URL('../.artifacts/uptime-reports/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    pipe: true,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  after(() => browser.close());
  const tab = await browser.newPage();
  await tab.setViewport({ width: 1024, height: 900 });
  await tab.goto(`${origin}/status/acme-report/report?month=${MONTH}`, { waitUntil: 'load' });
  await tab.screenshot({ path: `${dir}status-report.png`, fullPage: true });
  await tab.pdf({ path: `${dir}status-report.pdf`, format: 'A4' });
  const axe = await new AxePuppeteer(tab).analyze();
  assert.deepEqual(
    axe.violations.map((v) => v.id),
    [],
  );
});

test("the monthly mail: a member who asked gets last month's report of the team once; one who did not, nothing", async () => {
  const smtp = await startSmtpServer();
  const { teamId } = await env.db.monitor.findUniqueOrThrow({ where: { id: shop.id } });
  for (const [email, asked] of [
    ['asks@example.com', true],
    ['quiet@example.com', false],
  ] as const) {
    const user = await ensureUser(env.db, { email, passwordHash: null, verified: true });
    await setMembership(env.db, teamId, user.id, 'viewer');
    await env.db.membership.update({
      where: { teamId_userId: { teamId, userId: user.id } },
      data: { monthlyReport: asked },
    });
  }
  await startInProcess(
    'callback-dispatcher',
    env.appEnv({
      PUBLIC_BASE_URL: origin,
      SMTP_URL: smtp.url,
      SMTP_FROM: 'Pageprobe <reports@pageprobe.test>',
      SWEEP_INTERVAL_MS: '300',
    }),
  );
  await eventually(async () => (smtp.mails.length ? true : undefined), 30_000, 'the monthly report mailed');
  await new Promise((r) => setTimeout(r, 1500));
  assert.deepEqual(smtp.mails.flatMap(recipients), ['asks@example.com'], 'once, to the member who asked');
  const mail = smtp.mails[0]!;
  assert.match(mail.subject ?? '', new RegExp(`: uptime report, ${MONTH}$`));
  const { body: team } = await get(`/status-pages/${page.id}/report?month=${MONTH}`);
  // The team's two monitors are the page's two: the same figures, the worst first.
  assert.ok((mail.text ?? '').includes(`${Math.floor(team.uptime_percent * 100) / 100}`.slice(0, 5)), mail.text);
  const order = ['Search', 'Shop'].map((n) => (mail.text ?? '').indexOf(`/${n.toLowerCase()}`));
  assert.ok(order[0]! > 0 && order[1]! > order[0]!, mail.text);
  const member = await env.db.user.findUniqueOrThrow({ where: { email: 'asks@example.com' } });
  const row = await env.db.membership.findUniqueOrThrow({ where: { teamId_userId: { teamId, userId: member.id } } });
  assert.equal(row.reportSentFor, MONTH);
});
