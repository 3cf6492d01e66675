import type { CompareSubject } from '../compare/delta.ts';
import { defineKind } from '../kind.ts';
import { field, checkFailure, upMetric } from '../monitor/monitor-traits.ts';
import { httpTarget } from '../target/kind-target.ts';
import { browserAssertionRules } from './assertions.ts';
import { browserComparison } from './compare.ts';
import { browserFailures } from './failures.ts';
import { browserMonitorPage } from './monitor-page.ts';
import { browserReport } from './report.ts';
import { browserAudits, browserResult } from './result.ts';
import { BROWSER_RUN_MS, type BrowserStep, checkBrowserSteps } from './steps.ts';
import { budgetRegression } from './budget-regression.ts';

/** Each step that ran, its time by name (a skipped step has none). */
const stepTimes = (t: CompareSubject): Record<string, number> =>
  Object.fromEntries(
    ((t.result as { steps?: Array<{ name: string; status: string; duration_ms: number }> } | null)?.steps ?? [])
      .filter((s) => s.status !== 'skipped')
      .map((s) => [`step:${s.name}`.slice(0, 105), s.duration_ms]),
  );

/** The first step (the test URL's load), whose vitals a monitor plots. */
const firstLoad = (name: string) =>
  field((t) => (t.result as { steps?: unknown[] } | null)?.steps?.[0], 'navigation', name);

/**
 * A browser check (issue 59): a journey of steps through a site in the browser workers' Chromium, with
 * Puppeteer and no Lighthouse, each step timed and measured; a failed one named, with its screenshot.
 */
export const browser = defineKind({
  name: 'browser',
  title: 'Browser check',
  word: 'Browser',
  offer: 'a journey through the site still works, step by step',
  usesDevice: true,
  job: { queue: 'test-browser', attempts: 2 },
  cost: { free: 1, pro: 1 },
  maxRuns: 1,
  inFlight: { free: 1, pro: 4 },
  // A page's work each: a few at once share one Chromium, each in its own context.
  concurrency: { variable: 'BROWSER_CHECK_CONCURRENCY', default: 2, min: 1, max: 16 },
  budget: { variable: 'BROWSER_CHECK_TIMEOUT_MS', default: BROWSER_RUN_MS, min: 5_000, slackMs: 15_000 },
  result: browserResult,
  audits: browserAudits,
  assertionRules: browserAssertionRules,
  typicalSeconds: 5,
  options: ['steps'],
  checkSteps: (steps) => checkBrowserSteps(steps as BrowserStep[]),
  target: httpTarget,
  monitor: {
    minIntervalSeconds: { free: 3600 },
    failure: checkFailure,
    failureMessage: (t) => {
      const r = t.result as { error?: string | null; over_budget?: Array<{ message: string }> } | null;
      return r?.error ?? r?.over_budget?.[0]?.message ?? null;
    },
    regression: budgetRegression,
    metrics: {
      up: upMetric,
      duration_ms: field((t) => t.result, 'duration_ms'),
      ttfb_ms: firstLoad('ttfb_ms'),
      fcp_ms: firstLoad('fcp_ms'),
      lcp_ms: firstLoad('lcp_ms'),
      requests_failed: field((t) => t.result, 'requests_failed'),
    },
    // Each step's time by its name (issue 59: a chart of each step): `step:add to basket`.
    namedMetrics: { pattern: /^step:.{1,100}$/, read: stepTimes, hint: 'step:<name>' },
    page: browserMonitorPage,
  },
  comparison: browserComparison,
  failures: browserFailures,
  report: browserReport,
});
