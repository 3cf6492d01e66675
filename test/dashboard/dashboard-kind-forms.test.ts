// Issue 60 items 1, 2 and 4, the dashboard: a new monitor starts from a page of kinds, then a form of
// that kind's fields only; its expectations are rows added without JavaScript (a submit button draws one
// more); its page lists them in words, its URL can be changed, and it shows the last check's request and
// response (status, a header the target sets, the body's start). With and without JavaScript, in a real
// Chromium against a real dispatcher and uptime worker. axe finds nothing in light and dark; nothing
// scrolls sideways at 375 px; screenshots in test/.artifacts/dashboard/kind-*.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import { kindNamed } from '@pageprobe/test-kinds';
import type { Page } from 'puppeteer-core';
import { startApiApp } from '../support/app-process.ts';
import {
  axeAtBothWidths,
  fill,
  press,
  sidewaysScroll,
  signedIn,
  startBrowser,
  startDashboard,
} from '../support/dashboard.ts';
import { eventually, startServer } from '../support/servers.ts';
import { startInProcess } from '../support/stack.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const common = { ALLOW_PRIVATE_TARGETS: 'true', MONITOR_MIN_INTERVAL_SECONDS: '1', SWEEP_INTERVAL_MS: '500' };
const { origin } = await startApiApp(env, common);
const [{ base }] = await Promise.all([
  startDashboard(env, { ...common, PUBLIC_BASE_URL: origin }),
  startInProcess('worker-uptime', env.appEnv(common)),
  startInProcess('callback-dispatcher', env.appEnv(common)),
]);
const browser = await startBrowser();
// The target: a header of its own, a cookie (never shown), and a body longer than what is kept.
const BODY = `<p>Hello from the kind forms target</p>${'x'.repeat(3000)}`;
const target = await startServer((_req, res) =>
  res
    .writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'x-probe-target': 'kind-forms',
      'set-cookie': 'session=very-secret-session-value',
    })
    .end(BODY),
);
const { teamId } = await teamWithKey(env, { plan: 'pro' });
const EDITOR = { email: 'kind-forms@example.com', password: 'the kind forms passphrase' };
const editor = await ensureUser(env.db, { email: EDITOR.email, passwordHash: await hashPassword(EDITOR.password) });
await setMembership(env.db, teamId, editor.id, 'editor');

const uptime = kindNamed('uptime');
const mainText = (p: Page) => p.$eval('main', (m) => m.textContent ?? '');
const choose = (p: Page, label: string, value: string) => p.select(`::-p-aria(${label})`, value);

/** From the list to the uptime kind's form, through the page of kinds, by the links' names. */
async function uptimeForm(p: Page, violations: string[] | null) {
  await p.goto(`${base}/monitors`);
  await Promise.all([p.waitForNavigation(), p.click('::-p-aria([name="New monitor"][role="link"])')]);
  assert.equal(await p.$eval('h1', (h) => h.textContent), 'New monitor');
  if (violations) violations.push(...(await axeAtBothWidths(p, 'kind-picker')));
  await Promise.all([
    p.waitForNavigation(),
    p.click(`::-p-aria([name="${uptime.title} ${uptime.offer}"][role="link"])`),
  ]);
  assert.match(p.url(), /\/monitors\/new\?kind=uptime$/);
}

/** Two expectation rows, the second added by its button (a round trip to the server). */
async function twoExpectations(p: Page, path: string) {
  await choose(p, 'Expectation 1 Source', 'status');
  await choose(p, 'Expectation 1 Operator', 'eq');
  await fill(p, 'Expectation 1 Value', '200');
  await press(p, 'Add an expectation');
  // Drawn again with the first row kept and one more.
  assert.equal(await p.$eval('#expect_value_0', (i) => (i as unknown as { value: string }).value), '200');
  await choose(p, 'Expectation 2 Source', 'body');
  await choose(p, 'Expectation 2 Operator', 'contains');
  await fill(p, 'Expectation 2 Value', path);
}

test('with JavaScript: pick uptime, two expectation rows, saved and listed in words; the URL changed; the last check shown', async () => {
  const { page } = await signedIn(browser, base, EDITOR);
  const violations: string[] = [];
  await uptimeForm(page, violations);
  // The kind's fields only: no device, no steps, no heartbeat timing.
  assert.equal(await page.$('::-p-aria(Device)'), null);
  assert.equal(await page.$('::-p-aria(Period (seconds))'), null);
  await fill(page, 'URL', `${target.url}/first`);
  await fill(page, 'Interval (seconds)', '3600');
  await twoExpectations(page, 'kind forms target');
  // A third row added then removed: gone, the others kept.
  await press(page, 'Add an expectation');
  await press(page, 'Remove expectation 3');
  assert.equal(await page.$('::-p-aria(Expectation 3 Source)'), null);
  violations.push(...(await axeAtBothWidths(page, 'kind-form-uptime')));
  await page.setViewport({ width: 375, height: 900 });
  assert.equal(await sidewaysScroll(page), 0, 'the form scrolls sideways at 375 px');
  await page.setViewport({ width: 1280, height: 900 });
  await press(page, 'Create monitor');

  const monitor = await env.db.monitor.findFirstOrThrow({ where: { teamId, url: `${target.url}/first` } });
  assert.equal(page.url(), `${base}/monitors/${monitor.id}`);
  assert.deepEqual((monitor.options as { expect?: unknown }).expect, [
    { source: 'status', operator: 'eq', value: 200 },
    { source: 'body', operator: 'contains', value: 'kind forms target' },
  ]);
  const text = await mainText(page);
  assert.match(text, /status to equal 200/);
  assert.match(text, /body to contain "kind forms target"/);
  assert.match(text, /every hour/);

  // The URL changed from the edit form: the page shows the new one.
  await Promise.all([page.waitForNavigation(), page.click('::-p-aria([name="Edit"][role="link"])')]);
  assert.equal(await page.$eval('#expect_source_1', (s) => (s as unknown as { value: string }).value), 'body');
  await fill(page, 'URL', `${target.url}/moved`);
  await press(page, 'Save');
  assert.equal(page.url(), `${base}/monitors/${monitor.id}`);
  assert.match(await mainText(page), new RegExp(`${target.url}/moved`));

  // The last check's request and response: its status, the target's header, the body's start; the cookie never.
  await eventually(
    async () => {
      await page.reload();
      return (await mainText(page)).includes(`GET ${target.url}/moved`) ? true : undefined;
    },
    20_000,
    'the moved URL checked',
  );
  const exchange = await page.$eval('section.exchange', (s) => s.textContent ?? '');
  assert.match(exchange, /Status\s*200/);
  assert.match(exchange, /x-probe-target\s*kind-forms/);
  assert.match(exchange, /Hello from the kind forms target/);
  assert.ok(!exchange.includes('very-secret-session-value'), 'a cookie is never shown');
  assert.match(exchange, /set-cookie\s*\[redacted\]/);
  const body = await page.$eval('pre.body-start', (p) => p.textContent ?? '');
  assert.ok(body.length <= 2048, `the body's start only: ${body.length} characters`);
  violations.push(...(await axeAtBothWidths(page, 'kind-monitor-page')));
  await page.setViewport({ width: 375, height: 900 });
  assert.equal(await sidewaysScroll(page), 0, 'the monitor page scrolls sideways at 375 px');
  assert.deepEqual(violations, []);
});

test('without JavaScript: the kind picked by its link, rows added by the button, the monitor made', async () => {
  const { page } = await signedIn(browser, base, EDITOR);
  await page.setJavaScriptEnabled(false);
  await uptimeForm(page, null);
  await fill(page, 'URL', `${target.url}/no-script`);
  await twoExpectations(page, 'Hello');
  await press(page, 'Create monitor');
  const monitor = await env.db.monitor.findFirstOrThrow({ where: { teamId, url: `${target.url}/no-script` } });
  assert.equal(page.url(), `${base}/monitors/${monitor.id}`);
  const text = await mainText(page);
  assert.match(text, /status to equal 200/);
  assert.match(text, /body to contain "Hello"/);

  // An unknown kind: the page of kinds again, saying so.
  const unknown = await page.goto(`${base}/monitors/new?kind=nope`);
  assert.equal(unknown?.status(), 404);
  assert.match(await mainText(page), /not a kind of monitor/);
});
