// Issue 46, items 1 and 5: the overview and the team's pages, in a real Chromium. The overview shows what
// was seeded in the database (credits and plan, monitors down, open incidents, the newest tests, the alerts
// of the last 24 hours, a live location); a person in no team is welcomed instead. The Team hub links each
// role to what it may open; an admin sets the default location from the live ones (audited, and a forged
// one refused beside its field); the credit ledger pages newest first by keyset.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import { startHeartbeat } from '@pageprobe/jobs';
import { Redis } from 'ioredis';
import type { Page } from 'puppeteer-core';
import { startApiApp } from '../support/app-process.ts';
import { press, signedIn, startBrowser, startDashboard } from '../support/dashboard.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const { origin } = await startApiApp(env);
const { base } = await startDashboard(env, { PUBLIC_BASE_URL: origin });
const browser = await startBrowser();
const { teamId } = await teamWithKey(env, { plan: 'free', credits: 40 });

const PASSWORD = 'a long enough passphrase';
const person = async (email: string, role: 'viewer' | 'admin' | 'owner' | null) => {
  const user = await ensureUser(env.db, { email, passwordHash: await hashPassword(PASSWORD), verified: true });
  if (role) await setMembership(env.db, teamId, user.id, role);
  return { email, password: PASSWORD, id: user.id };
};
const OWNER = await person('owner@example.com', 'owner');
const ADMIN = await person('admin@example.com', 'admin');
const VIEWER = await person('viewer@example.com', 'viewer');
const LONER = await person('loner@example.com', null);

// A live location: a worker's heartbeat, as a worker in eu-test says it.
const redis = new Redis(env.redisUrl);
const stopBeat = startHeartbeat(redis, env.queuePrefix, {
  id: 'overview-test-worker',
  location: 'eu-test',
  name: 'Test City',
  kinds: ['uptime'],
});

// Monitors: two down (one of them paused, which the overview does not count as down now), one up.
const monitor = (url: string, data: { down?: boolean; status?: 'active' | 'paused'; consecutiveFailures?: number }) =>
  env.db.monitor.create({ data: { teamId, type: 'uptime', url, device: 'desktop', intervalSeconds: 60, ...data } });
const downOne = await monitor('https://down.example.com/', { down: true, consecutiveFailures: 4 });
const downTwo = await monitor('https://also-down.example.com/', { down: true, consecutiveFailures: 2 });
await monitor('https://paused-down.example.com/', { down: true, status: 'paused' });
const upOne = await monitor('https://up.example.com/', {});
await env.db.$executeRaw`INSERT INTO monitoring.incidents (monitor_id, started_at, reason) VALUES
  (${downOne.id}::uuid, now() - interval '10 minutes', 'HTTP 503'),
  (${upOne.id}::uuid, now() - interval '3 days', 'timeout')`;
await env.db
  .$executeRaw`UPDATE monitoring.incidents SET ended_at = now() - interval '2 days' WHERE monitor_id = ${upOne.id}::uuid`;
// Alerts: two of the last 24 hours, one older.
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
await env.db.monitorAlert.createMany({
  data: [
    { monitorId: downOne.id, event: 'monitor.down', reason: 'HTTP 503 twice', details: {}, createdAt: hoursAgo(0.1) },
    { monitorId: upOne.id, event: 'monitor.recovered', reason: 'back up', details: {}, createdAt: hoursAgo(5) },
    { monitorId: upOne.id, event: 'monitor.down', reason: 'an old one', details: {}, createdAt: hoursAgo(30) },
  ],
});
// Tests: seven, one a minute; the overview shows the newest five.
for (let i = 0; i < 7; i++) {
  await env.db.test.create({
    data: {
      teamId,
      type: 'uptime',
      url: `https://site-${i}.example.com/`,
      device: 'desktop',
      status: 'completed',
      reportToken: `overview-test-${i}-${Date.now()}`,
      createdAt: new Date(Date.now() - (10 - i) * 60_000),
    },
  });
}
// The ledger: the team's first grant (40) and 119 more of one credit, 120 entries in all.
await env.db.creditLedgerEntry.createMany({
  data: Array.from({ length: 119 }, (_, i) => ({ teamId, delta: 1, reason: `grant ${i + 1}` })),
});

const main = (page: Page) => page.$eval('main', (m) => m.textContent ?? '');
const click = (page: Page, name: string, within = 'body') =>
  Promise.all([page.waitForNavigation(), page.click(`${within} ::-p-aria([name="${name}"][role="link"])`)]);
const linkNames = (page: Page, nav: string) =>
  page.$$eval(`nav[aria-label="${nav}"] a`, (links) => links.map((a) => a.textContent?.trim()));

const SHOTS = new URL('../.artifacts/dashboard/', import.meta.url);
mkdirSync(SHOTS, { recursive: true });
async function shots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewport({ width, height: 900 });
    await page.screenshot({ path: new URL(`overview-${name}-${width}.png`, SHOTS).pathname, fullPage: true });
    const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
    assert.ok(overflow <= 0, `${name} at ${width} px: the page is ${overflow} px wider than the screen`);
  }
}

test.after(async () => {
  await stopBeat();
  redis.disconnect();
});

test('the overview shows the seeded credits, plan, monitors down, incidents, tests, alerts and locations', async () => {
  const { context, page } = await signedIn(browser, base, OWNER);
  const text = await main(page);
  assert.match(text, /Your role\s*owner/);
  assert.equal(await page.$eval('[data-testid="credits"]', (e) => e.textContent), '159');
  assert.match(text, /Plan\s*free/);
  assert.match(text, /Raw checks kept\s*7 days/, "the free plan's retention");
  assert.match(text, /Reports' artifacts kept\s*30 days/);
  assert.match(text, /Free lighthouse tests\s*3 of 3 left this hour/);

  assert.equal(
    await page.$eval('[data-testid="down-count"]', (e) => e.textContent),
    '2',
    'the paused one is not down now',
  );
  assert.ok(text.includes(downOne.url) && text.includes(downTwo.url));
  assert.ok(!text.includes('paused-down.example.com'));
  assert.equal(
    await page.$eval('[data-testid="incident-count"]', (e) => e.textContent),
    '1',
    'the closed one is not open',
  );
  assert.match(text, /since .*HTTP 503/);

  const tests = await page.$$eval('[aria-label="Table of the latest tests"] tbody tr', (rows) =>
    rows.map((r) => r.textContent),
  );
  assert.equal(tests.length, 5);
  assert.match(tests[0]!, /site-6\.example\.com/, 'newest first');
  assert.ok(!tests.join().includes('site-1.'), 'the older ones are not loaded');
  // A test's status is a state mark: its tone's color, a shape and its word (issue 60, item 1).
  assert.deepEqual(
    await page.$eval('[aria-label="Table of the latest tests"] tbody tr td:nth-child(3) .state', (m) => [
      m.className,
      m.querySelector('svg.shape')?.getAttribute('aria-hidden'),
      m.textContent,
    ]),
    ['state state-up', 'true', 'Completed'],
  );

  assert.equal(await page.$eval('[data-testid="alert-count"]', (e) => e.textContent), '2');
  const alerts = await page.$$eval('[aria-label="Table of the alerts of the last 24 hours"] tbody tr', (rows) =>
    rows.map((r) => r.textContent),
  );
  assert.match(alerts[0]!, /monitor\.down/);
  assert.match(alerts[1]!, /monitor\.recovered/);
  assert.ok(!text.includes('an old one'), 'an alert of 30 hours ago is not of the last 24');

  assert.match(text, /Test City\s*eu-test/);
  assert.match(text, /workers: uptime 1/);
  assert.match(text, /Tests without locations run from default/);
  await shots(page, 'home');

  await click(page, downOne.url, 'main');
  assert.equal(new URL(page.url()).pathname, `/app/monitors/${downOne.id}`);
  await context.close();
});

test('a person in no team is welcomed, and sees no team page', async () => {
  const { context, page } = await signedIn(browser, base, LONER);
  assert.match(await main(page), /You are in no team yet/);
  assert.equal(await page.$('::-p-aria([name="Team"][role="link"])'), null);
  await context.close();
});

test('the Team hub links each role to what it may open', async () => {
  const { context: v, page: viewer } = await signedIn(browser, base, VIEWER);
  await click(viewer, 'Team');
  assert.equal(new URL(viewer.url()).pathname, '/app/team');
  assert.deepEqual(await linkNames(viewer, 'Team'), ['Members', 'Variables', 'Credit ledger']);
  assert.equal((await viewer.goto(`${base}/team/settings`))?.status(), 403);
  assert.equal((await viewer.goto(`${base}/keys`))?.status(), 403);
  await v.close();

  const { context: a, page: admin } = await signedIn(browser, base, ADMIN);
  await click(admin, 'Team');
  const all = [
    'Members',
    'API and MCP access',
    'Webhook secret',
    'Variables',
    'Audit log',
    'Settings',
    'Credit ledger',
  ];
  assert.deepEqual(await linkNames(admin, 'Team'), all);
  await shots(admin, 'team');
  // Each page of the team carries the sub-navigation, with itself marked, and Team marked above.
  for (const name of all) {
    await click(admin, name, 'main nav[aria-label="Team"]');
    assert.deepEqual(await linkNames(admin, 'Team'), all, `${name}'s sub-navigation`);
    const current = await admin.$$eval('nav [aria-current="page"]', (l) => l.map((a) => a.textContent?.trim()));
    assert.deepEqual(current, ['Team', name], `${name}: Team and ${name} are current`);
  }
  await a.close();
});

test('an admin sets the default location from the live ones: saved, audited; a forged one is refused', async () => {
  const { context, page } = await signedIn(browser, base, ADMIN);
  await click(page, 'Team');
  await click(page, 'Settings', 'main');
  const options = await page.$$eval('#default_location option', (o) => o.map((x) => x.textContent));
  assert.deepEqual(options, ['The default location (default)', 'Test City (eu-test)']);
  await page.select('#default_location', 'eu-test');
  await press(page, 'Save');
  assert.equal(new URL(page.url()).pathname, '/app/team/settings');
  assert.equal((await env.db.team.findUniqueOrThrow({ where: { id: teamId } })).defaultLocation, 'eu-test');
  assert.equal(await page.$eval('#default_location', (s) => (s as unknown as { value: string }).value), 'eu-test');
  const entry = await env.db.auditEntry.findFirstOrThrow({
    where: { teamId, action: 'team.default_location_changed' },
  });
  assert.equal(entry.actorEmail, ADMIN.email);
  assert.deepEqual(entry.details, { from: null, to: 'eu-test' });
  await shots(page, 'settings');

  // A location no worker serves, sent by hand: 400, the message beside the select, nothing changed.
  await page.$eval('#default_location option[value="eu-test"]', (o) => {
    (o as unknown as { value: string }).value = 'nowhere';
  });
  await press(page, 'Save');
  assert.match(await main(page), /has no live worker/);
  assert.equal(await page.$eval('#default_location-error', (e) => e.textContent), 'is not a live location');
  assert.equal((await env.db.team.findUniqueOrThrow({ where: { id: teamId } })).defaultLocation, 'eu-test');

  // The overview says where tests without locations now run.
  await page.goto(`${base}/`);
  assert.match(await main(page), /Tests without locations run from eu-test/);
  await context.close();
});

test('the credit ledger pages newest first by keyset: 50, 50, 20, none repeated', async () => {
  const { context, page } = await signedIn(browser, base, VIEWER);
  await click(page, 'Team');
  await click(page, 'Credit ledger', 'main');
  assert.equal(await page.$eval('[data-testid="balance"]', (e) => e.textContent), '159');
  const want = (await env.db.creditLedgerEntry.findMany({ where: { teamId }, orderBy: { id: 'desc' } })).map(
    (e) => e.reason,
  );
  assert.equal(want.length, 120);
  const seen: string[] = [];
  const sizes: number[] = [];
  for (;;) {
    const rows = await page.$$eval('[aria-label="Credit ledger"] tbody tr', (r) =>
      r.map((row) => row.querySelectorAll('td')[3]!.textContent!.trim()),
    );
    sizes.push(rows.length);
    seen.push(...rows);
    if (sizes.length === 1) await shots(page, 'ledger');
    const older = await page.$('::-p-aria([name="Older"][role="link"])');
    if (!older) break;
    await Promise.all([page.waitForNavigation(), older.click()]);
  }
  assert.deepEqual(sizes, [50, 50, 20]);
  assert.deepEqual(seen, want, 'every entry once, newest first');
  assert.equal((await page.goto(`${base}/team/credits?cursor=not-a-cursor`))?.status(), 400);
  await context.close();
});
