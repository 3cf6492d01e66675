// Issue 46, item 4: alert channels, maintenance windows and status pages, as an editor meets them in a
// real Chromium. A Slack channel pointed at a local receiver gets its test message through the callback
// dispatcher (the API's own test, waited for); a window made from the weekday preset shows its next five
// occurrences before it is saved, as the API computes them, and a bad RRULE is named beside its field; a
// status page is made, previewed and opened signed out. A viewer sees every page and no form, and a POST
// forged with the viewer's own session is refused. Screenshots at 375 and 1280 px in .artifacts/dashboard.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import type { Page } from 'puppeteer-core';
import { startApiApp } from '../support/app-process.ts';
import { fill, press, shoot, signedIn, startBrowser, startDashboard } from '../support/dashboard.ts';
import { startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

const SHOTS = new URL('../.artifacts/dashboard/', import.meta.url);
mkdirSync(SHOTS, { recursive: true });

const env = await createTestEnv();
const common = { ALLOW_PRIVATE_TARGETS: 'true', SWEEP_INTERVAL_MS: '500' };
const { origin } = await startApiApp(env, common);
const { base } = await startDashboard(env, { ...common, PUBLIC_BASE_URL: origin, ALERT_TEST_WAIT_MS: '10000' });
await startInProcess('callback-dispatcher', env.appEnv(common));
const browser = await startBrowser();
const receiver = await startServer((_req, res) => res.writeHead(200).end('ok'));
const { teamId } = await teamWithKey(env);

const EDITOR = { email: 'editor@example.com', password: 'the editor passphrase' };
const VIEWER = { email: 'viewer@example.com', password: 'the viewer passphrase' };
for (const [person, role] of [
  [EDITOR, 'editor'],
  [VIEWER, 'viewer'],
] as const) {
  const user = await ensureUser(env.db, { email: person.email, passwordHash: await hashPassword(person.password) });
  await setMembership(env.db, teamId, user.id, role);
}
const monitor = await env.db.monitor.create({
  data: { teamId, type: 'uptime', url: 'https://shop.example.com/health', device: 'desktop', intervalSeconds: 60 },
});

const main = (page: Page) => page.$eval('main', (m) => m.textContent ?? '');
const go = (page: Page, name: string) =>
  Promise.all([page.waitForNavigation(), page.click(`::-p-aria([name="${name}"][role="link"])`)]);

const { page } = await signedIn(browser, base, EDITOR);

test('a Slack channel at a local receiver: made, its test message sent through the dispatcher and delivered', async () => {
  await go(page, 'Alert channels');
  await go(page, 'Slack');
  await fill(page, 'Name', 'Ops Slack');
  await fill(page, 'Slack webhook URL', `${receiver.url}/slack/hook`);
  await press(page, 'Save');
  const channel = await env.db.alertChannel.findFirstOrThrow({ where: { teamId } });
  assert.equal(page.url(), `${base}/alert-channels/${channel.id}`);
  assert.deepEqual([channel.type, channel.name], ['slack', 'Ops Slack']);
  const html = await page.content();
  assert.ok(!html.includes('/slack/hook'), 'the sealed URL is never shown again');

  const seen = receiver.requests.length;
  await press(page, 'Send test message');
  const request = await receiver.nth(seen + 1);
  assert.equal(request.url, '/slack/hook');
  assert.match(request.raw.toString(), /Test message to Ops Slack/);
  assert.match(await page.$eval('[role="status"]', (e) => e.textContent ?? ''), /delivered \(answered 200\)/);
  const row = await page.$eval('tr[data-delivery]', (e) => e.textContent ?? '');
  assert.match(row, /Test message/);
  assert.match(row, /delivered/);
  assert.match(row, /answered 200/, 'the attempt is listed');
  await shoot(page, SHOTS, 'alert-channel');

  // A refusal from the API's own checks, beside its field: a URL the policy does not take.
  await go(page, 'Alert channels');
  await go(page, 'Discord');
  await fill(page, 'Name', 'Bad Discord');
  await fill(page, 'Discord webhook URL', 'ftp://example.com/hook');
  await press(page, 'Save');
  assert.ok(await page.$('#url-error'), 'the error is beside the URL field');
  assert.equal(await env.db.alertChannel.count({ where: { teamId } }), 1);
  await go(page, 'Alert channels');
  assert.match(await main(page), /Ops Slack\s*Slack\s*ok/);
  await shoot(page, SHOTS, 'alert-channels');
});

/** 02:00 in Europe/Berlin on a UTC calendar date, independently of the app: the offset whose hour reads 02. */
function berlinTwoAm(y: number, m: number, d: number): number {
  for (const offset of [1, 2]) {
    const t = Date.UTC(y, m, d, 2 - offset);
    const hour = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(t);
    if (hour === '02') return t;
  }
  throw new Error('no 02:00');
}

test('a window from the weekday preset: its next five occurrences before saving, a bad RRULE named beside its field', async () => {
  await go(page, 'Maintenance');
  await go(page, 'New maintenance window');
  await fill(page, 'Name', 'Nightly deploys');
  await page.select('#preset', 'weekdays-berlin');
  await press(page, 'Apply preset');
  assert.equal(await page.$eval('#rrule', (e) => e.getAttribute('value')), 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
  assert.equal(await page.$eval('#time_zone', (e) => e.getAttribute('value')), 'Europe/Berlin');
  assert.equal(await page.$eval('#duration_minutes', (e) => e.getAttribute('value')), '60');
  const startDate = await page.$eval('#start_date', (e) => e.getAttribute('value'));
  await page.click(`input[name="monitors"][value="${monitor.id}"]`);
  await press(page, 'Preview');

  // The next five weekdays at 02:00 Berlin time from the start date on that have not ended yet.
  const now = Date.now();
  const expected: string[] = [];
  const [y, m, d] = startDate.split('-').map(Number) as [number, number, number];
  for (let i = 0; expected.length < 5; i++) {
    const day = new Date(Date.UTC(y, m - 1, d + i));
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const start = berlinTwoAm(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
    if (start + 3600_000 > now) expected.push(new Date(start).toISOString());
  }
  const shown = await page.$$eval('ol.occurrences li time:first-child', (ts) =>
    ts.map((t) => t.getAttribute('datetime')),
  );
  assert.deepEqual(shown, expected);
  const ends = await page.$$eval('ol.occurrences li time:nth-of-type(2)', (ts) =>
    ts.map((t) => t.getAttribute('datetime')),
  );
  assert.deepEqual(
    ends,
    expected.map((s) => new Date(Date.parse(s) + 3600_000).toISOString()),
  );
  assert.match(await main(page), /Not saved yet/);
  // The rule in words beside it (issue 60).
  assert.equal(
    await page.$eval('[data-testid="window-sentence"]', (e) => e.textContent),
    'Every weekday at 02:00 for 1 hour, Europe/Berlin FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  );
  assert.equal(await env.db.maintenanceWindow.count({ where: { teamId } }), 0, 'a preview saves nothing');
  await shoot(page, SHOTS, 'maintenance-preview');

  // A rule the API refuses: its words beside the RRULE field, and nothing saved.
  await fill(page, 'RRULE', 'FREQ=SOMETIMES;BYDAY=MO');
  await press(page, 'Preview');
  const error = await page.$eval('#rrule-error', (e) => e.textContent ?? '');
  assert.ok(error.length > 0, 'a message beside the field');
  assert.equal(await page.$eval('#rrule', (e) => e.getAttribute('aria-invalid')), 'true');
  assert.equal(await page.$('ol.occurrences'), null);
  await shoot(page, SHOTS, 'maintenance-bad-rule');

  await fill(page, 'RRULE', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');
  await press(page, 'Save');
  const window = await env.db.maintenanceWindow.findFirstOrThrow({ where: { teamId } });
  assert.equal(page.url(), `${base}/maintenance/${window.id}`);
  assert.deepEqual(
    [window.rrule, window.timeZone, window.durationMinutes, window.monitorIds],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'Europe/Berlin', 60, [monitor.id]],
  );
  const saved = await page.$$eval('ol.occurrences li time:first-child', (ts) =>
    ts.map((t) => t.getAttribute('datetime')),
  );
  assert.deepEqual(saved.slice(0, 5), expected, 'the saved window has the occurrences previewed');
  const audit = await env.db.auditEntry.findFirst({ where: { teamId, action: 'maintenance_window.created' } });
  assert.ok(audit?.actorId, 'audited as the person who made it');
  await shoot(page, SHOTS, 'maintenance-window');
});

test('a status page: made with a labelled monitor, previewed, and opened signed out at the API', async () => {
  await go(page, 'Status pages');
  await go(page, 'New status page');
  await fill(page, 'Title', 'Shop status');
  await fill(page, 'Slug', 'shop-status');
  await page.click(`input[name="monitors"][value="${monitor.id}"]`);
  await page.type(`input[name="label_${monitor.id}"]`, 'Checkout');
  await press(page, 'Save');
  const row = await env.db.statusPage.findUniqueOrThrow({ where: { slug: 'shop-status' } });
  assert.equal(page.url(), `${base}/status-pages/${row.id}`);
  assert.deepEqual(row.monitors, [{ id: monitor.id, label: 'Checkout' }]);
  await shoot(page, SHOTS, 'status-page');

  const open = await page.$eval('::-p-aria([name="Open"][role="link"])', (a) => a.getAttribute('href'));
  assert.equal(open, `${origin}/status/shop-status`);
  const preview = await page.$eval('::-p-aria([name="Preview"][role="link"])', (a) => a.getAttribute('href'));
  const previewed = await (await page.browserContext().newPage()).goto(new URL(preview!, page.url()).href);
  assert.equal(previewed?.status(), 200);
  const previewText = await previewed!.text();
  assert.match(previewText, /Shop status/);
  assert.match(previewText, /Checkout/);
  assert.ok(!previewText.includes(monitor.url), 'the preview, like the page, shows no monitor URL');

  const outsider = await (await browser.createBrowserContext()).newPage();
  const res = await outsider.goto(open!);
  assert.equal(res?.status(), 200);
  assert.match(await outsider.$eval('h1', (h) => h.textContent ?? ''), /Shop status/);
  assert.match(await outsider.$eval('main', (m) => m.textContent ?? ''), /Checkout/);
  await outsider.setViewport({ width: 1280, height: 900 });
  await outsider.screenshot({ path: new URL('status-page-public-1280.png', SHOTS).pathname, fullPage: true });
  await outsider.browserContext().close();
});

test('a viewer sees the three pages with no form, and a POST forged with their own session is refused', async () => {
  const { page: viewer } = await signedIn(browser, base, VIEWER);
  const channel = await env.db.alertChannel.findFirstOrThrow({ where: { teamId } });
  const window = await env.db.maintenanceWindow.findFirstOrThrow({ where: { teamId } });
  const statusPage = await env.db.statusPage.findFirstOrThrow({ where: { teamId } });
  for (const path of [
    '/alert-channels',
    `/alert-channels/${channel.id}`,
    '/maintenance',
    `/maintenance/${window.id}`,
    '/status-pages',
    `/status-pages/${statusPage.id}`,
  ]) {
    const res = await viewer.goto(`${base}${path}`);
    assert.equal(res?.status(), 200, path);
    assert.equal(await viewer.$('main form'), null, `${path}: no form`);
    const text = await main(viewer);
    assert.ok(!/Send test message|New maintenance window|New status page/.test(text), `${path}: no change offered`);
  }
  assert.match(await main(viewer), /Checkout/);
  await shoot(viewer, SHOTS, 'status-page-viewer');

  const user = await env.db.user.findUniqueOrThrow({ where: { email: VIEWER.email } });
  const session = await env.db.session.findFirstOrThrow({ where: { userId: user.id }, orderBy: { createdAt: 'desc' } });
  const cookie = (await viewer.browserContext().cookies()).find((c) => c.name.endsWith('pp_session'))!;
  for (const path of [
    `/alert-channels/${channel.id}/delete`,
    `/alert-channels/${channel.id}/test`,
    `/maintenance/${window.id}/delete`,
    `/status-pages/${statusPage.id}/delete`,
  ]) {
    const forged = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        cookie: `${cookie.name}=${cookie.value}`,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ _csrf: session.csrfToken }),
      redirect: 'manual',
    });
    assert.equal(forged.status, 403, path);
  }
  assert.ok(await env.db.alertChannel.findUnique({ where: { id: channel.id } }));
  assert.ok(await env.db.maintenanceWindow.findUnique({ where: { id: window.id } }));
  assert.ok(await env.db.statusPage.findUnique({ where: { id: statusPage.id } }));
  await viewer.browserContext().close();
});
