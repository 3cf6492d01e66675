import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lighthouseComparison } from '../lighthouse/compare.ts';
import { kindNamed } from '../registry.ts';
import { seoComparison } from '../seo_crawl/compare.ts';
import { type CompareSubject, delta, runRange, THRESHOLDS } from './delta.ts';

const subject = (over: Partial<CompareSubject>): CompareSubject => ({
  performanceScore: null,
  structureScore: null,
  scores: null,
  vitals: null,
  audits: null,
  seoIssues: null,
  result: null,
  runResults: null,
  ...over,
});

test('a delta is head − base, significant past its threshold, better or worse by the direction that is good', () => {
  assert.deepEqual(delta(80, 90, 'higher', THRESHOLDS.score), {
    head: 80,
    base: 90,
    delta: -10,
    significant: true,
    change: 'worse',
  });
  assert.equal(delta(88, 90, 'higher', THRESHOLDS.score).change, 'same', 'within 5 points');
  assert.equal(delta(90, 95, 'higher', THRESHOLDS.score).change, 'same', '5 points is not past 5');
  // Timings: 10 % of the base, at least 100 ms.
  assert.equal(delta(2150, 2000, 'lower', THRESHOLDS.ms).change, 'same');
  assert.equal(delta(2250, 2000, 'lower', THRESHOLDS.ms).change, 'worse');
  assert.equal(delta(150, 40, 'lower', THRESHOLDS.ms).change, 'worse');
  assert.equal(delta(120, 40, 'lower', THRESHOLDS.ms).change, 'same');
  assert.equal(delta(1, 2, 'lower', THRESHOLDS.count).change, 'better');
  assert.equal(delta(0.12, 0.1, 'lower', THRESHOLDS.cls).change, 'same');
  assert.equal(delta(0.121, 0.1, 'lower', THRESHOLDS.cls).change, 'worse');
  assert.deepEqual(delta(null, 3, 'lower', 0), {
    head: null,
    base: 3,
    delta: null,
    significant: false,
    change: 'same',
  });
});

test("with several runs on both sides, a change must exceed the runs' own spread", () => {
  const runs = (...scores: number[]) => scores.map((s) => ({ performance_score: s, vitals: { lcp_ms: 2000 + s } }));
  assert.equal(
    runRange(runs(70, 80, 75), (r) => r.performance_score),
    10,
  );
  assert.equal(
    runRange(runs(70), (r) => r.performance_score),
    null,
  );
  const noisy = lighthouseComparison.compare(
    subject({ scores: { performance: 68 }, runResults: runs(60, 68, 75) }),
    subject({ scores: { performance: 76 }, runResults: runs(74, 76, 79) }),
  ) as any;
  // 8 points down, but head's runs spread over 15: noise. With single runs 8 points counts.
  assert.equal(noisy.scores.performance.change, 'same');
  const single = lighthouseComparison.compare(
    subject({ scores: { performance: 68 } }),
    subject({ scores: { performance: 76 } }),
  ) as any;
  assert.equal(single.scores.performance.change, 'worse');
  const steady = lighthouseComparison.compare(
    subject({ scores: { performance: 68 }, runResults: runs(67, 68, 69) }),
    subject({ scores: { performance: 76 }, runResults: runs(75, 76, 77) }),
  ) as any;
  assert.equal(steady.scores.performance.change, 'worse');
});

test('lighthouse: audits that got worse and better, resources per type', () => {
  const audits = (list: Array<[string, number]>) => list.map(([id, score]) => ({ id, title: id.toUpperCase(), score }));
  const out = lighthouseComparison.compare(
    subject({
      audits: audits([
        ['render-blocking', 0.2],
        ['unused-js', 0.5],
      ]),
      result: {
        resources: { script: { requests: 4, transfer_bytes: 90_000 }, image: { requests: 1, transfer_bytes: 1000 } },
      },
    }),
    subject({
      audits: audits([
        ['unused-js', 0.4],
        ['unsized-images', 0.5],
      ]),
      result: { resources: { script: { requests: 2, transfer_bytes: 30_000 } } },
    }),
  ) as any;
  assert.deepEqual(
    out.audits.worse.map((a: any) => [a.id, a.head_score, a.base_score]),
    [['render-blocking', 0.2, null]],
  );
  assert.deepEqual(
    out.audits.better.map((a: any) => [a.id, a.head_score, a.base_score]),
    [
      ['unsized-images', null, 0.5],
      ['unused-js', 0.5, 0.4],
    ],
  );
  assert.deepEqual([out.resources.script.requests.delta, out.resources.script.transfer_bytes.change], [2, 'worse']);
  assert.deepEqual([out.resources.image.requests.delta, out.resources.image.requests.base], [1, 0]);
  // A test from before the resource summary: nothing to compare, not zeros.
  const old = lighthouseComparison.compare(subject({ result: {} }), subject({ result: { resources: {} } })) as any;
  assert.deepEqual(old.resources, {});
});

test('seo_crawl: new, fixed and changed issue codes, errors first', () => {
  const issue = (code: string, severity: string, url_count: number) => ({ code, severity, title: code, url_count });
  const out = seoComparison.compare(
    subject({
      structureScore: 70,
      seoIssues: [
        issue('title_missing', 'error', 2),
        issue('meta_description_missing', 'warning', 5),
        issue('z_notice', 'notice', 1),
      ],
    }),
    subject({
      structureScore: 80,
      seoIssues: [issue('meta_description_missing', 'warning', 3), issue('broken_internal_link', 'error', 1)],
    }),
  ) as any;
  assert.deepEqual(
    out.issues.new.map((i: any) => i.code),
    ['title_missing', 'z_notice'],
  );
  assert.deepEqual(
    out.issues.fixed.map((i: any) => i.code),
    ['broken_internal_link'],
  );
  assert.deepEqual(out.issues.changed, [
    {
      code: 'meta_description_missing',
      severity: 'warning',
      title: 'meta_description_missing',
      head_urls: 5,
      base_urls: 3,
    },
  ]);
  assert.equal(out.structure_score.change, 'worse');
});

test('lighthouse: User Timing deltas by name (a measure’s duration, a mark’s start); a name on one side only has no delta', () => {
  const timings = (...list: Array<[string, 'mark' | 'measure', number, number | null]>) =>
    subject({
      result: {
        user_timings: list.map(([name, kind, start_ms, duration_ms]) => ({ name, kind, start_ms, duration_ms })),
      },
    });
  const out = lighthouseComparison.compare(
    timings(['boot', 'measure', 10, 900], ['ready', 'mark', 1500, null], ['new', 'mark', 5, null]),
    timings(['boot', 'measure', 10, 300], ['ready', 'mark', 1450, null]),
  ) as any;
  assert.deepEqual(
    [out.user_timings.boot.delta, out.user_timings.boot.change],
    [600, 'worse'],
    'a measure 600 ms longer',
  );
  assert.deepEqual([out.user_timings.ready.delta, out.user_timings.ready.change], [50, 'same']);
  assert.deepEqual([out.user_timings.new.head, out.user_timings.new.base, out.user_timings.new.delta], [5, null, null]);
});

test('lighthouse monitors plot each User Timing as user_timing:<name>, and take no other made-up name', () => {
  const { namedMetrics } = kindNamed('lighthouse').monitor;
  const run = subject({
    result: {
      user_timings: [
        { name: 'boot', kind: 'measure', start_ms: 10, duration_ms: 250 },
        { name: 'ready', kind: 'mark', start_ms: 260, duration_ms: null },
      ],
    },
  });
  assert.deepEqual(namedMetrics?.read(run), { 'user_timing:boot': 250, 'user_timing:ready': 260 });
  assert.ok(namedMetrics?.pattern.test('user_timing:boot'));
  assert.ok(!namedMetrics?.pattern.test('user_timing:'));
  assert.ok(!namedMetrics?.pattern.test('lcp'));
  assert.equal(kindNamed('uptime').monitor.namedMetrics, undefined);
});

test('lighthouse: the agentic-browsing score is compared like the other categories', () => {
  const out = lighthouseComparison.compare(
    subject({ scores: { performance: 90, 'agentic-browsing': 100 } }),
    subject({ scores: { performance: 90, 'agentic-browsing': 67 } }),
  ) as any;
  assert.deepEqual([out.scores['agentic-browsing'].delta, out.scores['agentic-browsing'].change], [33, 'better']);
});
