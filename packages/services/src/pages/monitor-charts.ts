import type { Db, Monitor } from '@pageprobe/db';
import { type FieldPoint, type FieldSource, fieldSeriesOf, loadSeriesOf } from '@pageprobe/monitors';
import type { ChartSeries, ChartSpec } from '@pageprobe/pages';
import {
  type Assertion,
  CATEGORY_WORDS,
  fmtMs,
  monitorKindNamed,
  parseAssertions,
  type TestKind,
  vitalNamed,
} from '@pageprobe/test-kinds';

const OPERATOR_WORDS: Record<string, string> = {
  minScore: 'at least',
  maxNumericValue: 'at most',
  minNumericValue: 'at least',
};

/** What CrUX History gave the page (issue 48): whose figures and each field series' weekly points. */
export interface PageField {
  source: FieldSource;
  points: Record<string, FieldPoint[]>;
}

const DEVICES: Record<string, string> = { PHONE: 'phones', DESKTOP: 'desktops' };

/** A field chart's latest week in words: what real users saw, and how it rates. */
function latestWords(points: FieldPoint[], unit: string): string | undefined {
  const last = points.at(-1);
  if (!last) return undefined;
  const p75 = unit === 'cls' ? last.p75.toFixed(2) : fmtMs(last.p75);
  return `Real users' p75: ${p75} over the 28 days to ${last.collection_period.last_date}, ${CATEGORY_WORDS[last.category]}.`;
}

/**
 * The charts of a monitor's page over [from, to], as its kind declares them (`monitor.page.charts`): their
 * metrics from one read of the rollups, each with its assertion's budget drawn in and the regressions
 * given marked, and the deploys given flagged. A chart of a field metric (issue 48) also draws real users' weekly p75 and the metric's
 * good and poor thresholds; a chart there only for field data is left out without it.
 */
export async function monitorCharts(
  db: Db,
  monitor: Monitor,
  from: Date,
  to: Date,
  regressions: Array<{ at: Date; label: string }>,
  field: PageField | null = null,
  fieldRegressions: Array<{ at: Date; label: string; metric: string }> = [],
  deploys: Array<{ at: Date; version: string; label: string }> = [],
): Promise<ChartSpec[]> {
  const kind = monitorKindNamed(monitor.type);
  // The kind's charts, then those its monitor's settings name (a browser monitor's steps).
  const plans = [...kind.monitor.page.charts, ...(kind.monitor.page.namedCharts?.(monitor) ?? [])];
  const metrics = plans.flatMap((p) => p.series.map(([m]) => m));
  const { series } = await loadSeriesOf(db, monitor, metrics, from, to);
  // Budgets are assertions, which only kinds of test have (a heartbeat has none).
  const rules = 'assertionRules' in kind ? (kind as TestKind).assertionRules : null;
  const parsed = monitor.assertions && rules ? parseAssertions(monitor.assertions, rules, { stored: true }) : null;
  const assertions: Assertion[] = parsed?.ok ? parsed.assertions : [];
  const fieldOn = field?.source.available === true;
  const device = field?.source.available ? DEVICES[field.source.form_factor] : '';
  return plans
    .filter((plan) => fieldOn || !plan.fieldOnly)
    .map((plan) => {
      const budget = plan.budget && assertions.find((a) => a.key === plan.budget!.key);
      const weeks = plan.field && fieldOn ? (field!.points[plan.field] ?? []) : null;
      const lab: ChartSeries[] = plan.series.map(([metric, label]) => ({
        metric,
        label,
        ...(plan.field ? { source: 'lab' as const } : {}),
        points: series[metric]!.map((p) => ({ at: p.at, value: p.avg })),
      }));
      const fieldLine: ChartSeries[] = weeks
        ? [
            {
              metric: plan.field!,
              label: `Field p75 (Chrome users on ${device}, 28 days)`,
              source: 'field',
              step: true,
              points: weeks.map((p) => ({ at: p.at, value: p.p75 })),
            },
          ]
        : [];
      const vital = plan.field ? vitalNamed(plan.field) : null;
      const note = weeks ? latestWords(weeks, plan.unit) : undefined;
      return {
        id: plan.id,
        title: plan.title,
        unit: plan.unit,
        stacked: plan.stacked ?? false,
        ...(plan.group ? { group: plan.group } : {}),
        series: [...lab, ...fieldLine],
        ...(vital ? { thresholds: { good: vital.good, poor: vital.poor } } : {}),
        ...(note ? { note } : {}),
        budgets: budget
          ? [
              {
                label: `budget, ${OPERATOR_WORDS[budget.operator] ?? budget.operator}`,
                value: budget.expected * plan.budget!.scale,
              },
            ]
          : [],
        // A field chart marks when real users' figures got worse (monitor.field_regressed) in its metric.
        marks: plan.marked
          ? regressions
          : plan.field
            ? fieldRegressions.filter((r) => r.metric === fieldSeriesOf(monitor)[plan.field!])
            : [],
        // Every chart flags the deploys that cover the monitor (issue 62).
        deploys,
        from,
        to,
      };
    });
}
