// What an assistant reads of a lighthouse test's field data (issue 48): get_test's and run_test's text
// names each field p75 beside the lab's with the verdict; compare_tests' the p75s of both tests. The
// structured content is the API's answer, field included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Comparison, Test } from '@pageprobe/client';
import { describeComparison, describeTest } from './describe.ts';

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
const field = (lcp: number, category: string, verdict: string) => ({
  available: true,
  scope: 'origin',
  key: 'https://example.com',
  form_factor: 'PHONE',
  collection_period: { first_date: '2026-10-25', last_date: '2026-11-21' },
  metrics: {
    lcp: metric({ p75: lcp, category, verdict, lab_category: 'good' }),
    inp: metric({ p75: 350, category: 'needs_improvement', lab_metric: 'tbt_ms', lab: 120, verdict: 'lab_better' }),
    cls: null,
    fcp: null,
    ttfb: null,
  },
});

const lighthouse = (f: unknown) =>
  ({
    id: 't1',
    type: 'lighthouse',
    url: 'https://example.com/',
    status: 'completed',
    error: null,
    scores: { performance: 91 },
    grade: 'A',
    structure_score: null,
    vitals: { lcp_ms: 2300, tbt_ms: 120 },
    result: { final_url: 'https://example.com/', requests: 1, blocked_requests: [], warnings: [], field: f },
    passed: null,
    report_url: 'https://pageprobe.test/reports/r',
  }) as unknown as Test;

test("a lighthouse test's text gives each field p75, its category and the verdict against the lab", () => {
  const text = describeTest(lighthouse(field(2100, 'good', 'agree')));
  assert.match(
    text,
    /\nfield data \(real users, Chrome UX Report p75 on phones, the origin https:\/\/example\.com \(the page has too few visits\), 2026-10-25 to 2026-11-21\): LCP 2100 ms good \(lab and field agree: lab LCP 2300 ms good\), INP 350 ms needs improvement \(lab is more optimistic than real users: lab TBT 120 ms good\)\n/,
  );
  assert.match(
    describeTest(lighthouse({ available: false, reason: 'no_api_key' })),
    /\nfield data \(real users\): off: the service has no Chrome UX Report API key\n/,
  );
  assert.doesNotMatch(describeTest(lighthouse(undefined)), /field data/);
});

test("a comparison's text gives both tests' field p75s, not as changes", () => {
  const comparison = {
    type: 'lighthouse',
    head: { url: 'https://example.com/' },
    base: { url: 'https://example.com/' },
    deltas: {
      scores: {},
      vitals: {},
      field: { head: field(2900, 'needs_improvement', 'lab_better'), base: field(2100, 'good', 'agree') },
    },
    report_url: 'https://pageprobe.test/reports/r/compare/b',
  } as unknown as Comparison;
  const text = describeComparison(comparison);
  assert.match(
    text,
    /\nno significant change\nfield p75 \(real users, not counted as changes\): LCP 2100 ms → 2900 ms \(needs improvement\), INP 350 ms → 350 ms \(needs improvement\)\n/,
  );
  const older = { ...comparison, deltas: { ...comparison.deltas, field: { head: null, base: null } } } as Comparison;
  assert.doesNotMatch(describeComparison(older), /field/);
});
