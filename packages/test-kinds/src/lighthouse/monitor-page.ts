import {
  type ChartPlan,
  type ChartUnit,
  COMMON_BADGES,
  type MonitorPageTraits,
} from '../monitor/monitor-page-traits.ts';

/** A vital's chart, with its audit's assertion as the budget line. */
const vital = (metric: string, title: string, key: string, unit: ChartUnit = 'ms'): ChartPlan => ({
  id: metric,
  title,
  unit,
  series: [[metric, title]],
  budget: { key, scale: 1 },
});

/** A speed-test monitor's page: its performance score (regressions marked) and the vitals, each with its budget. */
export const lighthouseMonitorPage: MonitorPageTraits = {
  run: 'test',
  scoreLabel: 'Performance',
  charts: [
    {
      id: 'performance',
      title: 'Performance score',
      unit: 'score',
      series: [['performance_score', 'Performance']],
      // Assertions hold the category's score as 0-1; the chart plots 0-100.
      budget: { key: 'categories:performance', scale: 100 },
      marked: true,
    },
    vital('lcp_ms', 'Largest Contentful Paint', 'largest-contentful-paint'),
    vital('fcp_ms', 'First Contentful Paint', 'first-contentful-paint'),
    vital('tbt_ms', 'Total Blocking Time', 'total-blocking-time'),
    vital('cls', 'Cumulative Layout Shift', 'cumulative-layout-shift', 'cls'),
    vital('speed_index_ms', 'Speed Index', 'speed-index'),
    vital('ttfb_ms', 'Time to first byte', 'server-response-time'),
  ],
  badges: [...COMMON_BADGES, 'performance_score'],
};
