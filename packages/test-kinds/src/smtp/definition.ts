import { defineKind } from '../kind.ts';
import { field } from '../monitor/monitor-traits.ts';
import { certificateMetric, checkMonitor, checkSettings, timingMetrics } from '../monitor/check-kind.ts';
import { smtpAssertionRules } from './assertions.ts';
import { smtpComparison } from './compare.ts';
import { smtpFailures } from './failures.ts';
import { smtpMonitorPage } from './monitor-page.ts';
import { smtpReport } from './report.ts';
import { smtpAudits, smtpResult } from './result.ts';
import { smtpTarget } from './target.ts';

/**
 * An SMTP check: connect to a mail server through the egress guard, read its greeting, say EHLO, and with
 * `tls` upgrade with STARTTLS (or, at an smtps:// target, shake hands first), then QUIT. No mail is sent.
 */
export const smtp = defineKind({
  name: 'smtp',
  title: 'SMTP check',
  word: 'SMTP',
  offer: 'a mail server greets and answers EHLO: smtp://host:port',
  ...checkSettings('smtp', 10_000),
  result: smtpResult,
  audits: smtpAudits,
  assertionRules: smtpAssertionRules,
  options: ['tls', 'expect'],
  target: smtpTarget,
  monitor: {
    ...checkMonitor({
      ...timingMetrics(['dns', 'connect', 'tls']),
      // Its monitors' checks keep the greeting's time where a page's first byte goes (monitoring.checks).
      first_byte_ms: field((t) => t.result, 'timings_ms', 'greeting'),
      ...timingMetrics(['total']),
      certificate_days_remaining: certificateMetric,
    }),
    page: smtpMonitorPage,
  },
  comparison: smtpComparison,
  failures: smtpFailures,
  report: smtpReport,
});
