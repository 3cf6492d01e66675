import { uptimeAssertionRules } from './assertions.ts';
import { uptimeComparison } from './compare.ts';
import { defineKind } from '../kind.ts';
import { field } from '../monitor/monitor-traits.ts';
import { certificateMetric, checkMonitor, checkSettings, timingMetrics } from '../monitor/check-kind.ts';
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
  word: 'Uptime',
  offer: 'one HTTP check',
  ...checkSettings('uptime', 30_000),
  result: uptimeResult,
  audits: uptimeAudits,
  assertionRules: uptimeAssertionRules,
  options: UPTIME_OPTIONS,
  target: httpTarget,
  monitor: {
    ...checkMonitor({
      ...timingMetrics(['dns', 'connect', 'tls', 'first_byte', 'download', 'total']),
      status_code: field((t) => t.result, 'status_code'),
      certificate_days_remaining: certificateMetric,
    }),
    page: uptimeMonitorPage,
  },
  comparison: uptimeComparison,
  failures: uptimeFailures,
  report: uptimeReport,
});
