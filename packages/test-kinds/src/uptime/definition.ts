import { uptimeAssertionRules } from './assertions.ts';
import { uptimeComparison } from './compare.ts';
import { defineKind } from '../kind.ts';
import { COMMON_FAILURES } from '../report/advice.ts';
import { uptimeReport } from './report.ts';
import { uptimeAudits, uptimeResult } from './result.ts';

/** The uptime check: one GET through the egress guard, its timings and certificate. Free on every plan. */
export const uptime = defineKind({
  name: 'uptime',
  title: 'Uptime check',
  usesDevice: false,
  job: { queue: 'test-uptime', attempts: 3 },
  cost: { free: 0, pro: 0 },
  maxRuns: 1,
  inFlight: { free: 5, pro: 50 },
  // Checks wait on the network, not the CPU.
  concurrency: { variable: 'UPTIME_CONCURRENCY', default: 50, min: 1, max: 1000 },
  budget: { variable: 'UPTIME_TIMEOUT_MS', default: 30_000, min: 100, slackMs: 0 },
  result: uptimeResult,
  audits: uptimeAudits,
  assertionRules: uptimeAssertionRules,
  comparison: uptimeComparison,
  failures: COMMON_FAILURES,
  report: uptimeReport,
});
