// Comparing two lighthouse tests (issue 48): both tests' field data side by side, in the deltas' JSON and
// on the compare page, never as a change and never as "[object Object]".
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CompareSubject } from '../compare/delta.ts';
import { compareView } from '../report/compare-view.ts';
import { reportTest } from '../report/report-test-fixture.ts';
import { lighthouseComparison } from './compare.ts';
import { fieldData } from './field.ts';

const metric = (p75: number, category: string, verdict: string | null, lab_metric = 'lcp_ms') => ({
  p75,
  good: 0.7,
  needs_improvement: 0.2,
  poor: 0.1,
  category,
  lab_metric,
  lab: verdict === null ? null : 2000,
  lab_category: verdict === null ? null : 'good',
  verdict,
});
const field = (lcp: number, lcpCategory: string, verdict: string) => ({
  available: true,
  scope: 'url',
  key: 'https://example.com/',
  form_factor: 'PHONE',
  collection_period: { first_date: '2026-10-25', last_date: '2026-11-21' },
  metrics: {
    lcp: metric(lcp, lcpCategory, verdict),
    inp: metric(180, 'good', 'agree', 'tbt_ms'),
    cls: null,
    fcp: null,
    ttfb: null,
  },
});

const subject = (result: unknown): CompareSubject => ({
  performanceScore: 80,
  structureScore: null,
  scores: { performance: 80 },
  vitals: { lcp_ms: 2000 },
  audits: [],
  seoIssues: null,
  result,
  runResults: null,
});

const HEAD = field(2900, 'needs_improvement', 'lab_better');
const BASE = field(2100, 'good', 'agree');

test("the deltas carry both tests' field data as stored, valid against the schema, and null for a test from before it", () => {
  const deltas = lighthouseComparison.compare(subject({ field: HEAD }), subject({ field: BASE }));
  assert.deepEqual(deltas.field, { head: HEAD, base: BASE });
  assert.doesNotThrow(() => lighthouseComparison.schema.parse(deltas));
  assert.doesNotThrow(() => fieldData.parse(HEAD));

  const older = lighthouseComparison.compare(subject({ field: HEAD }), subject({ requests: 3 }));
  assert.deepEqual(older.field, { head: HEAD, base: null });
  const unavailable = lighthouseComparison.compare(
    subject({ field: { available: false, reason: 'no_api_key' } }),
    subject(null),
  );
  assert.deepEqual(unavailable.field, { head: { available: false, reason: 'no_api_key' }, base: null });
  assert.doesNotThrow(() => lighthouseComparison.schema.parse(unavailable));
});

const report = (result: unknown) =>
  reportTest({
    performanceScore: 80,
    scores: { performance: 80 },
    vitals: { lcp_ms: 2000 },
    audits: [],
    result: result as Record<string, unknown>,
  });
const side = (result: unknown) => ({ test: report(result), artifacts: [], reportHref: '/r', href: () => '' });
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
/** A row of the field section's table (the deltas table has rows of the same names). */
const row = (html: string, name: string) => {
  const section = /<table class="field-compare">[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
  return text(new RegExp(`<tr[^>]*><th scope="row">${name}[\\s\\S]*?</tr>`).exec(section)?.[0] ?? '');
};

test('the compare page shows each metric of both tests side by side, base then head, with categories and verdicts', () => {
  const deltas = lighthouseComparison.compare(subject({ field: HEAD }), subject({ field: BASE }));
  const page = compareView(side({ field: HEAD }), side({ field: BASE }), deltas, '/r.css').value;
  assert.match(page, /<h2 id="field">Real users \(Chrome UX Report\)<\/h2>/);
  assert.doesNotMatch(page, /\[object Object\]/);
  assert.match(
    row(page, 'Largest Contentful Paint'),
    /LCP\) 2\.1 s good Lab and field agree 2\.9 s needs improvement Lab is more optimistic than real users/,
  );
  assert.match(row(page, 'Interaction to Next Paint'), /180 ms good Lab and field agree 180 ms good/);
  assert.equal(row(page, 'Cumulative Layout Shift'), '', 'no row for a metric neither test has');
  assert.match(row(page, 'Collected'), /2026-10-25 to 2026-11-21 on phones, this page’s own/);
  // The field data is not a figure of the deltas table.
  const table = /<table class="deltas">[\s\S]*?<\/table>/.exec(page)?.[0] ?? '';
  assert.doesNotMatch(table, /field|PHONE/i);
});

test('a side without field data says why; two tests from before field data have no section', () => {
  const deltas = lighthouseComparison.compare(
    subject({ field: { available: false, reason: 'not_enough_data' } }),
    subject({}),
  );
  const page = compareView(side({}), side({}), deltas, '/r.css').value;
  assert.match(row(page, 'Collected'), /Run before field data was recorded\. The Chrome UX Report has no data/);
  assert.match(row(page, 'Collected'), /not enough Chrome users/);
  const none = lighthouseComparison.compare(subject({}), subject({}));
  assert.doesNotMatch(compareView(side({}), side({}), none, '/r.css').value, /Real users/);
});
