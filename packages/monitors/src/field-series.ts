import {
  type CollectionPeriod,
  type CruxClient,
  type CruxHistory,
  type FieldMetric,
  type FieldUnavailable,
  formFactorOf,
} from '@pageprobe/crux';
import type { Monitor } from '@pageprobe/db';
import { fieldCategory, monitorKindNamed, type Rating } from '@pageprobe/test-kinds';

/** CrUX History answers at most this many weekly collection periods (`collectionPeriodCount: 40`). */
export const MAX_FIELD_POINTS = 40;

/** One collection period of a field metric: its p75 and shares, at the period's last day. */
export interface FieldPoint {
  /** The period's last day, 00:00 UTC: the figures are of the 28 days up to and including it. */
  at: Date;
  p75: number;
  good: number;
  needs_improvement: number;
  poor: number;
  category: Rating;
  collection_period: CollectionPeriod;
}

/** What CrUX History holds of a monitor's URL: whose figures (the page's or its origin's), or why none. */
export type FieldSource =
  | { available: true; scope: 'url' | 'origin'; key: string; form_factor: 'PHONE' | 'DESKTOP' }
  | { available: false; reason: FieldUnavailable };

/** The field series a monitor's kind plots (issue 48: a lighthouse monitor's CrUX metrics), by name. */
export const fieldSeriesOf = (monitor: Pick<Monitor, 'type'>): Readonly<Record<string, FieldMetric>> =>
  monitorKindNamed(monitor.type).monitor.page.field ?? {};

/**
 * A field metric's weekly points, oldest first: each collection period with a p75 (CrUX leaves a period
 * empty, or NaN, when the page had too few visits that week; such a period has no point).
 */
export function fieldPoints(history: CruxHistory, metric: FieldMetric): FieldPoint[] {
  const figures = history.metrics[metric] ?? [];
  return history.periods.slice(-MAX_FIELD_POINTS).flatMap((period, i, shown) => {
    const d = figures[history.periods.length - shown.length + i];
    if (!d || !Number.isFinite(d.p75)) return [];
    return [
      {
        at: new Date(`${period.last_date}T00:00:00.000Z`),
        p75: d.p75,
        good: d.good,
        needs_improvement: d.needs_improvement,
        poor: d.poor,
        category: fieldCategory(metric, d.p75),
        collection_period: period,
      },
    ];
  });
}

/**
 * The field series of a monitor (one query of CrUX History, through the client's cache and limiter): for
 * its URL and the form factor of its device, each of `series` (names of its kind's `field`) as points.
 * Never throws for CrUX: no data, no key, a spent quota or a failed API is `available: false` with why.
 */
export async function loadFieldSeries(
  crux: CruxClient,
  monitor: Pick<Monitor, 'type' | 'url' | 'device'>,
  series: string[],
): Promise<{ source: FieldSource; points: Record<string, FieldPoint[]> }> {
  const metrics = fieldSeriesOf(monitor);
  const answer = await crux.history(monitor.url, formFactorOf(monitor.device));
  if (!answer.available) {
    return { source: answer, points: Object.fromEntries(series.map((s) => [s, []])) };
  }
  const { scope, key, form_factor } = answer.value;
  return {
    source: { available: true, scope, key, form_factor },
    points: Object.fromEntries(series.map((s) => [s, metrics[s] ? fieldPoints(answer.value, metrics[s]) : []])),
  };
}
