// Issue 46, "Proven by": a new team's first hour in the dashboard, in a real Chromium, every part a real
// process (API, dashboard, browser and uptime workers, callback dispatcher). The owner signs in, makes a
// key (and the API takes it), starts a lighthouse test from the form and watches it finish, opens its
// report; makes a Slack channel at a local receiver and an uptime monitor that uses it, sees the monitor
// go down and recover and both messages arrive; makes a maintenance window and a status page, and opens
// the status page signed out; then (issue 60) a webhook channel, a TCP and a heartbeat monitor made from
// their kinds' forms, each broken and mended with the webhook told both times, and a viewer invited who
// sees the monitors and is offered no change. Screenshots of each step at 375 and 1280 px go to
// .artifacts/dashboard.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { test } from 'node:test';
import { ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import type { Page } from 'puppeteer-core';
import { startApiApp } from '../support/app-process.ts';
import { fill, inviteAndJoin, pickKind, press, signedIn, startBrowser, startDashboard } from '../support/dashboard.ts';
import { startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

const SHOTS = new URL('../.artifacts/dashboard/', import.meta.url);
mkdirSync(SHOTS, { recursive: true });

const env = await createTestEnv();
// Monitors every second (this deployment's floor), sweeps twice a second: the walk takes seconds, not minutes.
const common = { ALLOW_PRIVATE_TARGETS: 'true', MONITOR_MIN_INTERVAL_SECONDS: '1', SWEEP_INTERVAL_MS: '500' };
const { origin } = await startApiApp(env, common);
const [{ base }] = await Promise.all([
  startDashboard(env, { ...common, PUBLIC_BASE_URL: origin }),
  startInProcess('worker-uptime', env.appEnv(common)),
  startInProcess('callback-dispatcher', env.appEnv(common)),
  startInProcess(
    'worker-browser',
    env.appEnv({ ...common, PUBLIC_BASE_URL: origin, LIGHTHOUSE_MAX_WAIT_MS: '6000', LIGHTHOUSE_TIMEOUT_MS: '90000' }),
  ),
]);
const browser = await startBrowser();

// The site under test: a small page for Lighthouse, and a health URL that goes down when told.
let healthy = true;
const site = await startServer((req, res) => {
  if (req.url === '/health') return void res.writeHead(healthy ? 200 : 503).end(healthy ? 'ok' : 'down');
  res
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
        '<title>Garden shop</title></head><body><h1>Garden shop</h1><p>Seeds, tools and advice.</p></body></html>',
    );
});
const slack = await startServer((_req, res) => res.writeHead(200).end('ok'));

const { teamId } = await teamWithKey(env, { plan: 'pro', credits: 50 });
const OWNER = { email: 'owner@example.com', password: 'the owner passphrase' };
const owner = await ensureUser(env.db, {
  email: OWNER.email,
  passwordHash: await hashPassword(OWNER.password),
  verified: true,
});
await setMembership(env.db, teamId, owner.id, 'owner');

const main = (page: Page) => page.$eval('main', (m) => m.textContent ?? '');
const go = (page: Page, name: string) =>
  Promise.all([page.waitForNavigation(), page.click(`::-p-aria([name="${name}"][role="link"])`)]);
async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewport({ width, height: 900 });
    await page.screenshot({ path: new URL(`walkthrough-${name}-${width}.png`, SHOTS).pathname, fullPage: true });
  }
  await page.setViewport({ width: 1280, height: 900 });
}
/** The Slack messages received so far, as text. */
const slackTexts = () => slack.requests.map((r) => r.raw.toString());
async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) assert.fail(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const { page } = await signedIn(browser, base, OWNER);

test('signed in, the owner makes a key on the Team page, and the API takes it', async () => {
  await shoot(page, 'overview');
  await go(page, 'Team');
  await go(page, 'API and MCP access');
  await fill(page, 'Name', 'CI');
  await press(page, 'Create key');
  const key = await page.$eval('[data-testid="new-key"]', (e) => e.textContent!.trim());
  const credits = await fetch(`${origin}/api/v1/credits`, { headers: { authorization: `Bearer ${key}` } });
  assert.equal(credits.status, 200);
  await shoot(page, 'key');
});

test('a lighthouse test started from the form: its progress to completed on its page, then its report', async () => {
  await go(page, 'Tests');
  await go(page, 'Start a test');
  await pickKind(page, 'lighthouse');
  await fill(page, 'URL', `${site.url}/`);
  await page.select('::-p-aria(Device)', 'desktop');
  await press(page, 'Start test');
  assert.match(page.url(), /\/tests\/[0-9a-f-]{36}$/);
  const first = await page.$eval('#test-status', (e) => e.getAttribute('data-status'));
  assert.ok(first === 'queued' || first === 'running', `the page opens on the test under way (${first})`);
  await shoot(page, 'test-progress');
  // The page's script follows the test and reloads it when it ends: no action of ours between.
  const status = () => page.$eval('#test-status', (e) => e.getAttribute('data-status')).catch(() => undefined);
  const final = await until(
    'the test ends on its page',
    async () => {
      const now = await status(); // undefined while the page reloads
      return now === 'completed' || now === 'failed' ? now : undefined;
    },
    180_000,
  );
  assert.equal(final, 'completed');
  assert.match(await main(page), /Performance/i);
  await shoot(page, 'test-completed');
  const href = await page.$eval('::-p-aria([name="Open the full report"][role="link"])', (a) => a.getAttribute('href'));
  const report = await (await browser.createBrowserContext()).newPage();
  const answer = await report.goto(href!);
  assert.equal(answer?.status(), 200, 'the report opens from its link, for whoever has it');
  assert.match(await report.title(), new RegExp(`^Speed test of ${site.url}/`));
  await report.close();
});

test('a Slack channel and an uptime monitor that uses it: down, then recovered, both messages delivered', async () => {
  await go(page, 'Alert channels');
  await go(page, 'Slack');
  await fill(page, 'Name', 'Ops');
  await fill(page, 'Slack webhook URL', `${slack.url}/hook`);
  await press(page, 'Save');
  const channel = await env.db.alertChannel.findFirstOrThrow({ where: { teamId } });

  await go(page, 'Monitors');
  await go(page, 'New monitor');
  await pickKind(page, 'uptime');
  await fill(page, 'URL', `${site.url}/health`);
  await fill(page, 'Interval (seconds)', '1');
  await fill(page, 'Tags', 'shop');
  // By id: the navigation's link is named "Alert channels" too.
  await page.select('#alert_channels', channel.id);
  await fill(page, 'Down after (failed checks in a row)', '1');
  await press(page, 'Create monitor');
  const monitor = await env.db.monitor.findFirstOrThrow({ where: { teamId } });
  await until('a first good check', async () =>
    (await env.db.monitor.findUniqueOrThrow({ where: { id: monitor.id } })).lastRunAt ? true : undefined,
  );

  healthy = false;
  await until('the Slack message that it is down', () =>
    slackTexts().some((t) => /down/i.test(t)) ? true : undefined,
  );
  await page.goto(`${base}/monitors?state=down`);
  assert.match(await main(page), new RegExp(`${site.url}/health`), 'listed as down');
  await shoot(page, 'monitor-down');

  healthy = true;
  await until('the Slack message that it recovered', () =>
    slackTexts().some((t) => /recovered|back up|is up/i.test(t)) ? true : undefined,
  );
  await page.goto(`${base}/monitors?state=up`);
  assert.match(await main(page), new RegExp(`${site.url}/health`), 'listed as up again');
  await page.goto(`${base}/monitors/${monitor.id}`);
  const badges = await page.$$eval('img[alt$="badge"]', (imgs) =>
    imgs.map((i) => (i as unknown as { naturalWidth: number }).naturalWidth),
  );
  assert.ok(badges.length > 0 && badges.every((w) => w > 0), 'its badges load from the API beside the dashboard');
  await shoot(page, 'monitor-recovered');
  const messages = slackTexts().filter((t) => t.includes('/health'));
  assert.equal(messages.length, 2, 'one message down, one recovered');
});

test('a maintenance window and a status page; the status page opens signed out', async () => {
  const monitor = await env.db.monitor.findFirstOrThrow({ where: { teamId } });
  await go(page, 'Maintenance');
  await go(page, 'New maintenance window');
  await fill(page, 'Name', 'Nightly deploys');
  await page.select('#preset', 'weekdays-berlin');
  await press(page, 'Apply preset');
  await page.click(`input[name="monitors"][value="${monitor.id}"]`);
  await press(page, 'Preview');
  assert.equal((await page.$$('ol.occurrences li')).length, 5, 'the next five occurrences before saving');
  await press(page, 'Save');
  assert.equal(await env.db.maintenanceWindow.count({ where: { teamId } }), 1);
  await shoot(page, 'maintenance');

  await go(page, 'Status pages');
  await go(page, 'New status page');
  await fill(page, 'Title', 'Garden shop status');
  await fill(page, 'Slug', 'garden-shop');
  await page.click(`input[name="monitors"][value="${monitor.id}"]`);
  await page.type(`input[name="label_${monitor.id}"]`, 'Shop');
  await press(page, 'Save');
  await shoot(page, 'status-page');
  const open = await page.$eval('::-p-aria([name="Open"][role="link"])', (a) => a.getAttribute('href'));
  const stranger = await (await browser.createBrowserContext()).newPage();
  const answer = await stranger.goto(open!);
  assert.equal(answer?.status(), 200, 'open to anyone, signed out');
  const text = await stranger.$eval('body', (b) => b.textContent ?? '');
  assert.match(text, /Garden shop status/);
  assert.match(text, /Shop/);
  await shoot(stranger, 'status-page-public');
});

/** A TCP service the test opens and closes on one port: up while it listens. */
async function tcpService() {
  let server: Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((socket) => socket.end()).listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  const close = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await open();
  return { port: () => port, open, close };
}

test('a webhook channel; a TCP and a heartbeat monitor from their forms, each broken and mended, told each time', async () => {
  const hook = await startServer((_req, res) => res.writeHead(204).end());
  const events = () =>
    hook.requests.map((r) => JSON.parse(r.raw.toString()) as { event: string; monitor?: { id: string } });
  await go(page, 'Alert channels');
  await go(page, 'Webhook');
  await fill(page, 'Name', 'Pager bridge');
  await fill(page, 'Webhook URL', `${hook.url}/in`);
  await press(page, 'Save');
  const channel = await env.db.alertChannel.findFirstOrThrow({ where: { teamId, type: 'webhook' } });

  // TCP: the port listens, then is closed, then listens again.
  const service = await tcpService();
  await go(page, 'Monitors');
  await go(page, 'New monitor');
  await pickKind(page, 'tcp');
  await fill(page, 'URL', `tcp://127.0.0.1:${service.port()}`);
  await fill(page, 'Interval (seconds)', '1');
  await page.select('#alert_channels', channel.id);
  await fill(page, 'Down after (failed checks in a row)', '1');
  await press(page, 'Create monitor');
  const tcp = await env.db.monitor.findFirstOrThrow({ where: { teamId, type: 'tcp' } });
  await until('a first good TCP check', async () =>
    (await env.db.monitor.findUniqueOrThrow({ where: { id: tcp.id } })).lastRunAt ? true : undefined,
  );
  await service.close();
  await until('monitor.down of the TCP monitor', () =>
    events().some((e) => e.event === 'monitor.down' && e.monitor?.id === tcp.id) ? true : undefined,
  );
  await service.open();
  await until('monitor.recovered of the TCP monitor', () =>
    events().some((e) => e.event === 'monitor.recovered' && e.monitor?.id === tcp.id) ? true : undefined,
  );
  await shoot(page, 'tcp-monitor');

  // A heartbeat: pinged, then silent past its grace, then pinged again.
  await go(page, 'Monitors');
  await go(page, 'New monitor');
  await pickKind(page, 'heartbeat');
  await fill(page, 'Name (optional)', 'Nightly export');
  await fill(page, 'Period (seconds)', '2');
  await fill(page, 'Grace (seconds)', '1');
  await page.select('#alert_channels', channel.id);
  await press(page, 'Create monitor');
  const beat = await env.db.monitor.findFirstOrThrow({ where: { teamId, type: 'heartbeat' } });
  const ping = () => fetch(`${origin}/ping/${beat.pingToken}`).then((r) => r.status);
  assert.equal(await ping(), 200);
  await until('monitor.down of the silent heartbeat', () =>
    events().some((e) => e.event === 'monitor.down' && e.monitor?.id === beat.id) ? true : undefined,
  );
  assert.equal(await ping(), 200);
  await until('monitor.recovered of the heartbeat pinged again', () =>
    events().some((e) => e.event === 'monitor.recovered' && e.monitor?.id === beat.id) ? true : undefined,
  );
  await page.goto(`${base}/monitors/${beat.id}`);
  assert.match(await main(page), /Nightly export/);
  await shoot(page, 'heartbeat-monitor');
});

test('a viewer invited from Members sees the monitors and is offered no change', async () => {
  const VIEWER = { email: 'viewer@example.com', password: 'the viewer passphrase' };
  await go(page, 'Team');
  await go(page, 'Members');
  const invited = await inviteAndJoin(page, VIEWER, 'viewer', 'team pro');
  await invited.goto(`${base}/monitors`);
  const text = await main(invited);
  assert.match(text, /Nightly export/);
  assert.equal(await invited.$('::-p-aria([name="New monitor"][role="link"])'), null, 'no New monitor for a viewer');
  assert.equal(await invited.$('input[name="ids"]'), null, 'no bulk changes for a viewer');
  await shoot(invited, 'viewer-monitors');
});
