// The report views on fixed results: stored JSON is the tested site's words and may be odd, so every
// value is escaped and nothing malformed breaks a page; ratings, rankings and advice on known inputs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { html } from '@pageprobe/html';
import { lighthouse } from '../lighthouse/definition.ts';
import { lighthouseBody } from '../lighthouse/report.ts';
import { MAX_WATERFALL_ROWS, waterfall, waterfallRows } from '../lighthouse/waterfall.ts';
import { seoReport as seoBody } from '../seo_crawl/report.ts';
import { uptimeReport as uptimeBody } from '../uptime/report.ts';
import { advise } from './advice.ts';
import { formatAssertion, formatMeasure } from './measure-format.ts';
import { layout } from './layout.ts';
import { failedBody } from './outcome.ts';
import type { ReportTest } from './report-test.ts';
import { reportTest as base } from './report-test-fixture.ts';

const HOSTILE = `<script>alert(1)</script>"><img src=x onerror=alert(2)>'&`;

/** No tag or attribute from the input survives: only our own markup. */
function assertInert(page: string) {
  assert.doesNotMatch(page, /<script|<img src=x|"><img/i);
  assert.match(
    page,
    /&lt;script&gt;alert\(1\)&lt;\/script&gt;&quot;&gt;&lt;img src=x onerror=alert\(2\)&gt;&#39;&amp;/,
  );
}

test('hostile words in stored results come out as text in every kind of report', () => {
  const lighthouse = lighthouseBody(
    base({
      grade: HOSTILE,
      scores: { performance: 50 },
      audits: [
        {
          id: HOSTILE,
          title: HOSTILE,
          category: HOSTILE,
          display_value: HOSTILE,
          score: 0,
          savings: { metrics: { LCP: 100 } },
        },
      ],
    }),
    [],
    waterfallRows({
      log: {
        entries: [
          {
            request: { url: HOSTILE },
            response: { status: 200 },
            timings: { wait: 5 },
            startedDateTime: '2026-11-22T10:00:00Z',
            time: 5,
          },
        ],
      },
    }),
    () => '/x',
  ).value;
  assertInert(lighthouse);
  const seo = seoBody(
    base({
      type: 'seo_crawl',
      seoIssues: [
        { code: HOSTILE, severity: 'error', title: HOSTILE, description: HOSTILE, urls: [HOSTILE], url_count: 3 },
      ],
      audits: {
        pages: [{ url: HOSTILE, status: 200, title: HOSTILE, depth: 0, issues: { error: 1 } }],
        ai_crawlers: [{ user_agent: HOSTILE, operator: HOSTILE, purpose: HOSTILE, access: HOSTILE, rule: HOSTILE }],
      },
      result: {
        robots_txt: { url: HOSTILE, state: HOSTILE, problems: [{ line: 2, message: HOSTILE }] },
        llms_txt: { state: 'present', title: HOSTILE, links: 1 },
        sitemaps: [{ url: HOSTILE, status: 200, kind: 'urlset', entries: 1, problems: [HOSTILE] }],
      },
    }),
  ).value;
  assertInert(seo);
  assert.match(seo, /and 2 more/);
  const uptime = uptimeBody(
    base({
      type: 'uptime',
      result: {
        up: false,
        reason: HOSTILE,
        error: HOSTILE,
        final_url: HOSTILE,
        redirects: [{ url: HOSTILE, status_code: 301 }],
        tls: {
          subject: HOSTILE,
          issuer: HOSTILE,
          valid_to: HOSTILE,
          days_remaining: 3,
          chain_valid: false,
          error: HOSTILE,
        },
      },
    }),
  ).value;
  assertInert(uptime);
  assertInert(failedBody(base({ status: 'failed', errorCode: HOSTILE, errorMessage: HOSTILE })).value);
});

test('malformed results render a page with dashes, never an exception', () => {
  const junk = [
    null,
    7,
    'text',
    [],
    [1, 'a', null],
    { log: 'no' },
    { up: 'yes', timings_ms: [], redirects: {}, tls: 'x' },
  ];
  for (const value of junk) {
    const odd = base({
      scores: value as never,
      vitals: value as never,
      audits: value,
      seoIssues: value,
      result: value as never,
    });
    assert.ok(lighthouseBody(odd, [], waterfallRows(value), () => '/x').value.includes('Web vitals'));
    assert.ok(seoBody({ ...odd, type: 'seo_crawl' }).value.includes('Crawled pages'));
    assert.ok(uptimeBody({ ...odd, type: 'uptime' }).value.includes('Verdict'));
  }
});

test('vitals are rated by the Core Web Vitals thresholds, inclusive of the good bound', () => {
  const rating = (vitals: Record<string, number>, label: string) => {
    const page = lighthouseBody(base({ vitals }), [], null, () => '/x').value;
    const item = page.split('<li class="vital">').find((li) => li.includes(label))!;
    return /class="badge \w+">([^<]+)</.exec(item)![1];
  };
  assert.equal(rating({ lcp_ms: 2500 }, '(LCP)'), 'good');
  assert.equal(rating({ lcp_ms: 2501 }, '(LCP)'), 'needs improvement');
  assert.equal(rating({ lcp_ms: 4001 }, '(LCP)'), 'poor');
  assert.equal(rating({ cls: 0.1 }, '(CLS)'), 'good');
  assert.equal(rating({ cls: 0.26 }, '(CLS)'), 'poor');
  assert.equal(rating({ inp_ms: 300 }, '(INP)'), 'needs improvement');
  assert.equal(rating({ fcp_ms: 1900 }, '(FCP)'), 'needs improvement');
  assert.equal(rating({ tbt_ms: 700 }, '(TBT)'), 'poor');
  assert.equal(rating({ ttfb_ms: 800 }, '(TTFB)'), 'good');
});

test('audits are ranked by estimated savings (Lighthouse 13 metric savings), not by their stored order', () => {
  const audit = (id: string, metrics: Record<string, number>, score = 0) => ({
    id,
    title: id,
    category: 'performance',
    score,
    savings: { ms: 0, bytes: 0, metrics },
  });
  const page = lighthouseBody(
    base({
      audits: [
        audit('none', {}),
        audit('fcp-100', { FCP: 100 }),
        audit('lcp-900', { LCP: 900 }),
        audit('tbt-300', { TBT: 300 }),
        audit('cls', { CLS: 0.05 }),
      ],
    }),
    [],
    null,
    () => '/x',
  ).value;
  const order = [...page.matchAll(/data-audit="([^"]+)"/g)].map((m) => m[1]);
  // weights: LCP 900/250 = 3.6, TBT 300/100 = 3, CLS 40 × 0.05 = 2, FCP 100/250 = 0.4
  assert.deepEqual(order, ['lcp-900', 'tbt-300', 'cls', 'fcp-100', 'none']);
  assert.match(page, /LCP 900 ms/);
});

test('the waterfall has one row per HAR entry, by start time, with phases from the timings', () => {
  const entry = (url: string, at: number, timings: Record<string, number>, status = 200) => ({
    request: { url },
    response: { status, _transferSize: 1000 },
    startedDateTime: new Date(Date.UTC(2026, 10, 22, 10) + at).toISOString(),
    _requestTime: 100 + at / 1000,
    time: Object.values(timings)
      .filter((v) => v > 0)
      .reduce((a, b) => a + b, 0),
    timings,
  });
  const { rows } = waterfallRows({
    log: {
      entries: [
        entry('https://example.com/b.css', 120, {
          blocked: 1,
          dns: -1,
          connect: -1,
          ssl: -1,
          send: 0,
          wait: 50,
          receive: 5,
        }),
        entry('https://example.com/', 0, { dns: 10, connect: 30, ssl: 20, send: 1, wait: 80, receive: 9 }),
        entry('https://cdn.example.net/x.js', 130, { wait: 10 }, 0),
      ],
    },
  });
  assert.deepEqual(
    rows.map((r) => [r.url, r.startMs]),
    [
      ['https://example.com/', 0],
      ['https://example.com/b.css', 120],
      ['https://cdn.example.net/x.js', 130],
    ],
  );
  // connect includes ssl in HAR: shown apart.
  assert.deepEqual(
    rows[0]!.phases.filter((p) => p.ms > 0),
    [
      { phase: 'dns', ms: 10 },
      { phase: 'connect', ms: 10 },
      { phase: 'ssl', ms: 20 },
      { phase: 'send', ms: 1 },
      { phase: 'wait', ms: 80 },
      { phase: 'receive', ms: 9 },
    ],
  );
  assert.equal(rows[2]!.status, 0);
});

test('a HAR of 5,000 requests draws the first 300 by start time and says how many there were', () => {
  const entries = Array.from({ length: 5_000 }, (_, i) => ({
    request: { url: `https://example.com/r${4_999 - i}` },
    response: { status: 200, bodySize: 10 },
    startedDateTime: new Date(Date.UTC(2026, 10, 22) + (4_999 - i)).toISOString(),
    time: 1,
    timings: { wait: 1 },
  }));
  const requests = waterfallRows({ log: { entries } });
  assert.equal(requests.total, 5_000);
  assert.equal(requests.rows.length, MAX_WATERFALL_ROWS);
  assert.equal(requests.rows[0]!.url, 'https://example.com/r0');
  const page = waterfall(requests, 'https://example.com/').value;
  assert.match(page, /The first 300 of 5000 requests \(the whole list is in the HAR file\)/);
  assert.equal(page.match(/<tr>/g)?.length, 301, 'a header row and 300 requests');
});

test('assertions come first in a finished report: the verdict, then each one with what was measured', () => {
  const page = layout(
    base({
      passed: false,
      assertionResults: [
        {
          key: 'categories:performance',
          level: 'error',
          operator: 'minScore',
          expected: 0.9,
          actual: 0.62,
          passed: false,
        },
        { key: HOSTILE, level: 'warn', operator: 'maxLength', expected: 0, actual: 3, passed: false },
        {
          key: 'largest-contentful-paint',
          level: 'error',
          operator: 'maxNumericValue',
          expected: 2500,
          actual: 1800,
          passed: true,
        },
      ],
    }),
    { css: '/c.css', json: '/j' },
    html`<section id="kind-body"></section>`,
  ).value;
  assertInert(page);
  assert.ok(page.indexOf('Assertions failed') < page.indexOf('kind-body'), "before the kind's own report");
  assert.match(
    page,
    /categories:performance<\/code><\/td><td>error<\/td><td class="num">≥ 90<\/td><td class="num">62<\/td><td class="poor">failed/,
  );
  assert.match(page, /<td class="good">passed<\/td>/);
  const none = layout(base({}), { css: '/c.css', json: '/j' }, html``).value;
  assert.doesNotMatch(none, /Assertions/);
});

test('failures are explained in plain words, http_error by its status', () => {
  assert.match(
    advise(lighthouse.failures, 'http_error', 'Lighthouse was unable to reliably load the page (Status code: 404)')
      .what,
    /not found \(HTTP 404\)/,
  );
  assert.match(advise(lighthouse.failures, 'http_error', 'HTTP 503').what, /server failed/);
  assert.match(advise(lighthouse.failures, 'http_error', null).what, /error status/);
  assert.match(advise(lighthouse.failures, 'dns_error', null).tryThis, /DNS records/);
  assert.match(advise(lighthouse.failures, 'something_new', null).what, /could not be completed/);
  for (const code of [
    'dns_error',
    'connection_failed',
    'connection_refused',
    'connection_reset',
    'timeout',
    'tls_error',
    'url_not_allowed',
    'no_first_paint',
    'no_largest_paint',
    'page_hung',
    'not_html',
    'interstitial',
    'page_error',
    'internal_error',
  ]) {
    assert.doesNotMatch(advise(lighthouse.failures, code, null).what, /could not be completed/, code);
  }
});

test('a test of several runs lists each, marks the representative one and shows the spread; one run shows none', () => {
  const vitals = (lcp: number) => ({ lcp_ms: lcp, fcp_ms: 900, tbt_ms: 120, interactive_ms: 3100, cls: 0 });
  const runs = [
    { index: 1, performance_score: 71, vitals: vitals(4100), representative: false },
    { index: 2, performance_score: 78, vitals: vitals(3200), representative: true },
    { index: 3, performance_score: 83, vitals: vitals(2900), representative: false },
  ];
  const page = lighthouseBody(
    base({ runResults: runs, spread: { min: 71, max: 83, stddev: 6.03 } }),
    [],
    null,
    () => '',
  ).value;
  assert.match(page, /<h2 id="runs">3 runs<\/h2>/);
  assert.match(page, /Performance from 71 to 83 \(standard deviation 6\.0\)/);
  assert.match(page, /the assertions are judged on the median of the 3 runs/);
  const rows = [...page.matchAll(/<tr( class="representative")?><td>(\d)/g)];
  assert.deepEqual(
    rows.map((m) => [m[2], Boolean(m[1])]),
    [
      ['1', false],
      ['2', true],
      ['3', false],
    ],
  );
  assert.match(page, /<td class="num">3\.2 s<\/td>/);
  assert.equal(page.match(/<circle /g)?.length, 3);
  const single = lighthouseBody(
    base({ runResults: [runs[1]], spread: { min: 78, max: 78, stddev: 0 } }),
    [],
    null,
    () => '',
  );
  assert.doesNotMatch(single.value, /id="runs"/);
});

const assertion = (key: string, operator: string, expected: number, actual: number | null, passed: boolean) => ({
  key,
  level: 'error',
  operator,
  expected,
  actual,
  passed,
});
/** The Expected and Measured cells of an assertion's row in the report. */
function cells(page: string, key: string): [string, string] {
  const row = page.split('<tr>').find((tr) => tr.includes(`<code>${key}</code>`))!;
  const [, expected, measured] = /<td class="num">([^<]*)<\/td><td class="num">([^<]*)<\/td>/.exec(row)!;
  return [expected!, measured!];
}
const judged = (results: unknown[], over: Partial<ReportTest> = {}) =>
  layout(base({ passed: true, assertionResults: results, ...over }), { css: '/c.css', json: '/j' }, html``).value;

test('assertions show their figures in their unit: a timing in ms or s, never its raw digits', () => {
  const page = judged([
    assertion('first-contentful-paint', 'maxNumericValue', 1800, 872.8331000000001, true),
    assertion('largest-contentful-paint', 'maxNumericValue', 2450, 2549.2, false),
    assertion('uptime:timings:total', 'maxNumericValue', 500, 123.456, true),
    assertion('cumulative-layout-shift', 'maxNumericValue', 0.1, 0.123456, false),
    assertion('total-byte-weight', 'maxNumericValue', 1_600_000, 1_234_567.5, true),
    assertion('resource-summary:script:size', 'maxNumericValue', 300_000, 1500, true),
    assertion('resource-summary:total:count', 'maxNumericValue', 50, 42.5, true),
    assertion('seo:issue:missing_title', 'maxLength', 0, 3, false),
    assertion('uptime:certificate:days_remaining', 'minNumericValue', 14, 61, true),
    assertion('uptime:up', 'minScore', 1, 0, false),
  ]);
  assert.doesNotMatch(page, /872\.83|8331|123\.456|0\.123456|1234567/);
  assert.deepEqual(cells(page, 'first-contentful-paint'), ['≤ 1.8 s', '873 ms']);
  // A threshold that is not a tenth of a second is shown as it is, and the figure as precisely.
  assert.deepEqual(cells(page, 'largest-contentful-paint'), ['≤ 2450 ms', '2549 ms']);
  assert.deepEqual(cells(page, 'uptime:timings:total'), ['≤ 500 ms', '123 ms']);
  assert.deepEqual(cells(page, 'cumulative-layout-shift'), ['≤ 0.1', '0.123']);
  assert.deepEqual(cells(page, 'total-byte-weight'), ['≤ 1.5 MB', '1.2 MB']);
  assert.deepEqual(cells(page, 'resource-summary:script:size'), ['≤ 293.0 kB', '1.5 kB']);
  assert.deepEqual(cells(page, 'resource-summary:total:count'), ['≤ 50', '43']);
  assert.deepEqual(cells(page, 'seo:issue:missing_title'), ['items ≤ 0', '3']);
  assert.deepEqual(cells(page, 'uptime:certificate:days_remaining'), ['≥ 14 days', '61 days']);
  assert.deepEqual(cells(page, 'uptime:up'), ['up', 'down']);
});

test('score assertions show 0-100 integers, as the rest of the report shows scores', () => {
  const page = judged([
    assertion('categories:performance', 'minScore', 0.9, 0.87, false),
    assertion('categories:accessibility', 'minScore', 0.95, 0.9800000000000001, true),
    assertion('seo:structure_score', 'minScore', 0.8, 0.83, true),
    assertion('errors-in-console', 'minScore', 1, 0, false),
    assertion('uses-http2', 'minScore', 0.5, null, false),
  ]);
  assert.deepEqual(cells(page, 'categories:performance'), ['≥ 90', '87']);
  assert.deepEqual(cells(page, 'categories:accessibility'), ['≥ 95', '98']);
  assert.deepEqual(cells(page, 'seo:structure_score'), ['≥ 80', '83']);
  assert.deepEqual(cells(page, 'errors-in-console'), ['≥ 100', '0']);
  assert.deepEqual(cells(page, 'uses-http2'), ['≥ 50', '–']);
  assert.doesNotMatch(page, /0\.87|0\.98/);
});

test('a rounded figure never seems to contradict its verdict: it gets the precision it needs', () => {
  const shown = (key: string, operator: string, expected: number, actual: number) =>
    Object.values(formatAssertion(key, operator, expected, actual));
  // The median of two runs' scores, 0.89 and 0.90, fails ≥ 0.9: not "90".
  assert.deepEqual(shown('categories:performance', 'minScore', 0.9, 0.895), ['≥ 90', '89.5']);
  assert.deepEqual(shown('categories:performance', 'minScore', 0.9, 0.9), ['≥ 90', '90']);
  // 2549 ms fails ≤ 2.5 s: not "2.5 s".
  assert.deepEqual(shown('largest-contentful-paint', 'maxNumericValue', 2500, 2549), ['≤ 2500 ms', '2549 ms']);
  assert.deepEqual(shown('largest-contentful-paint', 'maxNumericValue', 2500, 3210), ['≤ 2.5 s', '3.2 s']);
  assert.deepEqual(shown('cumulative-layout-shift', 'maxNumericValue', 0.1, 0.1004), ['≤ 0.1', '0.1004']);
  assert.deepEqual(shown('total-byte-weight', 'maxNumericValue', 1_600_000, 1_600_010), ['≤ 1600000 B', '1600010 B']);
  assert.equal(formatMeasure('first-contentful-paint', 'maxNumericValue', null), '–');
  assert.equal(formatMeasure('first-contentful-paint', 'maxNumericValue', 872.8331000000001), '873 ms');
});

test('a test of several runs says its assertions are judged on the median, its figures are the representative run', () => {
  const runs = [1, 2, 3].map((index) => ({
    index,
    performance_score: 80 + index,
    vitals: { fcp_ms: 800 + 50 * index },
    representative: index === 3,
  }));
  const results = [assertion('first-contentful-paint', 'maxNumericValue', 1800, 872.8331000000001, true)];
  const page = judged(results, { runResults: runs, spread: { min: 81, max: 83, stddev: 1 } });
  assert.match(page, /judged on the median of the 3 runs/);
  assert.match(page, /scores, vitals, filmstrip and audits below are those of the representative run/);
  assert.match(page, /<th scope="col" class="num">Median of 3 runs<\/th>/);
  assert.deepEqual(cells(page, 'first-contentful-paint'), ['≤ 1.8 s', '873 ms']);
  const once = judged(results, { runResults: [runs[2]] });
  assert.doesNotMatch(once, /median/i);
  assert.match(once, /<th scope="col" class="num">Measured<\/th>/);
});
