import { COMMON_BADGES, type MonitorPageTraits } from '../monitor/monitor-page-traits.ts';

/** A DNS monitor's page: its checks, how long the resolver took, and a response-time badge. */
export const dnsMonitorPage: MonitorPageTraits = {
  run: 'check',
  charts: [
    { id: 'response-time', title: 'Resolver response time (average)', unit: 'ms', series: [['total_ms', 'Answer']] },
  ],
  badges: [...COMMON_BADGES, 'response_time'],
};
