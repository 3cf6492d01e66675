// `pageprobe test` on a lighthouse test (issue 48): after the lab figures, the field p75s with their
// category and the verdict in words, or one line saying why there are none.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FieldData, Test } from '@pageprobe/client';
import { colours, summary } from './format.ts';

const metric = (over: Record<string, unknown>) => ({
  p75: 2100,
  good: 0.82,
  needs_improvement: 0.12,
  poor: 0.06,
  category: 'good',
  lab_metric: 'lcp_ms',
  lab: 2300,
  lab_category: 'good',
  verdict: 'agree',
  ...over,
});
const FIELD = {
  available: true,
  scope: 'url',
  key: 'https://example.com/',
  form_factor: 'PHONE',
  collection_period: { first_date: '2026-10-25', last_date: '2026-11-21' },
  metrics: {
    lcp: metric({}),
    inp: metric({
      p75: 350,
      category: 'needs_improvement',
      lab_metric: 'tbt_ms',
      lab: 120,
      verdict: 'lab_better',
    }),
    cls: metric({ p75: 0.05, lab_metric: 'cls', lab: 0.3, lab_category: 'poor', verdict: 'field_better' }),
    fcp: metric({ p75: 1500, category: 'good', lab_metric: 'fcp_ms', lab: null, lab_category: null, verdict: null }),
    ttfb: null,
  },
} as FieldData;

const lighthouse = (field: unknown) =>
  ({
    id: '0190f1a2-0000-7000-8000-000000000001',
    type: 'lighthouse',
    url: 'https://example.com/',
    device: 'mobile',
    status: 'completed',
    runs_requested: 1,
    error: null,
    scores: { performance: 91 },
    grade: 'A',
    structure_score: null,
    vitals: { lcp_ms: 2300, fcp_ms: null, cls: 0.3, tbt_ms: 120, ttfb_ms: 300 },
    spread: null,
    result: { final_url: 'https://example.com/', requests: 3, blocked_requests: [], warnings: [], field },
    assertion_results: null,
    passed: null,
    report_url: 'https://pageprobe.test/reports/abc',
  }) as unknown as Test;

test('after the lab vitals, a line per field metric: p75, category, verdict in words and the lab figure compared', () => {
  assert.equal(
    summary(lighthouse(FIELD)),
    [
      '✔ completed  https://example.com/  (lighthouse, mobile)',
      '  grade A · performance 91',
      '  LCP 2.3 s · FCP – · CLS 0.3 · TBT 120 ms · TTFB 300 ms',
      '  real users (Chrome UX Report, phones, this page, 2026-10-25 to 2026-11-21), p75:',
      '    LCP  2.1 s   good               lab and field agree (lab LCP 2.3 s)',
      '    INP  350 ms  needs improvement  lab is more optimistic than real users (lab TBT 120 ms)',
      '    CLS  0.05    good               real users fare better than the lab (lab CLS 0.3)',
      '    FCP  1.5 s   good               nothing to compare (no lab figure)',
      '  report: https://pageprobe.test/reports/abc',
    ].join('\n'),
  );
  // On a terminal the categories are coloured, the words unchanged.
  const painted = summary(lighthouse(FIELD), colours);
  assert.match(painted, /INP {2}350 ms {2}needs improvement {2}lab is more optimistic/);
  assert.ok(painted.includes(colours.ok('good')), 'good in green');
});

test("the origin's data and desktop say so", () => {
  const text = summary(lighthouse({ ...FIELD, scope: 'origin', key: 'https://example.com', form_factor: 'DESKTOP' }));
  assert.match(
    text,
    /real users \(Chrome UX Report, desktop, origin https:\/\/example\.com, 2026-10-25 to 2026-11-21\)/,
  );
});

test('without field data one line says why; a test from before it prints nothing of it', () => {
  const line = (reason: string) =>
    summary(lighthouse({ available: false, reason }))
      .split('\n')
      .find((l) => l.startsWith('  real users'));
  assert.equal(line('no_api_key'), '  real users: off (the service has no Chrome UX Report API key)');
  assert.match(line('not_enough_data') ?? '', /too few Chrome users visited the page or its origin/);
  assert.match(line('rate_limited') ?? '', /quota was used up/);
  assert.match(line('api_error') ?? '', /API failed/);
  assert.doesNotMatch(summary(lighthouse(undefined)), /real users/);
});
