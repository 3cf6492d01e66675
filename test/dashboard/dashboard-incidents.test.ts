// Issue 58: an incident written through the dashboard, as an editor meets it in a real Chromium: opened
// on a status page's monitor, moved through identified and monitoring to resolved by the form on its
// page, a postmortem added; the public status page and its feed show each update in order. A status
// page's subscribers, report link and automatic incidents on its form. Screenshots at 375 and 1280 px.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import { parseFeed } from '@rowanmanning/feed-parser';
import type { Page } from 'puppeteer-core';
import { startApiApp } from '../support/app-process.ts';
import { fill, press, shoot, signedIn, startBrowser, startDashboard } from '../support/dashboard.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const SHOTS = new URL('../.artifacts/dashboard/', import.meta.url);
mkdirSync(SHOTS, { recursive: true });

const env = await createTestEnv();
const { origin } = await startApiApp(env, { ALLOW_PRIVATE_TARGETS: 'true' });
const { base } = await startDashboard(env, { ALLOW_PRIVATE_TARGETS: 'true', PUBLIC_BASE_URL: origin });
const browser = await startBrowser();
const { teamId } = await teamWithKey(env);
const EDITOR = { email: 'incidents-editor@example.com', password: 'the editor passphrase' };
const user = await ensureUser(env.db, { email: EDITOR.email, passwordHash: await hashPassword(EDITOR.password) });
await setMembership(env.db, teamId, user.id, 'editor');
const monitor = await env.db.monitor.create({
  data: {
    teamId,
    type: 'uptime',
    url: 'https://shop.example.com/health',
    name: 'Shop',
    device: 'desktop',
    intervalSeconds: 60,
  },
});
const statusPage = await env.db.statusPage.create({
  data: { teamId, slug: 'dash-incidents', title: 'Acme status', monitors: [{ id: monitor.id, label: 'Shop' }] },
});
await env.db.statusSubscriber.create({
  data: { statusPageId: statusPage.id, kind: 'email', address: 'reader@example.com', confirmedAt: new Date() },
});

const main = (page: Page) => page.$eval('main', (m) => m.textContent ?? '');

const { page } = await signedIn(browser, base, EDITOR);

test('an incident opened in the dashboard moves through its four states by its page’s form; the public page and feed follow', async () => {
  await Promise.all([page.waitForNavigation(), page.click('::-p-aria([name="Incidents"][role="link"])')]);
  await Promise.all([page.waitForNavigation(), page.click('::-p-aria([name="New incident"][role="link"])')]);
  await fill(page, 'Title', 'Checkout fails');
  await page.click(`input[name="monitors"][value="${monitor.id}"]`);
  await page.select('#impact', 'partial_outage');
  await fill(page, 'What readers are told (Markdown)', 'Payments **fail**; we are on it.');
  await press(page, 'Open the incident');
  assert.match(await main(page), /Investigating/);
  assert.match(await main(page), /Partial outage/);
  const id = /\/incidents\/([0-9a-f-]{36})$/.exec(page.url())![1]!;

  for (const [status, message] of [
    ['identified', 'A bad deploy.'],
    ['monitoring', 'Rolled back; watching.'],
    ['resolved', 'Payments work again.'],
  ] as const) {
    await page.select('#status', status);
    await fill(page, 'What readers are told (Markdown)', message);
    await press(page, 'Post the update');
    assert.match(await main(page), new RegExp(message.replace('.', '\\.')));
  }
  // A date in the future is refused beside its field, in the API's words.
  await page.select('#status', 'resolved');
  await fill(page, 'What readers are told (Markdown)', 'From the future.');
  await page.$eval('#at', (el) => {
    (el as unknown as { value: string }).value = '2099-01-01T00:00';
  });
  await press(page, 'Post the update');
  assert.match(await main(page), /is in the future/);
  await page.goto(`${base}/incidents/${id}`);
  await fill(page, 'Postmortem (Markdown)', '## What happened\nA deploy without its migration.');
  await press(page, 'Save the postmortem');
  assert.match(await main(page), /What happened/);
  await shoot(page, SHOTS, 'incident');

  const incident = await env.db.incident.findUniqueOrThrow({ where: { id }, include: { updates: true } });
  assert.equal(incident.status, 'resolved');
  assert.deepEqual(
    incident.updates.sort((a, b) => +a.at - +b.at).map((u) => u.status),
    ['investigating', 'identified', 'monitoring', 'resolved'],
  );
  // Its subscriber was told of each move (the outbox's rows; the dispatcher is not running here).
  const notices = await env.db.callbackDelivery.findMany({
    where: { subscriberId: { not: null } },
    orderBy: { createdAt: 'asc' },
  });
  assert.deepEqual(
    notices.map((n) => n.event),
    ['incident.created', 'incident.updated', 'incident.updated', 'incident.resolved'],
  );

  const incidentPage = await (await fetch(`${origin}/status/dash-incidents/incidents/${id}`)).text();
  const said = [
    'Payments work again.',
    'Rolled back; watching.',
    'A bad deploy.',
    'Payments <strong>fail</strong>',
  ].map((w) => incidentPage.indexOf(w));
  assert.ok(
    said.every((at, i) => at > 0 && (i === 0 || at > said[i - 1]!)),
    `newest first: ${said}`,
  );
  const feed = parseFeed(await (await fetch(`${origin}/status/dash-incidents/feed.atom`)).text());
  assert.equal(feed.items[0]!.title, 'Checkout fails: Resolved');
});

test("a status page's form sets automatic incidents, a logo and an accent; its page lists subscribers and links its report", async () => {
  await page.goto(`${base}/status-pages/${statusPage.id}`);
  const text = await main(page);
  assert.match(text, /1 subscribed, 1 confirmed/);
  assert.match(text, /reader@example\.com/);
  assert.ok(await page.$(`a[href="${origin}/status/dash-incidents/report"]`));
  await page.click('input[name="auto_incidents"]');
  await fill(page, 'Accent color (optional)', '#0B57D0');
  await press(page, 'Save');
  const saved = await env.db.statusPage.findUniqueOrThrow({ where: { id: statusPage.id } });
  assert.deepEqual([saved.autoIncidents, saved.accentColor], [true, '#0b57d0']);
  await shoot(page, SHOTS, 'status-page-subscribers');
  await press(page, 'Remove reader@example.com');
  assert.equal(await env.db.statusSubscriber.count({ where: { statusPageId: statusPage.id } }), 1, 'it asks first');
  await press(page, 'Remove the subscriber');
  assert.equal(await env.db.statusSubscriber.count({ where: { statusPageId: statusPage.id } }), 0);
});

test('a member asks for the monthly report on the Team page, and can stop it', async () => {
  await page.goto(`${base}/team`);
  await page.click('input[name="monthly_report"]');
  await press(page, 'Save');
  const row = () => env.db.membership.findUniqueOrThrow({ where: { teamId_userId: { teamId, userId: user.id } } });
  assert.equal((await row()).monthlyReport, true);
  assert.equal(
    await page.$eval('input[name="monthly_report"]', (el) => (el as unknown as { checked: boolean }).checked),
    true,
  );
  await page.click('input[name="monthly_report"]');
  await press(page, 'Save');
  assert.equal((await row()).monthlyReport, false);
});

test("a monitor's printable uptime report from its dashboard page, private pages included", async () => {
  await env.db.monitor.update({ where: { id: monitor.id }, data: { publicPage: false } });
  await page.goto(`${base}/monitors/${monitor.id}`);
  await Promise.all([page.waitForNavigation(), page.click('::-p-aria([name="Uptime report"][role="link"])')]);
  assert.match(await main(page), /Monitor report/);
  assert.match(await main(page), /Shop: uptime \d{4}-\d{2}-01 to/);
  await page.goto(`${base}/monitors/${monitor.id}/report?month=nope`);
  assert.match(await main(page), /not a month/);
});
