import assert from 'node:assert/strict';
import { test } from 'node:test';
import { monitorKinds } from '../monitor-registry.ts';
import { kindNames } from '../registry.ts';
import { COMMON_BADGES } from './monitor-page-traits.ts';

// Issue 44 item 11: what a monitor's page shows is declared by its kind, so the page's code loops over
// what the kind says instead of keeping tables by kind name.
for (const kind of monitorKinds) {
  test(`${kind.name} declares what its monitor's page shows, from figures it records`, () => {
    const { page, metrics, score } = kind.monitor;
    assert.ok(page, 'monitor.page is declared');
    assert.ok(page.run === 'check' || page.run === 'test');
    assert.ok(page.charts.length > 0, 'at least one chart');
    assert.equal(new Set(page.charts.map((c) => c.id)).size, page.charts.length, 'chart ids are unique on a page');
    for (const chart of page.charts) {
      assert.ok(chart.series.length > 0, `${chart.id} plots something`);
      for (const [metric] of chart.series)
        assert.ok(metric in metrics, `${chart.id} plots ${metric}, one of its metrics`);
      // A field line (issue 48) is one of the kind's field series, a Core Web Vital with thresholds.
      if (chart.field) assert.ok(page.field?.[chart.field], `${chart.id} draws field series ${chart.field}`);
      if (chart.fieldOnly) assert.ok(chart.field, `${chart.id} is there for field data it draws`);
      // A budget line is an assertion the kind knows, or it would never be drawn.
      if (chart.budget) {
        assert.ok('assertionRules' in kind, `${chart.id}: a budget needs assertions, which only tests have`);
        assert.ok(kind.assertionRules(chart.budget.key), `${chart.id}'s budget ${chart.budget.key}`);
      }
    }
    for (const badge of COMMON_BADGES) assert.ok(page.badges.includes(badge), `every monitor has the ${badge} badge`);
    assert.equal(new Set(page.badges).size, page.badges.length);
    // A kind with a score names it in the list of runs.
    assert.equal(Boolean(page.scoreLabel), Boolean(score), 'a score has a label, and a label a score');
  });
}

test('a heartbeat is a kind of monitor, never of test, and its page never names its placeholder url', () => {
  assert.ok(monitorKinds.some((k) => k.name === 'heartbeat'));
  assert.ok(!(kindNames as string[]).includes('heartbeat'));
  const { page } = monitorKinds.find((k) => k.name === 'heartbeat')!.monitor;
  assert.equal(page.calledBy, 'name');
  const facts = page.facts!({
    intervalSeconds: 86_400,
    periodSeconds: null,
    graceSeconds: 300,
    schedule: '0 3 * * *',
    timeZone: 'Europe/Paris',
    lastPingAt: new Date('2026-11-20T02:00:04Z'),
    runStartedAt: null,
    deadlineAt: new Date('2026-11-21T02:05:00Z'),
  });
  assert.deepEqual(Object.fromEntries(facts), {
    Expects: 'a ping at each slot of 0 3 * * * (Europe/Paris)',
    Grace: '5 min',
    'Last ping': '2026-11-20 02:00 UTC',
    'Late after': '2026-11-21 02:05 UTC',
  });
});

test('a browser monitor charts each step’s time by the series its runs record, a chart a name', async () => {
  const { browser } = await import('../browser/definition.ts');
  const steps = [
    { type: 'click', selector: '#sign-in' },
    { type: 'click', selector: '#add', name: 'add to basket' },
    { type: 'click', selector: '#sign-in' },
  ];
  const test = { result: { steps: [{ name: 'load https://shop.example/', status: 'passed', duration_ms: 1 }] } };
  const charts = browser.monitor.page.namedCharts!({ url: 'https://shop.example/', options: { steps } });
  assert.deepEqual(
    charts.map((c) => [c.id, c.title, c.series[0]![0]]),
    [
      ['step-0', 'Step 0: the load of https://shop.example/', 'step:load https://shop.example/'],
      ['step-1', 'Step 1: click #sign-in', 'step:click #sign-in'],
      ['step-2', 'Step 2: add to basket', 'step:add to basket'],
    ],
  );
  for (const chart of charts) assert.ok(browser.monitor.namedMetrics!.pattern.test(chart.series[0]![0]));
  assert.deepEqual(Object.keys(browser.monitor.namedMetrics!.read(test as never)), ['step:load https://shop.example/']);
});
