// Browser checks in the dashboard, in a real Chromium: a journey asked for in step rows (rows added and
// removed by plain submit buttons, no script) starts a browser test that the browser worker runs against
// the harness shop with exactly those steps; a row that cannot be a step is a 400 naming it, beside its
// field, and what a type step types is never written back; the JSON view, changed, replaces the rows (a
// budget). A browser monitor made from the same rows lists its steps on its edit page, and its page,
// with runs recorded as a run's end records them, draws a chart of each step's time.
// axe-core finds no violation; screenshots at 375 and 1280 px in test/.artifacts/dashboard/.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import type { Test } from '@pageprobe/db';
import { recordRollups, runSampleOf } from '@pageprobe/test-lifecycle';
import { startShop } from '@pageprobe/testing';
import type { Page } from 'puppeteer-core';
import { fill, press, signedIn, startBrowser, startDashboard, axeAtBothWidths } from '../support/dashboard.ts';
import { eventually } from '../support/servers.ts';
import { startInProcess } from '../support/stack.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const TYPED = 'pat-7Q@example.com';
const env = await createTestEnv();
const shop = await startShop();
after(() => shop.close());
const common = { ALLOW_PRIVATE_TARGETS: 'true', PUBLIC_BASE_URL: 'http://127.0.0.1:9' };
const [{ base }] = await Promise.all([
  startDashboard(env, common),
  startInProcess(
    'worker-browser',
    env.appEnv({ ...common, BROWSER_TEST_TYPES: 'browser', BROWSER_CHECK_CONCURRENCY: '1' }),
  ),
]);
const browser = await startBrowser();
const { teamId } = await teamWithKey(env, { plan: 'pro', credits: 100 });
const EDITOR = { email: 'steps-editor@example.com', password: 'the editor passphrase' };
const editor = await ensureUser(env.db, { email: EDITOR.email, passwordHash: await hashPassword(EDITOR.password) });
await setMembership(env.db, teamId, editor.id, 'editor');
const { page } = await signedIn(browser, base, EDITOR);
const home = `${shop.origin}/`;

/** Fills step row `i` (0-based) as a person would: its action, then its fields. */
async function row(p: Page, i: number, action: string, selector = '', value = '', name = '') {
  await p.select(`#step_type_${i}`, action);
  for (const [field, text] of [
    ['selector', selector],
    ['value', value],
    ['name', name],
  ] as const) {
    await p.$eval(`#step_${field}_${i}`, (e) => {
      (e as unknown as { value: string }).value = '';
    });
    if (text) await p.type(`#step_${field}_${i}`, text);
  }
}

/** Sends the form with the named button and waits for the page it answers; its status. */
async function send(p: Page, button: string): Promise<number | undefined> {
  const [answer] = await Promise.all([p.waitForNavigation(), p.click(`::-p-aria([name="${button}"][role="button"])`)]);
  return answer?.status();
}

const rowCount = (p: Page) => p.$$eval('fieldset.step-row', (rows) => rows.length);
const fieldValue = (p: Page, selector: string) => p.$eval(selector, (e) => (e as unknown as { value: string }).value);

const JOURNEY = [
  { type: 'click', selector: '#sign-in', name: 'open sign-in' },
  { type: 'wait_for', selector: '#email' },
  { type: 'type', selector: '#email', text: '[redacted]' },
  { type: 'assert_visible', selector: '#password' },
];

/** Fills the rows with JOURNEY, adding rows with the form's own button (and removing a spare one). */
async function fillJourney(p: Page) {
  assert.equal(await rowCount(p), 2, 'a new form offers two rows');
  await row(p, 0, 'click', '#sign-in', '', 'open sign-in');
  await row(p, 1, 'wait_for', '#email');
  for (let n = 3; n <= 5; n++) {
    assert.equal(await send(p, 'Add a step'), 200);
    assert.equal(await rowCount(p), n);
  }
  assert.equal(await fieldValue(p, '#step_selector_0'), '#sign-in', 'the rows are kept');
  assert.equal(await fieldValue(p, '#step_name_0'), 'open sign-in');
  await row(p, 4, 'screenshot', '', '', 'spare');
  assert.equal(await send(p, 'Remove step 5'), 200);
  assert.equal(await rowCount(p), 4);
  await row(p, 2, 'type', '#email', TYPED);
  await row(p, 3, 'assert_visible', '#password');
}

test('a browser test from the step rows runs with exactly those steps', async () => {
  await page.goto(`${base}/tests/new?kind=browser`);
  await fill(page, 'URL', home);
  await page.select('#device', 'desktop');
  await fillJourney(page);
  assert.equal(await fieldValue(page, '#url'), home, 'adding rows keeps the other fields');
  const violations = await axeAtBothWidths(page, 'steps-start-form');
  await press(page, 'Start test');
  const t = await env.db.test.findFirstOrThrow({ where: { teamId, type: 'browser' }, orderBy: { createdAt: 'desc' } });
  assert.equal(page.url(), `${base}/tests/${t.id}`);
  assert.deepEqual((t.options as { steps: unknown }).steps, JOURNEY);
  const done = await eventually(
    async () => {
      const row = await env.db.test.findUniqueOrThrow({ where: { id: t.id } });
      return row.status === 'completed' || row.status === 'failed' ? row : undefined;
    },
    90_000,
    'the browser test finished',
  );
  const result = done.result as { up: boolean; error: string | null; steps: Array<{ name: string; status: string }> };
  assert.equal(done.status, 'completed', done.errorMessage ?? '');
  assert.equal(result.up, true, result.error ?? '');
  assert.deepEqual(
    result.steps.map((s) => [s.name, s.status]),
    [
      [`load ${home}`, 'passed'],
      ['open sign-in', 'passed'],
      ['wait_for #email', 'passed'],
      ['type #email', 'passed'],
      ['assert_visible #password', 'passed'],
    ],
  );
  assert.deepEqual(violations, []);
});

test('a bad row is a 400 naming it beside its field; typed text is never sent back; the JSON view replaces the rows', async () => {
  await page.goto(`${base}/tests/new?kind=browser`);
  await fill(page, 'URL', home);
  await row(page, 0, 'type', '#email', TYPED);
  await row(page, 1, 'click');
  const before = await env.db.test.count({ where: { teamId } });
  assert.equal(await send(page, 'Start test'), 400);
  assert.equal(
    await page.$eval('#step_selector_1-error', (e) => e.textContent),
    'Step 2 selector: a click step needs a CSS selector',
  );
  assert.equal(await page.$eval('#step_selector_1', (e) => e.getAttribute('aria-invalid')), 'true');
  assert.match(await page.$eval('.problem', (e) => e.textContent ?? ''), /^Step 2: a click step needs a CSS selector/);
  assert.ok(!(await page.content()).includes(TYPED), 'the typed text is not in the page');
  assert.equal(await fieldValue(page, '#step_selector_0'), '#email', 'the rows are kept');
  const violations = await axeAtBothWidths(page, 'steps-start-refused');

  // The API's own refusal of a step (a selector that is not CSS) lands beside that row's field.
  await row(page, 0, 'type', '#email', TYPED);
  await row(page, 1, 'click', 'a[');
  assert.equal(await send(page, 'Start test'), 400);
  assert.match(
    (await page.$eval('#step_selector_1-error', (e) => e.textContent)) ?? '',
    /^Step 2 selector: is not a CSS selector/,
  );
  assert.equal(await env.db.test.count({ where: { teamId } }), before, 'no test started');

  // Changed, the JSON view replaces the rows: a step with a budget, which rows do not write.
  const journey = [
    {
      type: 'click',
      selector: '#sign-in',
      name: 'open sign-in',
      expect: [{ source: 'step_ms', operator: 'lt', value: 5000 }],
    },
  ];
  await page.click('main details summary');
  await page.$eval('#steps', (e) => {
    (e as unknown as { value: string }).value = '';
  });
  await page.type('#steps', JSON.stringify(journey));
  await press(page, 'Start test');
  const t = await env.db.test.findFirstOrThrow({ where: { teamId, type: 'browser' }, orderBy: { createdAt: 'desc' } });
  assert.equal(page.url(), `${base}/tests/${t.id}`);
  assert.deepEqual((t.options as { steps: unknown }).steps, journey);
  assert.deepEqual(violations, []);
});

test('a browser monitor from the rows: its steps on its edit page, and a chart of each step’s time on its page', async () => {
  await page.goto(`${base}/monitors/new?kind=browser`);
  await fill(page, 'URL', home);
  await page.select('#device', 'desktop');
  await fill(page, 'Interval (seconds)', '3600');
  await fill(page, 'Name (optional)', 'Shop sign-in');
  await fillJourney(page);
  const violations = await axeAtBothWidths(page, 'steps-monitor-form');
  await press(page, 'Create monitor');
  const monitor = await env.db.monitor.findFirstOrThrow({ where: { teamId, type: 'browser' } });
  assert.equal(page.url(), `${base}/monitors/${monitor.id}`);
  assert.deepEqual((monitor.options as { steps: unknown }).steps, JOURNEY);
  await env.db.monitor.update({ where: { id: monitor.id }, data: { status: 'paused' } });

  // Three runs, recorded as a run's end records them (the kind's series, each step's time by its name).
  const names = [`load ${home}`, 'open sign-in', 'wait_for #email', 'type #email', 'assert_visible #password'];
  for (let k = 1; k <= 3; k++) {
    const startedAt = new Date(Date.now() - k * 3_600_000);
    const run = await env.db.test.create({
      data: {
        teamId,
        monitorId: monitor.id,
        type: 'browser',
        url: home,
        device: 'desktop',
        status: 'completed',
        reportToken: `steps-run-${k}-${monitor.id}`,
        startedAt,
        result: {
          up: true,
          duration_ms: 1000 * k,
          steps: names.map((name, index) => ({ index, name, status: 'passed', duration_ms: 100 * (index + 1) * k })),
        },
      },
    });
    await env.db.$transaction((tx) =>
      recordRollups(tx, [{ monitorId: monitor.id, plan: 'pro', ...runSampleOf(run as Test, null) }]),
    );
  }
  await page.goto(`${base}/monitors/${monitor.id}`);
  const charts = await page.$$eval('.chart-group figure.chart', (figures) =>
    figures.map((f) => [f.id, f.querySelector('figcaption strong')?.textContent, f.classList.contains('empty')]),
  );
  assert.deepEqual(charts, [
    ['step-0', `Step 0: the load of ${home}`, false],
    ['step-1', 'Step 1: open sign-in', false],
    ['step-2', 'Step 2: wait_for #email', false],
    ['step-3', 'Step 3: type #email', false],
    ['step-4', 'Step 4: assert_visible #password', false],
  ]);
  assert.equal(await page.$eval('.chart-group', (g) => g.previousElementSibling?.textContent), 'Each step’s time');
  violations.push(...(await axeAtBothWidths(page, 'steps-monitor-page')));
  // Its figures, as the series endpoint reads them from the rollups.
  await page.goto(`${base}/monitors/${monitor.id}?figures=1`);
  const figures = await page.$$eval('#step-1 td[data-metric]', (cells) =>
    cells.map((c) => [c.getAttribute('data-metric'), Number(c.getAttribute('data-value'))]),
  );
  // Oldest first: the step took 200 ms times the run's number, the oldest run being the third.
  assert.deepEqual(figures, [
    ['step:open sign-in', 600],
    ['step:open sign-in', 400],
    ['step:open sign-in', 200],
  ]);

  await page.goto(`${base}/monitors/${monitor.id}/edit`);
  assert.deepEqual(await page.$$eval('ol.steps-fact li', (items) => items.map((i) => i.textContent)), [
    'open sign-in',
    'wait_for #email',
    'type #email',
    'assert_visible #password',
  ]);
  violations.push(...(await axeAtBothWidths(page, 'steps-monitor-edit')));
  assert.deepEqual(violations, []);
});
