import { COMMON_BADGES, type MonitorPageTraits } from '../monitor/monitor-page-traits.ts';

/** A browser monitor's page: its runs with their reports, the journey's time, and the first load's vitals. */
export const browserMonitorPage: MonitorPageTraits = {
  run: 'test',
  charts: [
    { id: 'journey-time', title: 'Journey time', unit: 'ms', series: [['duration_ms', 'Whole journey']] },
    {
      id: 'first-load',
      title: 'First load',
      unit: 'ms',
      series: [
        ['ttfb_ms', 'TTFB'],
        ['fcp_ms', 'FCP'],
        ['lcp_ms', 'LCP'],
      ],
    },
  ],
  badges: [...COMMON_BADGES],
};
