import { COMMON_BADGES, type MonitorPageTraits, phaseChart } from '../monitor/monitor-page-traits.ts';

/** An SMTP monitor's page: its checks, the time to connect, shake hands and be greeted, and a response-time badge. */
export const smtpMonitorPage: MonitorPageTraits = {
  run: 'check',
  charts: [
    phaseChart('Conversation time by phase (average)', [
      ['dns_ms', 'DNS'],
      ['connect_ms', 'Connect'],
      ['first_byte_ms', 'Greeting'],
      ['tls_ms', 'TLS'],
    ]),
  ],
  // The whole conversation, which lists draw.
  trend: { metric: 'total_ms', label: 'Conversation time' },
  badges: [...COMMON_BADGES, 'response_time'],
};
