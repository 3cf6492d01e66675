import { lighthouseAssertionRules } from './assertions.ts';
import { lighthouseComparison, userTimingMetrics } from './compare.ts';
import { defineKind } from '../kind.ts';
import { field } from '../monitor/monitor-traits.ts';
import { COMMON_FAILURES } from '../report/advice.ts';
import { lighthouseMonitorPage } from './monitor-page.ts';
import { LIGHTHOUSE_OPTIONS } from './options.ts';
import { checkFlowSteps } from './steps.ts';
import { lighthouseReport } from './report.ts';
import { lighthouseAudits, lighthouseResult } from './result.ts';
import { httpTarget } from '../target/kind-target.ts';

/** The speed test: Lighthouse in a warm Chromium, with screenshots, a filmstrip and a HAR. */
export const lighthouse = defineKind({
  name: 'lighthouse',
  title: 'Speed test',
  word: 'Lighthouse',
  offer: 'performance, accessibility, SEO',
  usesDevice: true,
  job: { queue: 'test-lighthouse', attempts: 2 },
  cost: { free: 0, pro: 1 },
  maxRuns: 5,
  inFlight: { free: 1, pro: 4 },
  allowance: { plan: 'free', windowSeconds: 3600 },
  // One run per process, and no more may be asked for: two Lighthouse runs in one Node process and one
  // Chromium fail ("An internal Chrome error occurred": Lighthouse traces the whole browser; issue 19's
  // fleet bench), and Lighthouse's maintainers do not support concurrent runs in one process
  // (GoogleChrome/lighthouse#7104). Throughput comes from more browser workers.
  concurrency: { variable: 'LIGHTHOUSE_CONCURRENCY', default: 1, min: 1, max: 1 },
  budget: { variable: 'LIGHTHOUSE_TIMEOUT_MS', default: 90_000, min: 5_000, slackMs: 0 },
  result: lighthouseResult,
  audits: lighthouseAudits,
  assertionRules: lighthouseAssertionRules,
  typicalSeconds: 8,
  options: LIGHTHOUSE_OPTIONS,
  checkSteps: checkFlowSteps,
  target: httpTarget,
  monitor: {
    minIntervalSeconds: { free: 3600 },
    score: (t) => t.performanceScore,
    metrics: {
      performance_score: (t) => t.performanceScore,
      structure_score: (t) => t.structureScore,
      accessibility: field((t) => t.scores, 'accessibility'),
      best_practices: field((t) => t.scores, 'best_practices'),
      seo: field((t) => t.scores, 'seo'),
      'agentic-browsing': field((t) => t.scores, 'agentic-browsing'),
      ...Object.fromEntries(
        ['lcp_ms', 'fcp_ms', 'cls', 'tbt_ms', 'speed_index_ms', 'ttfb_ms', 'interactive_ms'].map((v) => [
          v,
          field((t) => t.vitals, v),
        ]),
      ),
      requests: field((t) => t.result, 'requests'),
      transfer_bytes: field((t) => t.result, 'resources', 'total', 'transfer_bytes'),
    },
    namedMetrics: { pattern: /^user_timing:.{1,200}$/, read: userTimingMetrics, hint: 'user_timing:<name>' },
    page: lighthouseMonitorPage,
  },
  comparison: lighthouseComparison,
  failures: {
    ...COMMON_FAILURES,
    no_first_paint: {
      what: 'The page never showed anything on screen.',
      tryThis:
        'Check for a blank page while loading: scripts that block rendering, content hidden until a script runs, a redirect that never ends.',
    },
    no_largest_paint: {
      what: 'The page never showed its main content.',
      tryThis: 'Check that the content appears without anyone clicking or scrolling.',
    },
    page_hung: {
      what: 'The page stopped responding while loading.',
      tryThis: 'Look for scripts stuck in a loop or doing very heavy work as the page loads.',
    },
    not_html: {
      what: 'The address does not serve a web page.',
      tryThis: 'Test the address of an HTML page, not of a file, an image or an API.',
    },
    interstitial: {
      what: 'The browser showed a warning page instead of the site.',
      tryThis: 'Fix what the browser warns about, usually the HTTPS certificate.',
    },
    step_failed: {
      what: 'A step of the user flow could not be done: what it waited for never appeared.',
      tryThis:
        'Check the step’s selector against the page at that point of the flow (after the steps before it), and that the element is visible.',
    },
    page_error: {
      what: 'The browser could not load the page properly.',
      tryThis: 'Open the address in a browser and check the developer console for errors, then test again.',
    },
  },
  report: lighthouseReport,
});
