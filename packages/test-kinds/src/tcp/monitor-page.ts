import { COMMON_BADGES, type MonitorPageTraits } from '../monitor/monitor-page-traits.ts';

/** A TCP monitor's page: its checks, the time to connect (and shake hands), and a response-time badge. */
export const tcpMonitorPage: MonitorPageTraits = {
  run: 'check',
  charts: [
    {
      id: 'response-time',
      title: 'Connection time by phase (average)',
      unit: 'ms',
      // The phases add up to the check's total.
      stacked: true,
      series: [
        ['dns_ms', 'DNS'],
        ['connect_ms', 'Connect'],
        ['tls_ms', 'TLS'],
      ],
    },
  ],
  badges: [...COMMON_BADGES, 'response_time'],
};
