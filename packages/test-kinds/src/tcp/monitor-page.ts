import { COMMON_BADGES, type MonitorPageTraits, phaseChart } from '../monitor/monitor-page-traits.ts';

/** A TCP monitor's page: its checks, the time to connect (and shake hands), and a response-time badge. */
export const tcpMonitorPage: MonitorPageTraits = {
  run: 'check',
  charts: [
    phaseChart('Connection time by phase (average)', [
      ['dns_ms', 'DNS'],
      ['connect_ms', 'Connect'],
      ['tls_ms', 'TLS'],
    ]),
  ],
  // The phases add up to the whole, which lists draw.
  trend: { metric: 'total_ms', label: 'Connection time' },
  badges: [...COMMON_BADGES, 'response_time'],
};
