import assert from 'node:assert/strict';
import { test } from 'node:test';
import { kinds } from '../registry.ts';
import { COMMON_BADGES } from './monitor-page-traits.ts';

// Issue 44 item 11: what a monitor's page shows is declared by its kind, so the page's code loops over
// what the kind says instead of keeping tables by kind name.
for (const kind of kinds) {
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
      // A budget line is an assertion the kind knows, or it would never be drawn.
      if (chart.budget) assert.ok(kind.assertionRules(chart.budget.key), `${chart.id}'s budget ${chart.budget.key}`);
    }
    for (const badge of COMMON_BADGES) assert.ok(page.badges.includes(badge), `every monitor has the ${badge} badge`);
    assert.equal(new Set(page.badges).size, page.badges.length);
    // A kind with a score names it in the list of runs.
    assert.equal(Boolean(page.scoreLabel), Boolean(score), 'a score has a label, and a label a score');
  });
}
