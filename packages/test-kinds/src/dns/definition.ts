import { defineKind } from '../kind.ts';
import { checkFailure, field, upMetric } from '../monitor/monitor-traits.ts';
import { dnsAssertionRules } from './assertions.ts';
import { dnsComparison } from './compare.ts';
import { dnsFailures } from './failures.ts';
import { dnsMonitorPage } from './monitor-page.ts';
import { dnsReport } from './report.ts';
import { dnsAudits, dnsResult } from './result.ts';
import { dnsTarget } from './target.ts';

/** A DNS check (issue 47): one query for a name and record type, at a resolver or the system's. */
export const dns = defineKind({
  name: 'dns',
  title: 'DNS check',
  usesDevice: false,
  job: { queue: 'test-dns', attempts: 3 },
  cost: { free: 0, pro: 0 },
  maxRuns: 1,
  inFlight: { free: 5, pro: 50 },
  concurrency: { variable: 'DNS_CONCURRENCY', default: 50, min: 1, max: 1000 },
  budget: { variable: 'DNS_TIMEOUT_MS', default: 5_000, min: 100, slackMs: 0 },
  result: dnsResult,
  audits: dnsAudits,
  assertionRules: dnsAssertionRules,
  typicalSeconds: 1,
  options: ['expect'],
  target: dnsTarget,
  monitor: {
    minIntervalSeconds: { free: 300 },
    failure: checkFailure,
    metrics: {
      up: upMetric,
      total_ms: field((t) => t.result, 'timings_ms', 'total'),
    },
    page: dnsMonitorPage,
  },
  comparison: dnsComparison,
  failures: dnsFailures,
  report: dnsReport,
});
