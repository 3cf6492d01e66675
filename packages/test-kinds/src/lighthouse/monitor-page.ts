import type { FieldMetric } from '@pageprobe/crux';
import {
  type ChartPlan,
  type ChartUnit,
  COMMON_BADGES,
  type MonitorPageTraits,
} from '../monitor/monitor-page-traits.ts';

/**
 * A vital's chart, with its audit's assertion as the budget line, and, for a Core Web Vital CrUX measures,
 * real users' p75 beside the lab's figure (issue 48): the series of the same name with `source=field`.
 */
const vital = (metric: string, title: string, key: string, unit: ChartUnit = 'ms'): ChartPlan => ({
  id: metric,
  title,
  unit,
  series: [[metric, metric in FIELD_SERIES ? 'Lab (Lighthouse)' : title]],
  budget: { key, scale: 1 },
  ...(metric in FIELD_SERIES ? { field: metric } : {}),
});

/**
 * The field series (GET series?source=field), named as the lab's vitals they stand beside. INP has no lab
 * counterpart of its name (a lab load has no interaction): its series is inp_ms, drawn over the lab's TBT,
 * Lighthouse's proxy for responsiveness, as the test's `field` compares them.
 */
export const FIELD_SERIES = {
  lcp_ms: 'lcp',
  inp_ms: 'inp',
  cls: 'cls',
  fcp_ms: 'fcp',
  ttfb_ms: 'ttfb',
} as const satisfies Record<string, FieldMetric>;

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
    {
      id: 'inp_ms',
      title: 'Interaction to Next Paint',
      unit: 'ms',
      series: [['tbt_ms', "Lab: Total Blocking Time (INP's proxy)"]],
      field: 'inp_ms',
      fieldOnly: true,
    },
    vital('fcp_ms', 'First Contentful Paint', 'first-contentful-paint'),
    vital('tbt_ms', 'Total Blocking Time', 'total-blocking-time'),
    vital('cls', 'Cumulative Layout Shift', 'cumulative-layout-shift', 'cls'),
    vital('speed_index_ms', 'Speed Index', 'speed-index'),
    vital('ttfb_ms', 'Time to first byte', 'server-response-time'),
  ],
  field: FIELD_SERIES,
  badges: [...COMMON_BADGES, 'performance_score'],
};
