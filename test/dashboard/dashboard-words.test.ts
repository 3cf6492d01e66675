// Issue 60, "words for people": a new team's overview leads with five first steps, ticked as the team does
// them and gone once all are; a maintenance window reads as a sentence beside its RRULE; the audit log
// names the person and the monitor they made; an invitation can be revoked (asked first, then its link is
// dead) or given a new link (which works, the old one not). Every delete, revoke and remove button of the
// dashboard is class danger and asks first. At 375 px every list is cards, each value after its column's
// name, and a table again at 1280 px. axe finds nothing on the four pages, light and dark.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import type { Page } from 'puppeteer-core';
import { startApiApp } from '../support/app-process.ts';
import {
  axeAtBothWidths,
  fill,
  pickKind,
  press,
  signedIn,
  startBrowser,
  startDashboard,
} from '../support/dashboard.ts';
import { listsSeen } from '../support/list-cards.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const { origin } = await startApiApp(env, { ALLOW_PRIVATE_TARGETS: 'true' });
const { base } = await startDashboard(env, { PUBLIC_BASE_URL: origin, ALLOW_PRIVATE_TARGETS: 'true' });
const browser = await startBrowser();
// A new team, as its first owner meets it: no key, no test, nothing.
const team = await env.db.team.create({ data: { name: 'Fresh team', plan: 'pro' } });
const teamId = team.id;
const OWNER = { email: 'ada@example.com', password: 'the owner passphrase' };
const owner = await ensureUser(env.db, {
  email: OWNER.email,
  passwordHash: await hashPassword(OWNER.password),
  verified: true,
});
await env.db.user.update({ where: { id: owner.id }, data: { name: 'Ada Lovelace' } });
await setMembership(env.db, teamId, owner.id, 'owner');

const SHOTS = new URL('../.artifacts/dashboard/', import.meta.url);
mkdirSync(SHOTS, { recursive: true });
const main = (page: Page) => page.$eval('main', (m) => m.textContent ?? '');
/** The first steps as shown: each step's name and its word (Done or To do); null when the list is gone. */
const steps = async (page: Page) => {
  await page.goto(`${base}/`);
  if (!(await page.$('.first-steps'))) return null;
  return page.$$eval('ol.steps li', (items) =>
    items.map((li) => [li.getAttribute('data-step'), li.querySelector('.state')?.textContent?.trim()]),
  );
};

const { page } = await signedIn(browser, base, OWNER);

test('a new team sees five unticked first steps, ticked as it makes a key and a monitor, gone once all are done', async () => {
  assert.deepEqual(await steps(page), [
    ['key', 'To do'],
    ['test', 'To do'],
    ['monitor', 'To do'],
    ['channel', 'To do'],
    ['invite', 'To do'],
  ]);
  // Each step is a link to where it is done.
  const links = await page.$$eval('ol.steps a', (a) => a.map((l) => [l.textContent, new URL(l.href).pathname]));
  assert.deepEqual(links, [
    ['Make an API key', '/app/keys'],
    ['Start a test', '/app/tests/new'],
    ['Make a monitor', '/app/monitors/new'],
    ['Add an alert channel', '/app/alert-channels/new'],
    ['Invite someone', '/app/members'],
  ]);
  assert.match(await main(page), /All clear/, 'nothing needs attention yet');

  await page.click('::-p-aria([name="Make an API key"][role="link"])');
  await page.waitForSelector('::-p-aria(Name)');
  await fill(page, 'Name', 'laptop');
  await press(page, 'Create key');
  await page.goto(`${base}/monitors/new`);
  await pickKind(page, 'uptime');
  await fill(page, 'URL', 'http://127.0.0.1:9/shop');
  await fill(page, 'Interval (seconds)', '300');
  await press(page, 'Create monitor');
  assert.deepEqual(await steps(page), [
    ['key', 'Done'],
    ['test', 'To do'],
    ['monitor', 'Done'],
    ['channel', 'To do'],
    ['invite', 'To do'],
  ]);
  assert.match(await main(page), /2 of 5 done/);
  await shotsOf(page, 'words-overview');

  // What needs attention: the monitor down, and a failing channel.
  const monitor = await env.db.monitor.findFirstOrThrow({ where: { teamId } });
  await env.db.monitor.update({ where: { id: monitor.id }, data: { down: true, consecutiveFailures: 3 } });
  const channel = await env.db.alertChannel.create({
    data: { teamId, type: 'email', name: 'On-call mail', settings: {}, state: 'failing', firstFailureAt: new Date() },
  });
  await page.goto(`${base}/`);
  assert.equal(await page.$eval('[data-testid="down-count"]', (e) => e.textContent), '1');
  assert.equal(await page.$eval('[data-testid="failing-channel-count"]', (e) => e.textContent), '1');
  assert.match(await main(page), /On-call mail/);
  await shotsOf(page, 'words-overview-attention');

  await env.db.test.create({
    data: {
      teamId,
      type: 'uptime',
      url: 'http://127.0.0.1:9/',
      device: 'desktop',
      status: 'completed',
      reportToken: `w-${Date.now()}`,
    },
  });
  await page.goto(`${base}/members`);
  await fill(page, 'Email', 'grace@example.com');
  await press(page, 'Invite');
  assert.equal(await steps(page), null, 'all five done: the list is gone');
  assert.ok(channel.id);
});

test("a maintenance window's sentence for a weekday rule, beside the rule, on the list and its page", async () => {
  const window = await env.db.maintenanceWindow.create({
    data: {
      teamId,
      name: 'Nightly deploys',
      // 01:00 UTC in December is 02:00 in Berlin.
      startsAt: new Date('2026-12-01T01:00:00Z'),
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      durationMinutes: 60,
      timeZone: 'Europe/Berlin',
    },
  });
  const once = await env.db.maintenanceWindow.create({
    data: {
      teamId,
      name: 'Database move',
      startsAt: new Date('2026-12-03T02:00:00Z'),
      endsAt: new Date('2026-12-03T02:30:00Z'),
      timeZone: 'UTC',
    },
  });
  await page.goto(`${base}/maintenance`);
  const rows = await page.$$eval('[aria-label="Maintenance windows"] tbody tr', (r) =>
    r.map((row) => row.querySelectorAll('td')[1]!.textContent!.trim()),
  );
  assert.ok(
    rows.includes('Every weekday at 02:00 for 1 hour, Europe/Berlin FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'),
    rows.join(' | '),
  );
  assert.ok(rows.includes('Once, on 3 Dec 2026 at 02:00 for 30 minutes, UTC'), rows.join(' | '));
  await shotsOf(page, 'words-maintenance');
  await page.goto(`${base}/maintenance/${window.id}`);
  assert.match(await main(page), /Every weekday at 02:00 for 1 hour, Europe\/Berlin/);
  await shotsOf(page, 'words-maintenance-window');
  assert.ok(once.id);
});

test("the audit log names the person and the monitor's URL they made, and the key by its name", async () => {
  await page.goto(`${base}/audit-log`);
  const rows = await page.$$eval('[aria-label="Audit log"] tbody tr', (r) =>
    r.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent!.trim().replace(/\s+/g, ' '))),
  );
  const made = rows.find((r) => r[2]!.startsWith('made the monitor'));
  assert.ok(made, JSON.stringify(rows));
  assert.equal(made[1], 'Ada Lovelace ada@example.com');
  assert.equal(made[3], 'http://127.0.0.1:9/shop');
  const monitor = await env.db.monitor.findFirstOrThrow({ where: { teamId } });
  const link = await page.$eval(`a[href="/app/monitors/${monitor.id}"]`, (a) => a.textContent);
  assert.equal(link, 'http://127.0.0.1:9/shop', "linked to the monitor's page");
  const key = rows.find((r) => r[2]!.startsWith('made the API key'));
  assert.equal(key?.[3], 'laptop');
  await shotsOf(page, 'words-audit-log');
});

test('an invitation: revoking asks first, then its link is dead; a new link works and the old one does not', async () => {
  await page.goto(`${base}/members`);
  await fill(page, 'Email', 'linus@example.com');
  await press(page, 'Invite');
  const first = await page.$eval('[data-testid="invitation-link"]', (e) => e.textContent!.trim());

  // A new link: shown, said to replace the old one, and the only one that works.
  await press(page, 'Copy link for linus@example.com');
  assert.match(await main(page), /no longer works/);
  const second = await page.$eval('[data-testid="invitation-link"]', (e) => e.textContent!.trim());
  assert.notEqual(second, first);
  const visitor = await (await browser.createBrowserContext()).newPage();
  assert.equal((await visitor.goto(first))?.status(), 410, 'the old link is dead');
  assert.equal((await visitor.goto(second))?.status(), 200, 'the new link works');
  await shotsOf(page, 'words-members');

  // Revoke: a confirm page first (nothing revoked yet), then the link is dead.
  await press(page, 'Revoke the invitation of linus@example.com');
  assert.match(await main(page), /Its link stops working/);
  assert.equal((await visitor.goto(second))?.status(), 200, 'asked first: still open');
  await press(page, 'Revoke the invitation');
  assert.equal((await visitor.goto(second))?.status(), 410, 'revoked: the link no longer works');
  assert.ok(!(await main(page)).includes('linus@example.com'));
  await visitor.browserContext().close();

  const actions = (await env.db.auditEntry.findMany({ where: { teamId, target: 'linus@example.com' } })).map(
    (e) => e.action,
  );
  assert.deepEqual(actions.sort(), ['member.invitation_reissued', 'member.invitation_revoked', 'member.invited']);
});

test('every delete, revoke and remove button is class danger and asks before it acts', async () => {
  // One of each thing a button deletes, beside what the first tests made.
  const channel = await env.db.alertChannel.findFirstOrThrow({ where: { teamId } });
  const window = await env.db.maintenanceWindow.findFirstOrThrow({ where: { teamId } });
  const monitor = await env.db.monitor.findFirstOrThrow({ where: { teamId } });
  const statusPage = await env.db.statusPage.create({
    data: { teamId, slug: 'fresh-status', title: 'Fresh status', monitors: [] },
  });
  await env.db.statusSubscriber.create({
    data: { statusPageId: statusPage.id, kind: 'email', address: 'reader@example.com', confirmedAt: new Date() },
  });
  const incident = await env.db.incident.create({
    data: {
      teamId,
      title: 'Checkout is slow',
      status: 'investigating',
      startedAt: new Date(),
      updates: { create: { status: 'investigating', message: 'Looking.', at: new Date() } },
    },
  });
  await env.db.teamVariable.create({ data: { teamId, name: 'HOST', value: 'shop.example.com' } });
  await env.db.team.update({ where: { id: teamId }, data: { webhookSecret: 'whsec_words_test' } });
  await env.db.passkey.create({
    data: { id: 'd29yZHMtdGVzdA', userId: owner.id, name: 'Laptop', publicKey: Buffer.from([1, 2, 3]) },
  });
  const member = await ensureUser(env.db, { email: 'member@example.com', passwordHash: null });
  await setMembership(env.db, teamId, member.id, 'viewer');
  await page.goto(`${base}/members`);
  await fill(page, 'Email', 'pending@example.com');
  await press(page, 'Invite');

  const pages = [
    '/keys',
    '/members',
    '/variables',
    '/webhook-secret',
    `/alert-channels/${channel.id}`,
    `/maintenance/${window.id}`,
    `/status-pages/${statusPage.id}`,
    `/incidents/${incident.id}`,
    `/monitors/${monitor.id}`,
    '/team/settings',
    '/security',
  ];
  const DESTRUCTIVE = /^(Delete|Remove|Revoke)\b/;
  const checked: string[] = [];
  for (const path of pages) {
    await page.goto(`${base}${path}`);
    const buttons = await page.$$eval('main button, main a.button', (els) =>
      els.map((e) => ({
        name: (e.getAttribute('aria-label') ?? e.textContent ?? '').trim(),
        danger: e.classList.contains('danger'),
        form: e.tagName === 'BUTTON',
      })),
    );
    const destructive = buttons.filter((b) => DESTRUCTIVE.test(b.name));
    assert.ok(destructive.length > 0, `${path}: a destructive button`);
    for (const [i, b] of destructive.entries()) {
      assert.ok(b.danger, `${path}: "${b.name}" is class danger`);
      // The team's delete asks for its name in the same form; the rest ask on a page of their own.
      if (b.name === 'Delete team') continue;
      await page.goto(`${base}${path}`);
      const els = await page.$$('main button, main a.button');
      const el = (
        await Promise.all(
          els.map(async (e) => ({
            e,
            name: await e.evaluate((n) => (n.getAttribute('aria-label') ?? n.textContent ?? '').trim()),
          })),
        )
      ).filter((x) => DESTRUCTIVE.test(x.name))[i]!;
      await Promise.all([page.waitForNavigation(), el.e.click()]);
      const confirm = await page.$$eval('main form button', (bs) =>
        bs.map((x) => ({ name: x.textContent!.trim(), danger: x.classList.contains('danger') })),
      );
      assert.equal(confirm.length, 1, `${path}: "${b.name}" leads to a page with one button`);
      assert.ok(confirm[0]!.danger, `${path}: "${b.name}": the confirm button is class danger`);
      assert.ok(await page.$('main a[href]'), `${path}: "${b.name}": a way back`);
      checked.push(`${path} ${b.name} → ${confirm[0]!.name}`);
      if (checked.length === 1) await shotsOf(page, 'words-confirm');
    }
  }
  console.log(checked.join('\n'));
  // Nothing was deleted by asking.
  assert.ok(await env.db.alertChannel.findUnique({ where: { id: channel.id } }));
  assert.ok(await env.db.maintenanceWindow.findUnique({ where: { id: window.id } }));
  assert.ok(await env.db.statusPage.findUnique({ where: { id: statusPage.id } }));
  assert.equal(await env.db.statusSubscriber.count({ where: { statusPageId: statusPage.id } }), 1);
  assert.ok(await env.db.incident.findUnique({ where: { id: incident.id } }));
  assert.equal(await env.db.teamVariable.count({ where: { teamId } }), 1);
  assert.equal(await env.db.apiKey.count({ where: { teamId, revokedAt: null } }), 1);
  assert.equal(await env.db.membership.count({ where: { teamId } }), 2);
  assert.equal(await env.db.invitation.count({ where: { teamId, acceptedAt: null } }), 2);
  assert.ok((await env.db.team.findUniqueOrThrow({ where: { id: teamId } })).webhookSecret);
  assert.equal((await env.db.monitor.findUniqueOrThrow({ where: { id: monitor.id } })).deletedAt, null);
  assert.equal(await env.db.passkey.count({ where: { userId: owner.id } }), 1);
});

test('at 375 px every list is cards: each row a card, each value named by its column; nothing scrolls sideways', async () => {
  // A row in the lists the tests before left empty: an alert, a message to the channel, a deploy, a site.
  const monitor = await env.db.monitor.findFirstOrThrow({ where: { teamId } });
  const channel = await env.db.alertChannel.findFirstOrThrow({ where: { teamId } });
  const statusPage = await env.db.statusPage.findFirstOrThrow({ where: { teamId } });
  const alert = await env.db.monitorAlert.create({
    data: { monitorId: monitor.id, event: 'monitor.down', reason: 'HTTP 503 twice', details: {} },
  });
  await env.db.callbackDelivery.create({
    data: {
      teamId,
      channelId: channel.id,
      alertId: alert.id,
      event: 'monitor.down',
      payload: '{}',
      state: 'delivered',
      attempts: { create: { number: 1, startedAt: new Date(), durationMs: 84, statusCode: 202 } },
    },
  });
  const deploy = await env.db.deploy.create({
    data: {
      teamId,
      version: 'v2.14.0',
      commit: '9f2c1e7a4b3d',
      source: 'api',
      status: 'regressed',
      checkedAt: new Date(),
      checks: [
        {
          monitor_id: monitor.id,
          verdict: 'regressed',
          reason: null,
          worse: [{ figure: 'vitals.lcp_ms', base: 1210, head: 3480 }],
          before_test_id: null,
          after_test_id: null,
          after_at: new Date().toISOString(),
        },
      ],
    },
  });
  await env.db.rumSite.create({
    data: { teamId, name: 'Shop', siteKey: 'words-cards-site', origins: ['https://shop.example.com'] },
  });

  // Each page with the lists that have rows on it.
  const pages: Array<[name: string, path: string, lists: string[]]> = [
    ['overview', '/', ['Table of the latest tests', 'Table of the alerts of the last 24 hours']],
    ['tests', '/tests', ['Tests']],
    ['keys', '/keys', ['Keys']],
    ['members', '/members', ['Members', 'Open invitations']],
    ['variables', '/variables', ['Variables']],
    ['alert-channels', '/alert-channels', ['Alert channels']],
    ['alert-channel', `/alert-channels/${channel.id}`, ['Deliveries']],
    ['maintenance', '/maintenance', ['Maintenance windows']],
    ['status-pages', '/status-pages', ['Status pages']],
    ['status-page', `/status-pages/${statusPage.id}`, ['Subscribers']],
    ['incidents', '/incidents', ['Incidents']],
    ['deploys', '/deploys', ['Deploys']],
    ['deploy', `/deploys/${deploy.id}`, ['Checks']],
    ['rum', '/rum', ['Sites']],
    ['audit-log', '/audit-log', ['Audit log']],
    ['security', '/security', ['Sessions', 'Your passkeys']],
    ['teams', '/teams', ['Teams']],
  ];
  const problems: string[] = [];
  await page.setViewport({ width: 375, height: 900 });
  for (const [name, path, lists] of pages) {
    await page.goto(`${base}${path}`);
    const seen = await listsSeen(page, 'cards');
    for (const list of lists)
      if (!seen.lists.some((l) => l.name === list && l.rows > 0)) problems.push(`${path}: no ${list} list with rows`);
    problems.push(...seen.problems.map((p) => `${path}: ${p}`));
    const wide = Number(await page.evaluate('document.documentElement.scrollWidth - innerWidth'));
    if (wide > 0) problems.push(`${path}: scrolls sideways by ${wide} px`);
    await page.screenshot({ path: new URL(`cards-${name}.png`, SHOTS).pathname, fullPage: true });
  }
  assert.deepEqual(problems, []);

  // On a laptop the same lists are tables.
  await page.setViewport({ width: 1280, height: 900 });
  const wide: string[] = [];
  for (const [, path] of pages) {
    await page.goto(`${base}${path}`);
    wide.push(...(await listsSeen(page, 'table')).problems.map((p) => `${path} at 1280 px: ${p}`));
  }
  assert.deepEqual(wide, []);
});

test('a deleted monitor is still named in the audit log, marked deleted, no longer linked', async () => {
  const monitor = await env.db.monitor.findFirstOrThrow({ where: { teamId } });
  await page.goto(`${base}/monitors/${monitor.id}`);
  await Promise.all([page.waitForNavigation(), page.click('main a.danger')]);
  await press(page, 'Delete');
  await page.goto(`${base}/audit-log`);
  const rows = await page.$$eval('[aria-label="Audit log"] tbody tr', (r) =>
    r.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent!.trim().replace(/\s+/g, ' '))),
  );
  assert.deepEqual(
    rows.filter((r) => r[2]!.includes('monitor')).map((r) => [r[2], r[3]]),
    [
      ['deleted the monitor monitor.deleted', 'http://127.0.0.1:9/shop (deleted)'],
      ['made the monitor monitor.created', 'http://127.0.0.1:9/shop (deleted)'],
    ],
  );
  assert.equal(await page.$(`a[href="/app/monitors/${monitor.id}"]`), null);
});

test('axe finds nothing on the overview, the maintenance list, the audit log and the members page, light and dark', async () => {
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
    for (const [path, name] of [
      ['/', 'overview'],
      ['/maintenance', 'maintenance'],
      ['/audit-log', 'audit-log'],
      ['/members', 'members'],
    ] as const) {
      await page.goto(`${base}${path}`);
      found.push(...(await axeAtBothWidths(page, `words-axe-${name}-${scheme}`)));
    }
  }
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
  assert.deepEqual(found, []);
});

/** Screenshots at 375 and 1280 px, light and dark; nothing scrolls sideways at 375 px. */
async function shotsOf(p: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await p.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
    for (const width of [375, 1280]) {
      await p.setViewport({ width, height: 900 });
      await p.screenshot({ path: new URL(`${name}-${scheme}-${width}.png`, SHOTS).pathname, fullPage: true });
      const wide = Number(await p.evaluate('document.documentElement.scrollWidth'));
      assert.ok(wide <= width, `${name} (${scheme}) at ${width} px: ${wide} px wide`);
    }
  }
  await p.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
  await p.setViewport({ width: 1280, height: 900 });
}
