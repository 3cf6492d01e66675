// The report's "Real users" card (issue 48): each field metric's p75, shares, category and the verdict
// against the lab in words; one sentence when there is no field data; nothing for a test from before it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reportTest } from '../report/report-test-fixture.ts';
import { fieldSection } from './field-view.ts';
import { lighthouseBody } from './report.ts';

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
      good: 0.55,
      needs_improvement: 0.3,
      poor: 0.15,
      category: 'needs_improvement',
      lab_metric: 'tbt_ms',
      lab: 120,
      lab_category: 'good',
      verdict: 'lab_better',
    }),
    cls: metric({
      p75: 0.05,
      category: 'good',
      lab_metric: 'cls',
      lab: 0.3,
      lab_category: 'poor',
      verdict: 'field_better',
    }),
    fcp: metric({ p75: 1500, lab_metric: 'fcp_ms', lab: null, lab_category: null, verdict: null }),
    ttfb: null,
  },
};

const page = (field: unknown) => fieldSection(field).value;
/** The page's text as a reader (or a screen reader) gets it: tags gone, hidden SVG gone, spaces folded. */
const text = (html: string) =>
  html
    .replace(/<svg[\s\S]*?<\/svg>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
const item = (html: string, m: string) =>
  new RegExp(`<li class="field-metric" data-metric="${m}">[\\s\\S]*?</li>`).exec(html)?.[0] ?? '';

test('each field metric shows its p75, its shares in words and as a bar, its category, the lab figure and the verdict', () => {
  const html = page(FIELD);
  assert.match(html, /<h2 id="field">Real users \(Chrome UX Report\)<\/h2>/);
  const lcp = text(item(html, 'lcp'));
  assert.match(lcp, /Largest Contentful Paint \(LCP\) 2\.1 s good/);
  assert.match(lcp, /82 % good · 12 % needs improvement · 6 % poor/);
  assert.match(lcp, /Lab LCP: 2\.3 s, good/);
  assert.match(lcp, /Lab and field agree/);
  // The bar's segments are as wide as the shares, in order, and hidden from screen readers (the words say it).
  const bar = /<svg class="dist"[^>]*aria-hidden="true"[^>]*>([\s\S]*?)<\/svg>/.exec(item(html, 'lcp'))?.[1] ?? '';
  assert.deepEqual(
    [...bar.matchAll(/class="seg-(\w+)" x="([\d.]+)" y="0" width="([\d.]+)"/g)].map((m) => [m[1], m[2], m[3]]),
    [
      ['good', '0.0', '82.0'],
      ['needs_improvement', '82.0', '12.0'],
      ['poor', '94.0', '6.0'],
    ],
  );
  const inp = text(item(html, 'inp'));
  assert.match(inp, /Interaction to Next Paint \(INP\) 350 ms needs improvement/);
  assert.match(inp, /Lab TBT: 120 ms, good/);
  assert.match(inp, /Lab is more optimistic than real users/);
  const cls = text(item(html, 'cls'));
  assert.match(cls, /Cumulative Layout Shift \(CLS\) 0\.05 good/);
  assert.match(cls, /Real users fare better than the lab/);
  assert.match(text(item(html, 'fcp')), /Lab FCP: not measured No lab figure to compare with/);
  // CrUX had no TTFB: no box for it.
  assert.equal(item(html, 'ttfb'), '');
  const all = text(html);
  assert.match(all, /Chrome users on phones saw from 2026-10-25 to 2026-11-21/);
  assert.match(all, /this page’s own/);
  assert.match(all, /INP is set against Total Blocking Time/);
});

test("the origin's data says so, with the origin, and desktop reads as desktop", () => {
  const all = text(page({ ...FIELD, scope: 'origin', key: 'https://example.com', form_factor: 'DESKTOP' }));
  assert.match(all, /Chrome users on desktop computers saw/);
  assert.match(all, /the whole origin’s \(https:\/\/example\.com\): the page itself had too few visits/);
});

test('without field data, one sentence says why, for each reason', () => {
  const sentences = {
    no_api_key: /no Chrome UX Report API key configured \(CRUX_API_KEY\)/,
    not_enough_data: /not enough Chrome users visited it/,
    rate_limited: /quota was used up/,
    api_error: /API failed to answer/,
  };
  for (const [reason, words] of Object.entries(sentences)) {
    const html = page({ available: false, reason });
    assert.match(html, /Real users \(Chrome UX Report\)/, reason);
    assert.match(text(html), words, reason);
    assert.doesNotMatch(html, /field-metric/, reason);
  }
});

test('a test from before field data has no card, and hostile or odd values render as text or dashes', () => {
  assert.equal(page(undefined), '');
  assert.equal(page(null), '');
  assert.equal(page('nonsense'), '');
  const odd = page({
    available: true,
    scope: 'origin',
    key: '<script>alert(1)</script>',
    form_factor: 7,
    collection_period: null,
    metrics: { lcp: { p75: 'x', good: 3, verdict: '<b>' }, inp: [] },
  });
  assert.doesNotMatch(odd, /<script|<b>/);
  assert.match(odd, /&lt;script&gt;/);
  assert.match(text(odd), /from – to –/);
  // A share past 1 is drawn to the bar's end, never past it.
  assert.match(odd, /class="seg-good" x="0.0" y="0" width="100.0"/);
});

test('the lighthouse report shows the card right after the lab vitals', () => {
  const report = reportTest({
    performanceScore: 90,
    scores: { performance: 90 },
    vitals: { lcp_ms: 2300, cls: 0.3, tbt_ms: 120 },
    audits: [],
    result: { field: FIELD },
  });
  const html = lighthouseBody(report, [], null, () => '').value;
  const vitals = html.indexOf('<h2 id="vitals">');
  const field = html.indexOf('<h2 id="field">');
  assert.ok(vitals > -1 && field > vitals, 'field after the vitals');
  assert.ok(html.indexOf('<section', vitals) === html.indexOf('<section class="card field"'), 'and next to them');
});
