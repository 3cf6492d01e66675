import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lighthouseAssertionRules, measureLighthouse } from '../lighthouse/assertions.ts';
import { measureSeo, seoAssertionRules } from '../seo_crawl/assertions.ts';
import { measureUptime, uptimeAssertionRules } from '../uptime/assertions.ts';
import { judge, median, medianMeasure, parseAssertions } from './assertions.ts';

// The `assertions` of a real lighthouserc, as people paste them.
const LHCI = {
  'categories:performance': ['error', { minScore: 0.9 }],
  'categories:accessibility': ['warn', { minScore: 0.95 }],
  'largest-contentful-paint': ['error', { maxNumericValue: 2500 }],
  'cache-insight': 'warn',
  'resource-summary:script:size': ['error', { maxNumericValue: 300_000 }],
  'unused-javascript': ['warn', { maxLength: 2 }],
  'render-blocking-insight': 'off',
};

const lhr = {
  categories: { performance: { score: 0.62 }, accessibility: { score: 0.98 } },
  audits: {
    'largest-contentful-paint': { score: 0.4, numericValue: 3800 },
    'cache-insight': { score: 1 },
    'unused-javascript': { score: 0.5, details: { items: [{}, {}, {}] } },
    'resource-summary': {
      score: null,
      details: { items: [{ resourceType: 'script', transferSize: 120_000, requestCount: 3 }] },
    },
  },
};

test("a lighthouserc's assertions parse as Lighthouse CI reads them", () => {
  const parsed = parseAssertions(LHCI, lighthouseAssertionRules);
  assert.ok(parsed.ok);
  assert.deepEqual(
    parsed.assertions.map((a) => [a.key, a.level, a.operator, a.expected]),
    [
      ['categories:performance', 'error', 'minScore', 0.9],
      ['categories:accessibility', 'warn', 'minScore', 0.95],
      ['largest-contentful-paint', 'error', 'maxNumericValue', 2500],
      ['cache-insight', 'warn', 'minScore', 1],
      ['resource-summary:script:size', 'error', 'maxNumericValue', 300_000],
      ['unused-javascript', 'warn', 'maxLength', 2],
      ['render-blocking-insight', 'off', 'minScore', 1],
    ],
  );
});

test('judged against a run: failing error-level assertions fail the whole, warn-level ones do not, off is skipped', () => {
  const parsed = parseAssertions(LHCI, lighthouseAssertionRules);
  assert.ok(parsed.ok);
  const { results, passed } = judge(parsed.assertions, measureLighthouse(lhr));
  assert.equal(passed, false);
  const by = Object.fromEntries(results.map((r) => [`${r.key} ${r.operator}`, [r.actual, r.passed]]));
  assert.deepEqual(by, {
    'categories:performance minScore': [0.62, false],
    'categories:accessibility minScore': [0.98, true],
    'largest-contentful-paint maxNumericValue': [3800, false],
    'cache-insight minScore': [1, true],
    'resource-summary:script:size maxNumericValue': [120_000, true],
    'unused-javascript maxLength': [3, false],
  });
  // Only warnings fail: still passed.
  const warnOnly = parseAssertions({ 'unused-javascript': ['warn', { maxLength: 0 }] }, lighthouseAssertionRules);
  assert.ok(warnOnly.ok);
  assert.equal(judge(warnOnly.assertions, measureLighthouse(lhr)).passed, true);
  assert.equal(judge([], measureLighthouse(lhr)).passed, null, 'nothing asserted: null');
});

test('unknown keys and malformed values are refused, each naming its key', () => {
  const parsed = parseAssertions(
    {
      'categories:speed': ['error', { minScore: 0.9 }],
      'categories:performance': ['error', { minScore: 90 }],
      'first-contentful-paint': ['fatal', { maxNumericValue: 1 }],
      'resource-summary:script:weight': ['error', { maxNumericValue: 1 }],
      'total-blocking-time': ['error', { maxNumericValue: 'fast' }],
      'Not An Audit': 'error',
      'speed-index': ['error', { minNumericValue: 1 }],
    },
    lighthouseAssertionRules,
  );
  assert.ok(!parsed.ok);
  assert.deepEqual(parsed.problems.map((p) => p.key).sort(), [
    'Not An Audit',
    'categories:performance',
    'categories:speed',
    'first-contentful-paint',
    'resource-summary:script:weight',
    'speed-index',
    'total-blocking-time',
  ]);
  assert.ok(!parseAssertions([], lighthouseAssertionRules).ok);
});

test('an audit or category the Lighthouse we run does not have is refused, naming its successor or the nearest id; stored assertions keep it', () => {
  const parsed = parseAssertions(
    {
      'no-such-audit': 'error',
      'uses-long-cache-ttl': 'error',
      'larggest-contentful-paint': ['error', { maxNumericValue: 2500 }],
      'categories:perfomance': ['error', { minScore: 0.9 }],
      'agentic-browsing': 'off',
    },
    lighthouseAssertionRules,
  );
  assert.ok(!parsed.ok);
  assert.deepEqual(Object.fromEntries(parsed.problems.map((p) => [p.key, p.message])), {
    'no-such-audit': 'is not an audit of Lighthouse 13.5.0',
    'uses-long-cache-ttl': 'is not an audit of Lighthouse 13.5.0; its successor is "cache-insight"',
    'larggest-contentful-paint': 'is not an audit of Lighthouse 13.5.0; did you mean "largest-contentful-paint"?',
    'categories:perfomance':
      'is not a category of Lighthouse 13.5.0 (accessibility, agentic-browsing, best-practices, performance, seo); did you mean "categories:performance"?',
    'agentic-browsing': 'is not an audit of Lighthouse 13.5.0',
  });
  assert.ok(
    parseAssertions({ 'categories:agentic-browsing': ['warn', { minScore: 0.5 }] }, lighthouseAssertionRules).ok,
  );
  // A monitor's assertions, accepted before an upgrade took an audit away, still run (and fail when judged).
  const stored = parseAssertions({ 'uses-long-cache-ttl': 'error' }, lighthouseAssertionRules, { stored: true });
  assert.ok(stored.ok);
  assert.deepEqual(judge(stored.assertions, measureLighthouse(lhr)).passed, false);
});

test('seo_crawl and uptime have keys of their own, in the same form', () => {
  const seo = parseAssertions(
    {
      'seo:structure_score': ['error', { minScore: 0.8 }],
      'seo:issue:title_missing': 'error',
      'seo:issue:redirect_chain': ['warn', { maxLength: 1 }],
      'seo:issues:error': ['error', { maxNumericValue: 0 }],
    },
    seoAssertionRules,
  );
  assert.ok(seo.ok);
  const seoRun = measureSeo({
    structureScore: 72,
    issues: [
      { code: 'title_missing', severity: 'error', urls: ['https://e.com/a'] },
      { code: 'redirect_chain', severity: 'warning', urls: ['https://e.com/b'] },
    ],
  });
  assert.deepEqual(
    judge(seo.assertions, seoRun).results.map((r) => [r.key, r.actual, r.passed]),
    [
      ['seo:structure_score', 0.72, false],
      ['seo:issue:title_missing', 1, false],
      ['seo:issue:redirect_chain', 1, true],
      ['seo:issues:error', 1, false],
    ],
  );
  assert.ok(!parseAssertions({ 'seo:issue:no_such_code': 'error' }, seoAssertionRules).ok);

  const uptime = parseAssertions(
    {
      'uptime:up': 'error',
      'uptime:timings:total': ['error', { maxNumericValue: 500 }],
      'uptime:certificate:days_remaining': ['warn', { minNumericValue: 14 }],
    },
    uptimeAssertionRules,
  );
  assert.ok(uptime.ok);
  const up = measureUptime({ up: true, timings_ms: { total: 620 }, tls: { days_remaining: 30 } });
  const judged = judge(uptime.assertions, up);
  assert.deepEqual(
    judged.results.map((r) => [r.key, r.actual, r.passed]),
    [
      ['uptime:up', 1, true],
      ['uptime:timings:total', 620, false],
      ['uptime:certificate:days_remaining', 30, true],
    ],
  );
  assert.equal(judged.passed, false);
  assert.ok(!parseAssertions({ 'categories:performance': ['error', { minScore: 1 }] }, uptimeAssertionRules).ok);
});

test('a value that could not be measured fails its assertion', () => {
  const parsed = parseAssertions({ interactive: ['error', { maxNumericValue: 5000 }] }, lighthouseAssertionRules);
  assert.ok(parsed.ok);
  const { results, passed } = judge(parsed.assertions, measureLighthouse({ categories: {}, audits: {} }));
  assert.deepEqual([results[0]!.actual, results[0]!.passed, passed], [null, false, false]);
});

test('with several runs each assertion reads the median of the runs, leaving out runs that could not measure it', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([]), null);
  const run = (performance: number, lcp?: number) =>
    measureLighthouse({
      categories: { performance: { score: performance } },
      audits: lcp === undefined ? {} : { 'largest-contentful-paint': { score: 0.5, numericValue: lcp } },
    });
  const parsed = parseAssertions(
    {
      'categories:performance': ['error', { minScore: 0.8 }],
      'largest-contentful-paint': ['error', { maxNumericValue: 3000 }],
    },
    lighthouseAssertionRules,
  );
  assert.ok(parsed.ok);
  // Two of three runs pass the score (median 0.82); LCP's median of the two measured runs is 3100.
  const { results, passed } = judge(parsed.assertions, medianMeasure([run(0.95, 2800), run(0.7), run(0.82, 3400)]));
  assert.deepEqual(
    results.map((r) => [r.key, r.actual, r.passed]),
    [
      ['categories:performance', 0.82, true],
      ['largest-contentful-paint', 3100, false],
    ],
  );
  assert.equal(passed, false);
});

test('user-timing:<name>: a measure by its duration, a mark by its start (ms); a name the page did not record fails', () => {
  const timed = {
    categories: {},
    audits: {
      'user-timings': {
        score: 1,
        details: {
          items: [
            { name: 'boot', timingType: 'Measure', startTime: 12.5, duration: 180.25 },
            { name: 'boot', timingType: 'Mark', startTime: 12.5 },
            { name: 'ready', timingType: 'Mark', startTime: 192.75 },
          ],
        },
      },
    },
  };
  const parsed = parseAssertions(
    {
      'user-timing:boot': ['error', { maxNumericValue: 200 }],
      'user-timing:ready': ['error', { maxNumericValue: 150 }],
      'user-timing:never': ['warn', { maxNumericValue: 1000 }],
    },
    lighthouseAssertionRules,
  );
  assert.ok(parsed.ok);
  const { results } = judge(parsed.assertions, measureLighthouse(timed));
  assert.deepEqual(
    results.map((r) => [r.key, r.actual, r.passed]),
    [
      ['user-timing:boot', 180.25, true],
      ['user-timing:ready', 192.75, false],
      ['user-timing:never', null, false],
    ],
  );
  const minScore = parseAssertions({ 'user-timing:boot': ['error', { minScore: 1 }] }, lighthouseAssertionRules);
  assert.ok(!minScore.ok, 'a user timing is a time: maxNumericValue only');
});
