import type { Db, Monitor } from '@pageprobe/db';
import { loadSeriesOf } from '@pageprobe/monitors';
import type { ChartSpec } from '@pageprobe/pages';
import { type Assertion, monitorKindNamed, parseAssertions, type TestKind } from '@pageprobe/test-kinds';

const OPERATOR_WORDS: Record<string, string> = {
  minScore: 'at least',
  maxNumericValue: 'at most',
  minNumericValue: 'at least',
};

/**
 * The charts of a monitor's page over [from, to], as its kind declares them (`monitor.page.charts`): their
 * metrics from one read of the rollups, each with its assertion's budget drawn in and the regressions
 * given marked.
 */
export async function monitorCharts(
  db: Db,
  monitor: Monitor,
  from: Date,
  to: Date,
  regressions: Array<{ at: Date; label: string }>,
): Promise<ChartSpec[]> {
  const kind = monitorKindNamed(monitor.type);
  const plans = kind.monitor.page.charts;
  const metrics = plans.flatMap((p) => p.series.map(([m]) => m));
  const { series } = await loadSeriesOf(db, monitor, metrics, from, to);
  // Budgets are assertions, which only kinds of test have (a heartbeat has none).
  const rules = 'assertionRules' in kind ? (kind as TestKind).assertionRules : null;
  const parsed = monitor.assertions && rules ? parseAssertions(monitor.assertions, rules, { stored: true }) : null;
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
