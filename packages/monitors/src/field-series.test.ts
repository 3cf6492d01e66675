import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CruxHistory } from '@pageprobe/crux';
import { fieldPoints, fieldSeriesOf, MAX_FIELD_POINTS } from './field-series.ts';

const period = (last: string) => ({ first_date: '2026-01-01', last_date: last });
const dist = (p75: number) => ({ p75, good: 0.7, needs_improvement: 0.2, poor: 0.1 });

test('a field metric: a point per period with a p75, at its last day, rated; empty periods have none', () => {
  const history: CruxHistory = {
    scope: 'url',
    key: 'https://shop.example/',
    form_factor: 'PHONE',
    periods: [period('2026-11-08'), period('2026-11-15'), period('2026-11-22')],
    metrics: { inp: [dist(180), null, dist(240)], cls: [dist(0.05), dist(Number.NaN), dist(0.3)] },
  };
  assert.deepEqual(fieldPoints(history, 'inp'), [
    { at: new Date('2026-11-08T00:00:00Z'), ...dist(180), category: 'good', collection_period: period('2026-11-08') },
    {
      at: new Date('2026-11-22T00:00:00Z'),
      ...dist(240),
      category: 'needs_improvement',
      collection_period: period('2026-11-22'),
    },
  ]);
  assert.deepEqual(
    fieldPoints(history, 'cls').map((p) => [p.p75, p.category]),
    [
      [0.05, 'good'],
      [0.3, 'poor'],
    ],
  );
  assert.deepEqual(fieldPoints(history, 'lcp'), [], 'a metric CrUX gave nothing of');
});

test('at most 40 points, the newest', () => {
  const days = Array.from({ length: 45 }, (_, i) => new Date(Date.UTC(2026, 0, 4 + 7 * i)).toISOString().slice(0, 10));
  const history: CruxHistory = {
    scope: 'origin',
    key: 'https://shop.example',
    form_factor: 'DESKTOP',
    periods: days.map(period),
    metrics: { lcp: days.map((_, i) => dist(1000 + i)) },
  };
  const points = fieldPoints(history, 'lcp');
  assert.equal(points.length, MAX_FIELD_POINTS);
  assert.equal(points[0]!.p75, 1005);
  assert.equal(points.at(-1)!.collection_period.last_date, days.at(-1));
});

test("a lighthouse monitor's field series are named as the lab's vitals; other kinds have none", () => {
  assert.deepEqual(fieldSeriesOf({ type: 'lighthouse' }), {
    lcp_ms: 'lcp',
    inp_ms: 'inp',
    cls: 'cls',
    fcp_ms: 'fcp',
    ttfb_ms: 'ttfb',
  });
  assert.deepEqual(fieldSeriesOf({ type: 'uptime' }), {});
});
