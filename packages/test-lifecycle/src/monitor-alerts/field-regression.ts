import {
  CATEGORY_WORDS,
  FIELD_METRIC_NAMES,
  type FieldData,
  type FieldMetricName,
  fieldData,
  type Rating,
} from '@pageprobe/test-kinds';
import type { AlertToRaise } from './raise-alert.ts';

/**
 * What a lighthouse monitor last saw of its URL's field data (issue 48), kept on the monitor
 * (`field_state`): the collection period, whose figures they were and on which device, and each metric's
 * p75 and category. The next run that sees a later period compares with it, once.
 */
export interface FieldState {
  collection_period: { first_date: string; last_date: string };
  scope: 'url' | 'origin';
  form_factor: 'PHONE' | 'DESKTOP';
  metrics: Partial<Record<FieldMetricName, { p75: number; category: Rating }>>;
}

const RANK: Record<Rating, number> = { good: 0, needs_improvement: 1, poor: 2 };
const NAMES: Record<FieldMetricName, string> = { lcp: 'LCP', inp: 'INP', cls: 'CLS', fcp: 'FCP', ttfb: 'TTFB' };

/** A p75 as people read it: CLS unitless to two decimals, the others in whole ms. */
const fieldFigure = (metric: FieldMetricName, p75: number) =>
  metric === 'cls' ? p75.toFixed(2) : `${Math.round(p75)} ms`;

/** The field state of a run's `field` (its result's, read as stored: an odd value is none). */
export function fieldStateOf(stored: unknown): FieldState | null {
  const parsed = fieldData.safeParse(stored);
  if (!parsed.success || !parsed.data.available) return null;
  const field: Extract<FieldData, { available: true }> = parsed.data;
  const metrics: FieldState['metrics'] = {};
  for (const name of FIELD_METRIC_NAMES) {
    const m = field.metrics[name];
    if (m) metrics[name] = { p75: m.p75, category: m.category };
  }
  return {
    collection_period: field.collection_period,
    scope: field.scope,
    form_factor: field.form_factor,
    metrics,
  };
}

/**
 * What a run's field state does to the monitor's (null: nothing): `store` when it is newer (a later
 * collection period, or the same one of other figures: the page's instead of its origin's, another
 * device), and the alerts: monitor.field_regressed for each metric whose category got worse from the
 * stored period to this later one of the same figures. A period seen again, or an older one (an answer
 * cached elsewhere), changes nothing: each period is compared once, and a metric getting better raises
 * nothing. Figures of another scope or device are a new baseline, never compared.
 */
export function fieldRegressions(
  previous: FieldState | null,
  current: FieldState,
): { store: FieldState; alerts: AlertToRaise[] } | null {
  if (!previous) return { store: current, alerts: [] };
  const later = current.collection_period.last_date > previous.collection_period.last_date;
  const same = current.scope === previous.scope && current.form_factor === previous.form_factor;
  if (!later && (same || current.collection_period.last_date < previous.collection_period.last_date)) return null;
  if (!same) return { store: current, alerts: [] };
  const alerts: AlertToRaise[] = [];
  for (const metric of FIELD_METRIC_NAMES) {
    const before = previous.metrics[metric];
    const now = current.metrics[metric];
    if (!before || !now || RANK[now.category] <= RANK[before.category]) continue;
    const period = current.collection_period;
    alerts.push({
      event: 'monitor.field_regressed',
      reason: 'field_category_worse',
      details: {
        metric,
        from: before.category,
        to: now.category,
        p75: now.p75,
        previous_p75: before.p75,
        collection_period: period,
        previous_period: previous.collection_period,
        scope: current.scope,
        form_factor: current.form_factor,
        message: `${NAMES[metric]} p75 went from ${CATEGORY_WORDS[before.category]} (${fieldFigure(metric, before.p75)}) to ${CATEGORY_WORDS[now.category]} (${fieldFigure(metric, now.p75)}) for real users, period ${period.first_date} to ${period.last_date}.`,
      },
    });
  }
  return { store: current, alerts };
}
