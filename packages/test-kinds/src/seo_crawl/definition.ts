import { seoAssertionRules } from './assertions.ts';
import { seoComparison } from './compare.ts';
import { defineKind } from '../kind.ts';
import { field } from '../monitor/monitor-traits.ts';
import { COMMON_FAILURES } from '../report/advice.ts';
import { seoMonitorPage } from './monitor-page.ts';
import { seoReport } from './report.ts';
import { seoCrawlAudits, seoCrawlResult } from './result.ts';
import { httpTarget } from '../target/kind-target.ts';

/** The SEO and AI-readiness audit: a polite crawl of the site, its pages and files judged. */
export const seoCrawl = defineKind({
  name: 'seo_crawl',
  title: 'SEO and AI-readiness audit',
  word: 'SEO crawl',
  offer: 'the site’s pages',
  usesDevice: false,
  job: { queue: 'test-seo-crawl', attempts: 2 },
  cost: { free: 1, pro: 1 },
  maxRuns: 1,
  inFlight: { free: 1, pro: 2 },
  concurrency: { variable: 'SEO_CONCURRENCY', default: 2, min: 1, max: 32 },
  // The crawl stops at its budget; its last requests (up to one request timeout) and the upload follow.
  budget: { variable: 'SEO_BUDGET_MS', default: 120_000, min: 1_000, slackMs: 15_000 },
  result: seoCrawlResult,
  audits: seoCrawlAudits,
  assertionRules: seoAssertionRules,
  typicalSeconds: 20,
  options: [],
  target: httpTarget,
  monitor: {
    minIntervalSeconds: { free: 86_400 },
    score: (t) => t.structureScore,
    metrics: {
      structure_score: (t) => t.structureScore,
      errors: field((t) => t.result, 'issue_counts', 'error'),
      warnings: field((t) => t.result, 'issue_counts', 'warning'),
      notices: field((t) => t.result, 'issue_counts', 'notice'),
      pages_crawled: field((t) => t.result, 'pages_crawled'),
    },
    page: seoMonitorPage,
  },
  comparison: seoComparison,
  failures: COMMON_FAILURES,
  report: seoReport,
});
