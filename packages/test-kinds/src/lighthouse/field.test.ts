import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FieldDistribution } from '@pageprobe/crux';
import {
  FIELD_METRIC_NAMES,
  type FieldAnswer,
  type FieldMetricName,
  fieldCategory,
  fieldData,
  fieldOf,
} from './field.ts';

const dist = (p75: number): FieldDistribution => ({ p75, good: 0.8, needs_improvement: 0.15, poor: 0.05 });
const answer = (
  metrics: Partial<Record<FieldMetricName, FieldDistribution>>,
  scope: 'url' | 'origin' = 'url',
): FieldAnswer => ({
  available: true,
  value: {
    scope,
    key: scope === 'url' ? 'https://example.com/' : 'https://example.com',
    form_factor: 'PHONE',
    collection_period: { first_date: '2026-11-10', last_date: '2026-12-07' },
    metrics,
  },
});

test('each metric is good up to its good threshold, poor past its poor one (Core Web Vitals)', () => {
  const boundaries: Record<FieldMetricName, [number, number]> = {
    lcp: [2500, 4000],
    inp: [200, 500],
    cls: [0.1, 0.25],
    fcp: [1800, 3000],
    ttfb: [800, 1800],
  };
  for (const metric of FIELD_METRIC_NAMES) {
    const [good, poor] = boundaries[metric];
    const step = metric === 'cls' ? 0.01 : 1;
    assert.equal(fieldCategory(metric, 0), 'good', metric);
    assert.equal(fieldCategory(metric, good), 'good', `${metric} at ${good}`);
    assert.equal(fieldCategory(metric, good + step), 'needs_improvement', `${metric} past ${good}`);
    assert.equal(fieldCategory(metric, poor), 'needs_improvement', `${metric} at ${poor}`);
    assert.equal(fieldCategory(metric, poor + step), 'poor', `${metric} past ${poor}`);
  }
});

test('verdicts: agree in one category, lab_better when the lab rates better than users saw, field_better when worse', () => {
  const field = fieldOf(answer({ lcp: dist(3000), cls: dist(0.05), fcp: dist(1000), ttfb: dist(2000) }), {
    lcp_ms: 1200, // good in the lab, needs improvement in the field
    cls: 0.3, // poor in the lab, good in the field
    fcp_ms: 1500, // good in both
    ttfb_ms: 1900, // poor in both
  });
  assert.ok(field.available);
  assert.deepEqual(field.metrics.lcp, {
    p75: 3000,
    good: 0.8,
    needs_improvement: 0.15,
    poor: 0.05,
    category: 'needs_improvement',
    lab_metric: 'lcp_ms',
    lab: 1200,
    lab_category: 'good',
    verdict: 'lab_better',
  });
  assert.equal(field.metrics.cls?.verdict, 'field_better');
  assert.equal(field.metrics.cls?.category, 'good');
  assert.equal(field.metrics.cls?.lab_category, 'poor');
  assert.equal(field.metrics.fcp?.verdict, 'agree');
  assert.equal(field.metrics.ttfb?.verdict, 'agree');
  assert.equal(field.metrics.ttfb?.category, 'poor');
  assert.equal(field.metrics.inp, null, 'a metric CrUX has no figures of is null');
  assert.doesNotThrow(() => fieldData.parse(field));
});

test("INP is compared with the lab's TBT by TBT's thresholds (200/600 ms), not INP's", () => {
  // 550 ms of TBT needs improvement by TBT's thresholds (INP's would call it poor); the lab's inp_ms is never read.
  const at = (tbt: number | null, inp: number) => fieldOf(answer({ inp: dist(inp) }), { tbt_ms: tbt, inp_ms: 10 });
  const ni = at(550, 300);
  assert.ok(ni.available);
  assert.equal(ni.metrics.inp?.lab_metric, 'tbt_ms');
  assert.equal(ni.metrics.inp?.lab, 550);
  assert.equal(ni.metrics.inp?.lab_category, 'needs_improvement');
  assert.equal(ni.metrics.inp?.verdict, 'agree');
  const better = at(100, 600);
  assert.ok(better.available);
  assert.equal(better.metrics.inp?.category, 'poor');
  assert.equal(better.metrics.inp?.verdict, 'lab_better');
  const worse = at(700, 150);
  assert.ok(worse.available);
  assert.equal(worse.metrics.inp?.verdict, 'field_better');
});

test('no lab value: no lab category and no verdict', () => {
  const field = fieldOf(answer({ lcp: dist(2000), inp: dist(100) }), { lcp_ms: null });
  assert.ok(field.available);
  assert.equal(field.metrics.lcp?.lab, null);
  assert.equal(field.metrics.lcp?.lab_category, null);
  assert.equal(field.metrics.lcp?.verdict, null);
  assert.equal(field.metrics.inp?.verdict, null, 'tbt_ms absent');
  assert.doesNotThrow(() => fieldData.parse(field));
});

test("an origin's record keeps its scope, key, device and collection period", () => {
  const field = fieldOf(answer({ lcp: dist(2000) }, 'origin'), { lcp_ms: 2000 });
  assert.deepEqual(
    { ...field, metrics: undefined },
    {
      available: true,
      scope: 'origin',
      key: 'https://example.com',
      form_factor: 'PHONE',
      collection_period: { first_date: '2026-11-10', last_date: '2026-12-07' },
      metrics: undefined,
    },
  );
});

test('unavailable answers keep their reason and nothing else, and the schema holds them', () => {
  for (const reason of ['no_api_key', 'not_enough_data', 'rate_limited', 'api_error'] as const) {
    const field = fieldOf({ available: false, reason }, { lcp_ms: 1000 });
    assert.deepEqual(field, { available: false, reason });
    assert.deepEqual(fieldData.parse(field), field);
  }
  assert.throws(() => fieldData.parse({ available: false, reason: 'busy' }));
  assert.throws(() => fieldData.parse({ available: false }));
  assert.throws(() => fieldData.parse({ available: true, reason: 'api_error' }), 'available needs its record');
});
