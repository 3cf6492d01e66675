import { COMMON_BADGES, type ChartPlan, type MonitorPageTraits } from '../monitor/monitor-page-traits.ts';
import { type BrowserStep, stepLabel } from './steps.ts';

/**
 * A chart of each step's time, as its runs record it (`step:<name>`, the kind's namedMetrics): the test
 * URL's load first, then each step by its label. Steps of one label share a series, so one chart.
 */
export function stepCharts(monitor: { url: string; options: unknown }): ChartPlan[] {
  const steps = (monitor.options as { steps?: BrowserStep[] } | null)?.steps ?? [];
  const numbered = [`load ${monitor.url}`, ...steps.map(stepLabel)].map((name, n) => ({ name, n }));
  const first = numbered.filter(({ name }, i) => numbered.findIndex((s) => s.name === name) === i);
  // Numbered as the runs' results and alerts number them: the load is step 0.
  return first.map(({ name, n }) => ({
    id: `step-${n}`,
    title: n === 0 ? `Step 0: the load of ${monitor.url}` : `Step ${n}: ${name}`,
    unit: 'ms',
    series: [[`step:${name}`.slice(0, 105), 'Step time']],
    group: 'Each step’s time',
  }));
}

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
  namedCharts: stepCharts,
  badges: [...COMMON_BADGES],
};
