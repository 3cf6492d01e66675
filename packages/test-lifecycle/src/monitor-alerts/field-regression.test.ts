import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type FieldState, fieldRegressions, fieldStateOf } from './field-regression.ts';

const state = (last: string, inp: number, over: Partial<FieldState> = {}): FieldState => ({
  collection_period: { first_date: '2026-10-01', last_date: last },
  scope: 'url',
  form_factor: 'PHONE',
  metrics: {
    inp: { p75: inp, category: inp <= 200 ? 'good' : inp <= 500 ? 'needs_improvement' : 'poor' },
    lcp: { p75: 2000, category: 'good' },
  },
  ...over,
});

test('the first field data a monitor sees is its baseline: stored, nothing raised', () => {
  assert.deepEqual(fieldRegressions(null, state('2026-11-21', 180)), { store: state('2026-11-21', 180), alerts: [] });
});

test('a later period with a worse category raises monitor.field_regressed for that metric, in words', () => {
  const out = fieldRegressions(state('2026-11-21', 180), state('2026-11-22', 240))!;
  assert.equal(out.alerts.length, 1);
  const [alert] = out.alerts;
  assert.equal(alert!.event, 'monitor.field_regressed');
  assert.equal(alert!.reason, 'field_category_worse');
  assert.deepEqual(
    { ...alert!.details, message: undefined },
    {
      metric: 'inp',
      from: 'good',
      to: 'needs_improvement',
      p75: 240,
      previous_p75: 180,
      collection_period: { first_date: '2026-10-01', last_date: '2026-11-22' },
      previous_period: { first_date: '2026-10-01', last_date: '2026-11-21' },
      scope: 'url',
      form_factor: 'PHONE',
      message: undefined,
    },
  );
  assert.equal(
    alert!.details.message,
    'INP p75 went from good (180 ms) to needs improvement (240 ms) for real users, period 2026-10-01 to 2026-11-22.',
  );
  assert.deepEqual(out.store, state('2026-11-22', 240));
});

test('the same period again, or an older one, changes nothing; better or same categories raise nothing', () => {
  assert.equal(fieldRegressions(state('2026-11-22', 180), state('2026-11-22', 240)), null);
  assert.equal(fieldRegressions(state('2026-11-22', 180), state('2026-11-20', 600)), null);
  assert.deepEqual(fieldRegressions(state('2026-11-21', 240), state('2026-11-22', 150))!.alerts, []);
  assert.deepEqual(fieldRegressions(state('2026-11-21', 210), state('2026-11-22', 480))!.alerts, []);
  // good to poor is worse too, and CLS reads unitless.
  const cls = (last: string, p75: number, category: 'good' | 'poor'): FieldState => ({
    ...state(last, 100),
    metrics: { cls: { p75, category } },
  });
  const [alert] = fieldRegressions(cls('2026-11-21', 0.05, 'good'), cls('2026-11-22', 0.31, 'poor'))!.alerts;
  assert.match(String(alert!.details.message), /^CLS p75 went from good \(0\.05\) to poor \(0\.31\)/);
});

test("another scope or device is a new baseline, never compared (an origin's figures are not the page's)", () => {
  const origin = state('2026-11-22', 600, { scope: 'origin' });
  assert.deepEqual(fieldRegressions(state('2026-11-21', 180), origin), { store: origin, alerts: [] });
  const desktop = state('2026-11-21', 600, { form_factor: 'DESKTOP' });
  assert.deepEqual(fieldRegressions(state('2026-11-21', 180), desktop), { store: desktop, alerts: [] });
  assert.equal(fieldRegressions(state('2026-11-21', 180), state('2026-11-20', 600, { scope: 'origin' })), null);
});

test("a run's stored field: its period, scope, device and each metric's p75 and category; none when unavailable", () => {
  const metric = (p75: number, category: string) => ({
    p75,
    good: 0.8,
    needs_improvement: 0.15,
    poor: 0.05,
    category,
    lab_metric: 'tbt_ms',
    lab: null,
    lab_category: null,
    verdict: null,
  });
  const field = {
    available: true,
    scope: 'origin',
    key: 'https://shop.example',
    form_factor: 'DESKTOP',
    collection_period: { first_date: '2026-10-26', last_date: '2026-11-22' },
    metrics: { lcp: null, inp: metric(240, 'needs_improvement'), cls: null, fcp: null, ttfb: null },
  };
  assert.deepEqual(fieldStateOf(field), {
    collection_period: field.collection_period,
    scope: 'origin',
    form_factor: 'DESKTOP',
    metrics: { inp: { p75: 240, category: 'needs_improvement' } },
  });
  assert.equal(fieldStateOf({ available: false, reason: 'not_enough_data' }), null);
  assert.equal(fieldStateOf(undefined), null);
  assert.equal(fieldStateOf({ available: true }), null);
});
