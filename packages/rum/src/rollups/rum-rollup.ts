import { addRun, emptyRollup, mergeRollups, type Rollup } from '@pageprobe/test-lifecycle';
import { RATINGS, type Rating, RUM_METRICS, type RumMetric, rate } from '../metrics.ts';

// A site's page views in one bucket (a minute, an hour, a day, for one page group, device and country):
// the rollup monitors keep (n, stats and log-bucket histograms per metric, so percentiles come from it)
// and each metric's ratings, counted exactly (a histogram's bucket can straddle a threshold).

export type Ratings = Partial<Record<RumMetric, Partial<Record<Rating, number>>>>;

export interface RumRollup extends Rollup {
  ratings: Ratings;
}

export const emptyRumRollup = (): RumRollup => ({ ...emptyRollup(), ratings: {} });

/** Adds one page view's vitals (in place). A page view counts in `n` whatever vitals it had. */
export function addPageView(rollup: RumRollup, vitals: Partial<Record<RumMetric, number | undefined>>): RumRollup {
  const values: Record<string, number | null> = {};
  for (const metric of RUM_METRICS) {
    const value = vitals[metric];
    if (value === undefined || !Number.isFinite(value)) continue;
    values[metric] = value;
    const counts = rollup.ratings[metric] ?? {};
    const rating = rate(metric, value);
    counts[rating] = (counts[rating] ?? 0) + 1;
    rollup.ratings[metric] = counts;
  }
  addRun(rollup, { ok: true, values });
  return rollup;
}

export function mergeRumRollups(a: RumRollup, b: RumRollup): RumRollup {
  const ratings: Ratings = {};
  for (const metric of RUM_METRICS) {
    const x = a.ratings[metric];
    const y = b.ratings[metric];
    if (!x && !y) continue;
    const merged: Partial<Record<Rating, number>> = {};
    for (const r of RATINGS) {
      const n = (x?.[r] ?? 0) + (y?.[r] ?? 0);
      if (n) merged[r] = n;
    }
    ratings[metric] = merged;
  }
  return { ...mergeRollups(a, b), ratings };
}
