import assert from 'node:assert/strict';
import { test } from 'node:test';
import { labMetrics, rateScore, rateVital } from './ratings.ts';

test('scores are rated in Lighthouse bands: 90 good, 50 needs improvement, 49 poor', () => {
  assert.equal(rateScore(100), 'good');
  assert.equal(rateScore(90), 'good');
  assert.equal(rateScore(89), 'needs_improvement');
  assert.equal(rateScore(50), 'needs_improvement');
  assert.equal(rateScore(49), 'poor');
});

test('metrics are rated by the Core Web Vitals thresholds, inclusive of the good one', () => {
  const metric = (key: string) => labMetrics('mobile').find((m) => m.key === key)!;
  assert.equal(rateVital(2500, metric('lcp_ms')), 'good');
  assert.equal(rateVital(2501, metric('lcp_ms')), 'needs_improvement');
  assert.equal(rateVital(4001, metric('lcp_ms')), 'poor');
  assert.equal(rateVital(0.1, metric('cls')), 'good');
  assert.equal(rateVital(0.26, metric('cls')), 'poor');
  assert.equal(rateVital(1800, metric('fcp_ms')), 'good');
  assert.equal(rateVital(601, metric('tbt_ms')), 'poor');
  assert.equal(rateVital(800, metric('ttfb_ms')), 'good');
  assert.equal(rateVital(300, metric('inp_ms')), 'needs_improvement');
});

test("Speed Index uses Lighthouse's per-device curve", () => {
  const si = (device: string) => labMetrics(device).find((m) => m.key === 'speed_index_ms')!;
  assert.equal(rateVital(3000, si('mobile')), 'good');
  assert.equal(rateVital(3000, si('desktop')), 'poor');
});
