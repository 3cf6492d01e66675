/**
 * What a monitor's page and badges show of its kind. Each kind declares them in its folder; the API's
 * loaders read them and @pageprobe/pages draws them, so neither branches on a kind's name (issue 44).
 */

import type { FieldMetric } from '@pageprobe/crux';

/** How a chart's figures read, on its axis and in its table. */
export type ChartUnit = 'ms' | 'score' | 'count' | 'cls';

/** A chart on a monitor's page, plotting the hourly rollups of some of the kind's `monitor.metrics`. */
export interface ChartPlan {
  /** The figure's element id on the page. */
  id: string;
  title: string;
  unit: ChartUnit;
  series: ReadonlyArray<readonly [metric: string, label: string]>;
  /** Areas stacked on each other (the parts add up to a whole) rather than lines. */
  stacked?: boolean;
  /** The assertion whose threshold is the chart's budget line, and how its figure maps onto the chart. */
  budget?: { key: string; scale: number };
  /** Regressions (`monitor.regressed`) are marked on it. */
  marked?: boolean;
  /**
   * Field data drawn beside the lab's (issue 48): the name of one of the kind's `field` series, whose
   * weekly p75s (CrUX History) are a second line, with the metric's good and poor thresholds.
   */
  field?: string;
  /** Drawn only while field data is there (its lab line repeats another chart's: INP's proxy, TBT). */
  fieldOnly?: boolean;
  /**
   * One of several alike (a chart a step), drawn smaller with the others of its group, side by side where
   * the page is wide enough, under the group's name as a heading.
   */
  group?: string;
}

/** A check's time by phase, stacked: the phases add up to its total (uptime's and tcp's pages). */
export const phaseChart = (title: string, series: ChartPlan['series']): ChartPlan => ({
  id: 'response-time',
  title,
  unit: 'ms',
  stacked: true,
  series,
});

/** A metric of the kind's rollups, and what it is called (the sparkline's words). */
export interface Trend {
  metric: string;
  label: string;
}

/** The figure a list draws as a monitor's sparkline: the kind's own, else its first chart in ms; null when none. */
export function trendOf(page: MonitorPageTraits): Trend | null {
  if (page.trend) return page.trend;
  const chart = page.charts.find((c) => c.unit === 'ms' && !c.stacked && !c.fieldOnly);
  return chart?.series[0] ? { metric: chart.series[0][0], label: chart.title.replace(/ \(average\)$/, '') } : null;
}

/** The badges a monitor may have; @pageprobe/pages draws each (its file name and label live there). */
export type BadgeName =
  | 'status'
  | 'uptime_24h'
  | 'uptime_7d'
  | 'uptime_30d'
  | 'response_time'
  | 'performance_score'
  | 'structure_score';

/** The badges of every monitor, whatever its kind: its state and its share of good runs. */
export const COMMON_BADGES = ['status', 'uptime_24h', 'uptime_7d', 'uptime_30d'] as const satisfies BadgeName[];

/** The columns of a monitor a kind's page facts read (a heartbeat's timing and pings; a structural Monitor). */
export interface MonitorFacts {
  intervalSeconds: number;
  periodSeconds: number | null;
  graceSeconds: number | null;
  schedule: string | null;
  timeZone: string | null;
  lastPingAt: Date | null;
  runStartedAt: Date | null;
  deadlineAt: Date | null;
}

export interface MonitorPageTraits {
  /**
   * What one run of its monitors is: a `check` (a row of the monitor's checks, listed without a report)
   * or a `test` (listed with its report). The page names runs by it.
   */
  run: 'check' | 'test';
  /** How the run list names the kind's score (`monitor.score`): `Performance 93`. */
  scoreLabel?: string;
  /** Its charts, in the page's order. */
  charts: readonly ChartPlan[];
  /**
   * The figure lists draw as a monitor's sparkline (an hourly average from the rollups): by default the
   * first series of its first chart in ms (a speed test's LCP, a heartbeat's run duration).
   */
  trend?: Trend;
  /**
   * Charts of series the monitor's own settings name (`monitor.namedMetrics`), after `charts`: a browser
   * monitor's time of each step, from its steps.
   */
  namedCharts?: (monitor: { url: string; options: unknown }) => ChartPlan[];
  /**
   * The series GET /monitors/{id}/series?source=field answers (issue 48), by name: each a Chrome UX Report
   * metric of the monitor's URL, a p75 per weekly collection period. Kinds without it have no field data.
   */
  field?: Readonly<Record<string, FieldMetric>>;
  /** Its badges, in the page's order (`/badges/{token}/{file}.svg` answers 404 for any other). */
  badges: readonly BadgeName[];
  /**
   * What pages call its monitors: the `target` they check (a URL, `tcp://host:port`, a DNS query; the
   * default), or, for a kind that checks no target (a heartbeat, whose `url` is a placeholder), their
   * `name`, else the kind's title.
   */
  calledBy?: 'target' | 'name';
  /** How often it runs, in words, where `every <interval>` would not say it (a heartbeat's period or schedule). */
  cadence?: (monitor: MonitorFacts) => string;
  /** Facts its page shows beside the state (a heartbeat's last ping), as label and text. */
  facts?: (monitor: MonitorFacts) => ReadonlyArray<readonly [label: string, text: string]>;
}
