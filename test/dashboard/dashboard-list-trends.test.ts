// Issue 60: the monitor list shows each monitor's last day (and a monitor's page keeps itself current). Checks recorded hour by hour (as workers
// finish them) come back as the strip's hours and the sparkline's figures, read from their accessible
// words; a monitor degraded by its checks shows `Degraded` and is filtered by it; times are <time
// datetime>. At 375 px the list is cards (no sideways scroll) and the menu opens by keyboard without
// JavaScript; the list updates itself when a check lands; axe finds nothing in either theme.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, test } from 'node:test';
import { ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import { createPool } from '@pageprobe/db';
import { type FinishedCheck, recordChecks } from '@pageprobe/monitors';
import { ensurePartitions } from '@pageprobe/test-lifecycle';
import type { Page } from 'puppeteer-core';
import { uptimeCheck } from '../support/checks.ts';
import {
  axeAtBothWidths,
  sidewaysScroll,
  signedIn,
  startBrowser,
  startDashboard,
  useTheme,
} from '../support/dashboard.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const SHOTS = new URL('../.artifacts/dashboard/', import.meta.url);
mkdirSync(SHOTS, { recursive: true });
const HOUR = 3600_000;

const env = await createTestEnv();
const pool = createPool(env.databaseUrl, { size: 2 });
after(() => pool.end());
const { base } = await startDashboard(env);
const browser = await startBrowser();
const { teamId } = await teamWithKey(env, { plan: 'pro' });
const EDITOR = { email: 'lists@example.com', password: 'the editor passphrase' };
const editor = await ensureUser(env.db, { email: EDITOR.email, passwordHash: await hashPassword(EDITOR.password) });
await setMembership(env.db, teamId, editor.id, 'editor');
const links = { publicBaseUrl: base, dashboardBaseUrl: base };

const monitor = (name: string, url: string) =>
  env.db.monitor.create({
    data: { teamId, type: 'uptime', name, url, device: 'desktop', intervalSeconds: 60, tags: ['shop'] },
  });
const steady = await monitor('Steady shop', 'https://steady.example.com/health');
const slowing = await monitor('Slowing shop', 'https://slowing.example.com/');
const quiet = await monitor('Quiet shop', 'https://quiet.example.com/');

// The current hour's start (its checks at that instant, never in the future), and the hour `h` before it.
const hourNow = Math.floor(Date.now() / HOUR) * HOUR;
await ensurePartitions(pool, new Date(hourNow - 2 * 86_400_000), new Date(hourNow + 86_400_000));
/** A check whose total time is `total` ms. */
const timed = (check: FinishedCheck, total: number): FinishedCheck => ({
  ...check,
  figures: { ...check.figures, timings_ms: { ...check.figures.timings_ms, total } },
});
// Steady: one check an hour for 24 hours, 100 ms to 123 ms, down 5 hours ago.
await recordChecks(
  env.db,
  Array.from({ length: 24 }, (_, i) => {
    const h = 23 - i;
    return h === 5
      ? uptimeCheck(steady.id, hourNow - h * HOUR, false)
      : timed(uptimeCheck(steady.id, hourNow - h * HOUR, true), 100 + i);
  }),
  links,
);
// Slowing: up two hours ago, then degraded twice in a row (down_after 2): degraded now.
await recordChecks(
  env.db,
  [
    uptimeCheck(slowing.id, hourNow - 2 * HOUR, true),
    uptimeCheck(slowing.id, hourNow - HOUR, true, { degraded: true }),
    uptimeCheck(slowing.id, hourNow, true, { degraded: true }),
  ],
  links,
);

// The scheduler stamps a run's slot when it claims it; these checks were recorded without it.
await env.db.monitor.update({ where: { id: steady.id }, data: { lastRunAt: new Date(hourNow) } });
await env.db.monitor.update({ where: { id: slowing.id }, data: { lastRunAt: new Date(hourNow) } });

const { page } = await signedIn(browser, base, EDITOR);

/** Each row's monitor name with its strip's and sparkline's words and its state, from the page. */
const rows = (p: Page) =>
  p.$$eval('table.monitors tbody tr', (trs) =>
    trs.map((tr) => ({
      name: tr.querySelector('td.url a')!.textContent,
      state: tr.querySelector('td.st')!.textContent!.trim(),
      strip: tr.querySelector('svg.strip title')?.textContent,
      cells: Object.fromEntries(
        [...tr.querySelectorAll('svg.strip path')].map((path) => [
          path.getAttribute('class'),
          (path.getAttribute('d')!.match(/M/g) ?? []).length,
        ]),
      ),
      spark: tr.querySelector('svg.spark title')?.textContent ?? null,
      sparkPoints: (tr.querySelector('svg.spark path')?.getAttribute('d')?.match(/[ML]/g) ?? []).length,
      time: tr.querySelector('td.last time')?.getAttribute('datetime') ?? null,
    })),
  );

test('the strip and the sparkline say what the last 24 hours of checks were; degraded is a state, filtered', async () => {
  await page.goto(`${base}/monitors`);
  const byName = new Map((await rows(page)).map((r) => [r.name, r]));
  const s = byName.get('Steady shop')!;
  assert.equal(s.strip, 'Last 24 h: 23 hours up, 1 down');
  assert.deepEqual(s.cells, { 'h-up': 23, 'h-down': 1 });
  assert.equal(s.spark, 'Response time, last 24 h: 100 ms to 123 ms, latest 123 ms');
  assert.equal(s.sparkPoints, 23, 'a point an hour with a figure (the down hour has none)');
  assert.equal(s.time, new Date(hourNow).toISOString(), 'the last check as <time datetime>');
  assert.equal(s.state, 'Up');

  const d = byName.get('Slowing shop')!;
  assert.equal(d.state, 'Degraded');
  assert.equal(d.strip, 'Last 24 h: 1 hour up, 2 degraded, 21 without checks');
  assert.equal(d.spark, 'Response time, last 24 h: 60 ms, latest 60 ms');

  const q = byName.get('Quiet shop')!;
  assert.equal(q.strip, 'Last 24 h: 24 hours without checks');
  assert.equal(q.spark, null, 'no figures, no sparkline');
  assert.equal(q.state, 'No check yet');

  await page.goto(`${base}/monitors?state=degraded`);
  assert.deepEqual(
    (await rows(page)).map((r) => r.name),
    ['Slowing shop'],
  );
  assert.equal(await page.$eval('#f-state option:checked', (o) => o.textContent), 'Degraded', 'a choice of the filter');
  await page.goto(`${base}/monitors?sort=state`);
  assert.deepEqual(
    (await rows(page)).map((r) => r.state),
    ['Degraded', 'Up', 'No check yet'],
    'worst first: degraded, then up, then not yet checked',
  );
});

test('at 375 px the list is cards and the menu opens by keyboard without JavaScript; at 1920 px it uses the width', async () => {
  const { context, page: plain } = await signedIn(browser, base, EDITOR);
  await plain.setJavaScriptEnabled(false);
  await plain.setViewport({ width: 375, height: 800 });
  await plain.goto(`${base}/monitors`);
  assert.equal(await sidewaysScroll(plain), 0, 'nothing scrolls sideways');
  // Every figure of a card is there (on screen, in the page's width), each named by its column's words.
  const card =
    (await plain.evaluate(`[...document.querySelectorAll('table.monitors tbody tr:first-child td')].map((td) => {
    const box = td.getBoundingClientRect();
    return { shown: box.height > 0 && box.right <= 375, label: getComputedStyle(td, '::before').content };
  })`)) as Array<{ shown: boolean; label: string }>;
  assert.ok(card.length >= 9 && card.every((c) => c.shown), JSON.stringify(card));
  assert.deepEqual(
    card.map((c) => c.label).filter((l) => l !== 'none'),
    ['"Uptime, 7 d: "', '"Last check: "', '"Type: "', '"Tags: "', '"Locations: "'],
  );
  const linkShown = () =>
    plain.$eval('nav a[href$="/tests"]', (a) => (a as unknown as { checkVisibility(): boolean }).checkVisibility());
  assert.equal(await linkShown(), false, 'the menu starts closed');
  await plain.focus('details.menu > summary');
  await plain.keyboard.press('Enter');
  assert.equal(await linkShown(), true, 'Enter opens it');
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(plain, theme);
    await plain.screenshot({ path: new URL(`monitor-list-menu-375-${theme}.png`, SHOTS).pathname });
  }
  await useTheme(plain, 'light');
  await plain.setViewport({ width: 1280, height: 800 });
  await plain.goto(`${base}/monitors`);
  assert.equal(await linkShown(), true, 'on a wide screen the links show without opening anything');
  await plain.setViewport({ width: 1920, height: 1000 });
  const mainWidth = await plain.$eval('main', (m) => m.getBoundingClientRect().width);
  assert.ok(mainWidth > 1500, `the list uses a wide screen: main is ${mainWidth} px`);
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(plain, theme);
    for (const width of [375, 1280, 1920]) {
      await plain.setViewport({ width, height: 900 });
      await plain.screenshot({
        path: new URL(`monitor-list-trends-${width}-${theme}.png`, SHOTS).pathname,
        fullPage: true,
      });
    }
  }
  await context.close();
});

test('the list updates itself when a check lands, keeping the ticked boxes and the focus', async () => {
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`${base}/monitors`);
  const pick = `input[name="ids"][value="${steady.id}"]`;
  await page.click(`input[name="ids"][value="${slowing.id}"]`);
  await page.focus(pick);
  const loaded = await page.evaluate(() => performance.timeOrigin);
  // Two failed checks in a row (down_after 2): down.
  await recordChecks(
    env.db,
    [uptimeCheck(steady.id, Date.now() - 1000, false), uptimeCheck(steady.id, Date.now(), false)],
    links,
  );
  await page.waitForFunction(
    `document.querySelector('tr[data-id="${steady.id}"] td.st')?.textContent.includes('Down')`,
    {
      timeout: 40_000,
    },
  );
  assert.equal(await page.evaluate(() => performance.timeOrigin), loaded, 'no reload');
  assert.equal(
    await page.$eval(`input[name="ids"][value="${slowing.id}"]`, (b) => (b as unknown as { checked: boolean }).checked),
    true,
  );
  assert.equal(await page.evaluate('document.activeElement?.value'), steady.id);
});

test("a monitor's page updates itself when its first check lands", async () => {
  await page.goto(`${base}/monitors/${quiet.id}`);
  const loaded = await page.evaluate(() => performance.timeOrigin);
  assert.match(await page.$eval('#checks-h', (h) => h.parentElement!.textContent ?? ''), /No checks yet/);
  await recordChecks(env.db, [timed(uptimeCheck(quiet.id, Date.now(), true), 321)], links);
  await page.waitForFunction(
    `document.querySelector('#checks-h')?.parentElement.querySelector('tbody tr')?.textContent.includes('321')`,
    { timeout: 45_000 },
  );
  assert.equal(await page.evaluate(() => performance.timeOrigin), loaded, 'no reload');
  // The state at a glance on the monitor's page too (issue 60, item 1): the summary's state and each
  // check's result carry a shape beside the word, so the color is never alone.
  const marks = await page.evaluate(`(() => {
    const shape = (el) => el?.querySelector('svg.shape')?.getAttribute('aria-hidden') === 'true';
    const state = document.querySelector('section.summary p.state');
    const check = document.querySelector('#checks-h').parentElement.querySelector('tbody tr .state');
    const latest = document.querySelector('table.latest tbody tr td:nth-child(2)');
    return [shape(state), shape(check), check.className, check.textContent, shape(latest), latest.textContent];
  })()`);
  assert.deepEqual(marks, [true, true, 'state state-up', 'Good', true, 'good']);
});

test('axe finds nothing on the list, light and dark, at 1280 and 375 px', async () => {
  await page.goto(`${base}/monitors`);
  assert.deepEqual(await axeAtBothWidths(page, 'monitor-list-trends'), []);
});
