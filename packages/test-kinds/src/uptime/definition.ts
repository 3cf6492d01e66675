import { uptimeAssertionRules } from './assertions.ts';
import { uptimeComparison } from './compare.ts';
import { defineKind } from '../kind.ts';
import { checkFailure, field, upMetric } from '../monitor/monitor-traits.ts';
import { uptimeFailures } from './failures.ts';
import { uptimeMonitorPage } from './monitor-page.ts';
import { UPTIME_OPTIONS } from './options.ts';
import { uptimeReport } from './report.ts';
import { uptimeAudits, uptimeResult } from './result.ts';
import { httpTarget } from '../target/kind-target.ts';

/**
 * The uptime check: one request (GET unless told) through the egress guard, its timings and certificate,
 * and the expectations it was given. Free on every plan.
 */
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
  typicalSeconds: 1,
  options: UPTIME_OPTIONS,
  target: httpTarget,
  monitor: {
    minIntervalSeconds: { free: 300 },
    failure: checkFailure,
    metrics: {
      up: upMetric,
      ...Object.fromEntries(
        ['dns', 'connect', 'tls', 'first_byte', 'download', 'total'].map((p) => [
          `${p}_ms`,
          field((t) => t.result, 'timings_ms', p),
        ]),
      ),
      status_code: field((t) => t.result, 'status_code'),
      certificate_days_remaining: field((t) => t.result, 'tls', 'days_remaining'),
    },
    page: uptimeMonitorPage,
  },
  comparison: uptimeComparison,
  failures: uptimeFailures,
  report: uptimeReport,
});
