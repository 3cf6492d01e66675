import { COMMON_BADGES, type MonitorPageTraits, phaseChart } from '../monitor/monitor-page-traits.ts';

/** An uptime monitor's page: its checks, their response time by phase, and a response-time badge. */
export const uptimeMonitorPage: MonitorPageTraits = {
  run: 'check',
  charts: [
    phaseChart('Response time by phase (average)', [
      ['dns_ms', 'DNS'],
      ['connect_ms', 'Connect'],
      ['tls_ms', 'TLS'],
      ['first_byte_ms', 'First byte'],
      ['download_ms', 'Download'],
    ]),
  ],
  // The phases add up to the whole, which lists draw.
  trend: { metric: 'total_ms', label: 'Response time' },
  badges: [...COMMON_BADGES, 'response_time'],
};
