import { defineKind } from '../kind.ts';
import { checkMonitor, checkSettings, timingMetrics } from '../monitor/check-kind.ts';
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
  word: 'DNS',
  offer: 'a record’s answers: dns:example.com?type=MX',
  ...checkSettings('dns', 5_000),
  result: dnsResult,
  audits: dnsAudits,
  assertionRules: dnsAssertionRules,
  options: ['expect'],
  target: dnsTarget,
  monitor: {
    ...checkMonitor(timingMetrics(['total'])),
    page: dnsMonitorPage,
  },
  comparison: dnsComparison,
  failures: dnsFailures,
  report: dnsReport,
});
