import { defineKind } from '../kind.ts';
import { certificateMetric, checkMonitor, checkSettings, timingMetrics } from '../monitor/check-kind.ts';
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
  word: 'TCP',
  offer: 'a port accepts connections: tcp://host:port',
  ...checkSettings('tcp', 10_000),
  result: tcpResult,
  audits: tcpAudits,
  assertionRules: tcpAssertionRules,
  options: ['tls', 'expect'],
  target: tcpTarget,
  monitor: {
    ...checkMonitor({
      ...timingMetrics(['dns', 'connect', 'tls', 'total']),
      certificate_days_remaining: certificateMetric,
    }),
    page: tcpMonitorPage,
  },
  comparison: tcpComparison,
  failures: tcpFailures,
  report: tcpReport,
});
