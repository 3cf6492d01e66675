import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addPageView, emptyRumRollup } from '../rollups/rum-rollup.ts';
import { addSums, emptySums, figuresOf } from './figures.ts';
import { rumLevelFor } from './levels-for.ts';

const sumsOf = (values: number[]) => {
  const r = values.reduce((r, lcp_ms) => addPageView(r, { lcp_ms }), emptyRumRollup());
  return { stat: r.stats.lcp_ms!, hist: r.hist.lcp_ms!, ratings: r.ratings.lcp_ms! };
};

test('figures of merged rows: the shares from the ratings exactly, the percentiles from the histogram', () => {
  const a = sumsOf([1000, 2000, 3000]);
  const b = sumsOf([4500, 2600]);
  const f = figuresOf(addSums(addSums(emptySums(), a), b))!;
  assert.equal(f.page_views, 5);
  assert.equal(f.good, 2 / 5);
  assert.equal(f.needs_improvement, 2 / 5);
  assert.equal(f.poor, 1 / 5);
  // The 3rd, 4th and 5th smallest of five, each within a bucket (4%) of the value.
  for (const [got, want] of [
    [f.p50, 2600],
    [f.p75, 3000],
    [f.p95, 4500],
  ] as const)
    assert.ok(Math.abs(got / want - 1) < 0.04, `${got} for ${want}`);
  assert.equal(figuresOf(emptySums()), null);
});

test('the level by span: minutes for an hour, hours for days, days for months', () => {
  const at = new Date('2026-11-28T00:00:00Z');
  const after = (ms: number) => new Date(at.getTime() + ms);
  assert.equal(rumLevelFor(at, after(3600_000)).name, 'minute');
  assert.equal(rumLevelFor(at, after(3 * 86_400_000)).name, 'hour');
  assert.equal(rumLevelFor(at, after(90 * 86_400_000)).name, 'day');
});
