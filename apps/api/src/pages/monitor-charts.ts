import type { Db, Monitor } from '@pageprobe/db';
import { loadSeriesOf } from '@pageprobe/monitors';
import type { ChartSpec, Unit } from '@pageprobe/pages';
import { type Assertion, kindNamed, parseAssertions } from '@pageprobe/test-kinds';

interface ChartPlan {
  id: string;
  title: string;
  unit: Unit;
  series: Array<[metric: string, label: string]>;
  stacked?: boolean;
  /** The assertion whose threshold is the chart's budget line, and how its figure maps onto the chart. */
  budget?: { key: string; scale: number };
  /** Regressions are marked on it. */
  marked?: boolean;
}

const vital = (metric: string, title: string, key: string, unit: Unit = 'ms'): ChartPlan => ({
  id: metric,
  title,
  unit,
  series: [[metric, title]],
  budget: { key, scale: 1 },
});

/** What each kind's page draws, from the metrics its monitors roll up. */
const CHARTS: Record<string, ChartPlan[]> = {
  uptime: [
    {
      id: 'response-time',
      title: 'Response time by phase (average)',
      unit: 'ms',
      stacked: true,
      series: [
        ['dns_ms', 'DNS'],
        ['connect_ms', 'Connect'],
        ['tls_ms', 'TLS'],
        ['first_byte_ms', 'First byte'],
        ['download_ms', 'Download'],
      ],
    },
  ],
  lighthouse: [
    {
      id: 'performance',
      title: 'Performance score',
      unit: 'score',
      series: [['performance_score', 'Performance']],
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
  seo_crawl: [
    {
      id: 'structure',
      title: 'Structure score',
      unit: 'score',
      series: [['structure_score', 'Structure']],
      budget: { key: 'seo:structure_score', scale: 100 },
      marked: true,
    },
    {
      id: 'issues',
      title: 'Issues found',
      unit: 'count',
      series: [
        ['errors', 'Errors'],
        ['warnings', 'Warnings'],
        ['notices', 'Notices'],
      ],
    },
  ],
};

const OPERATOR_WORDS: Record<string, string> = {
  minScore: 'at least',
  maxNumericValue: 'at most',
  minNumericValue: 'at least',
};

/**
 * The charts of a monitor's page over [from, to]: its kind's metrics from one read of the rollups, each
 * with its assertion's budget drawn in and the regressions given marked.
 */
export async function monitorCharts(
  db: Db,
  monitor: Monitor,
  from: Date,
  to: Date,
  regressions: Array<{ at: Date; label: string }>,
): Promise<ChartSpec[]> {
  const plans = CHARTS[monitor.type] ?? [];
  const metrics = plans.flatMap((p) => p.series.map(([m]) => m));
  const { series } = await loadSeriesOf(db, monitor, metrics, from, to);
  const parsed = monitor.assertions
    ? parseAssertions(monitor.assertions, kindNamed(monitor.type).assertionRules, { stored: true })
    : null;
  const assertions: Assertion[] = parsed?.ok ? parsed.assertions : [];
  return plans.map((plan) => {
    const budget = plan.budget && assertions.find((a) => a.key === plan.budget!.key);
    return {
      id: plan.id,
      title: plan.title,
      unit: plan.unit,
      stacked: plan.stacked ?? false,
      series: plan.series.map(([metric, label]) => ({
        metric,
        label,
        points: series[metric]!.map((p) => ({ at: p.at, value: p.avg })),
      })),
      budgets: budget
        ? [
            {
              label: `budget, ${OPERATOR_WORDS[budget.operator] ?? budget.operator}`,
              value: budget.expected * plan.budget!.scale,
            },
          ]
        : [],
      marks: plan.marked ? regressions : [],
      from,
      to,
    };
  });
}
