import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judgeMetric, type MetricState } from './judge.ts';

const at = new Date('2026-12-30T10:00:00Z');
const step = (state: MetricState | null, p75: number, budget: number | null = null) =>
  judgeMetric('lcp_ms', p75, budget, state, at);

test('a first look starts from what it is, without an alert; a budget already passed raises', () => {
  const quiet = step(null, 4600);
  assert.equal(quiet.event, null);
  assert.equal(quiet.next.rating, 'poor');
  const over = step(null, 2300, 2000);
  assert.deepEqual([over.event, over.reason, over.previous], ['rum.regressed', 'over_budget', null]);
});

test('worse once, then quiet; good again recovers; each change once', () => {
  const good = step(null, 1800).next;
  const poor = step(good, 4600);
  assert.deepEqual([poor.event, poor.reason, poor.previous?.rating], ['rum.regressed', 'rating_worse', 'good']);
  assert.equal(step(poor.next, 4700).event, null);
  // Better but not yet back: recorded quietly, and worse again raises again.
  const better = step(poor.next, 3000);
  assert.equal(better.event, null);
  assert.equal(better.next.rating, 'needs_improvement');
  assert.equal(step(better.next, 4500).event, 'rum.regressed');
  const back = step(better.next, 1900);
  assert.deepEqual([back.event, back.reason], ['rum.recovered', 'recovered']);
  assert.equal(step(back.next, 1900).event, null);
});

test('a budget passed while good raises, and under it again recovers', () => {
  const good = step(null, 1500, 2000).next;
  const over = step(good, 2300, 2000);
  assert.deepEqual([over.event, over.reason, over.next.rating], ['rum.regressed', 'over_budget', 'good']);
  assert.equal(step(over.next, 2400, 2000).event, null);
  assert.equal(step(over.next, 1600, 2000).event, 'rum.recovered');
});

test('needs improvement from the start, then better: no recovery of what was never told', () => {
  const ni = step(null, 3000).next;
  assert.equal(step(ni, 1500).event, null);
});
