import { COMMON_BADGES, type MonitorPageTraits } from '../monitor/monitor-page-traits.ts';

/** A multistep monitor's page: its checks, the whole sequence's time, and a response-time badge. */
export const multistepMonitorPage: MonitorPageTraits = {
  run: 'check',
  charts: [
    { id: 'response-time', title: 'All requests (average)', unit: 'ms', series: [['total_ms', 'All requests']] },
  ],
  badges: [...COMMON_BADGES, 'response_time'],
};
