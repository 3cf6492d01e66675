// What a status page says to the public (issue 58): states and causes in words a customer reads, never
// our codes (`missed`, `expectation_failed`).

/** Why a check found its target down (monitors' REASONS), as a page's reader is told. */
const REASON_WORDS: Record<string, string> = {
  dns_error: 'Cannot be found',
  nxdomain: 'Cannot be found',
  servfail: 'Cannot be found',
  refused: 'Cannot be found',
  no_answer: 'Cannot be found',
  connection_refused: 'Not responding',
  connection_reset: 'Not responding',
  timeout: 'Not responding',
  missed: 'Not responding',
  run_timeout: 'Not responding',
  tls_error: 'Secure connection failing',
  http_error: 'Answering with errors',
  expectation_failed: 'Not working as expected',
  run_failed: 'Failing',
};

export const reasonWords = (reason: string | null | undefined): string =>
  (reason && REASON_WORDS[reason]) || 'Not working as expected';

export type IncidentStatusName = 'investigating' | 'identified' | 'monitoring' | 'resolved';
export type ImpactName = 'degraded_performance' | 'partial_outage' | 'major_outage';

export const STATUS_WORDS: Record<IncidentStatusName, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};

/** An impact's words and its tone (the report stylesheet's good/average/poor). */
export const IMPACT_WORDS: Record<ImpactName, { text: string; cls: string }> = {
  degraded_performance: { text: 'Degraded performance', cls: 'average' },
  partial_outage: { text: 'Partial outage', cls: 'average' },
  major_outage: { text: 'Major outage', cls: 'poor' },
};
