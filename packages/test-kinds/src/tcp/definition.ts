import { defineKind } from '../kind.ts';
import { checkFailure, field, upMetric } from '../monitor/monitor-traits.ts';
import { tcpAssertionRules } from './assertions.ts';
import { tcpComparison } from './compare.ts';
import { tcpFailures } from './failures.ts';
import { tcpMonitorPage } from './monitor-page.ts';
import { tcpReport } from './report.ts';
import { tcpAudits, tcpResult } from './result.ts';
import { tcpTarget } from './target.ts';

/** A TCP check (issue 47): connect to a host's port through the egress guard, optionally shake hands in TLS. */
export const tcp = defineKind({
  name: 'tcp',
  title: 'TCP check',
  usesDevice: false,
  job: { queue: 'test-tcp', attempts: 3 },
  cost: { free: 0, pro: 0 },
  maxRuns: 1,
  inFlight: { free: 5, pro: 50 },
  // Checks wait on the network, not the CPU.
  concurrency: { variable: 'TCP_CONCURRENCY', default: 50, min: 1, max: 1000 },
  budget: { variable: 'TCP_TIMEOUT_MS', default: 10_000, min: 100, slackMs: 0 },
  result: tcpResult,
  audits: tcpAudits,
  assertionRules: tcpAssertionRules,
  typicalSeconds: 1,
  options: ['tls', 'expect'],
  target: tcpTarget,
  monitor: {
    minIntervalSeconds: { free: 300 },
    failure: checkFailure,
    metrics: {
      up: upMetric,
      ...Object.fromEntries(
        ['dns', 'connect', 'tls', 'total'].map((p) => [`${p}_ms`, field((t) => t.result, 'timings_ms', p)]),
      ),
      certificate_days_remaining: field((t) => t.result, 'tls', 'days_remaining'),
    },
    page: tcpMonitorPage,
  },
  comparison: tcpComparison,
  failures: tcpFailures,
  report: tcpReport,
});
