import { quantile, type Stat } from '@pageprobe/test-lifecycle';
import { RATINGS, type Rating } from '../metrics.ts';

// One metric's figures in a bucket (or a window): what the rollups' rows of it add up to. Percentiles
// come from the log-bucket histogram (within HISTOGRAM_GROWTH of the exact ones), the shares of good,
// needs-improvement and poor page views from the ratings the ingest counted exactly.

/** The sums of one metric over rows: its stat, histogram and rating counts. */
export interface MetricSums {
  stat: Stat;
  hist: Record<string, number>;
  ratings: Partial<Record<Rating, number>>;
}

export interface Figures {
  /** Page views that measured the metric (an INP needs an interaction: fewer than the page views). */
  page_views: number;
  p50: number;
  p75: number;
  p95: number;
  /** Shares of page views, 0..1, from the exact ratings. */
  good: number;
  needs_improvement: number;
  poor: number;
}

export const emptySums = (): MetricSums => ({
  stat: [0, Number.POSITIVE_INFINITY, 0, Number.NEGATIVE_INFINITY],
  hist: {},
  ratings: {},
});

/** Adds `b` into `a` (in place), as monitoring.merge_stats and merge_hist do. */
export function addSums(a: MetricSums, b: MetricSums): MetricSums {
  a.stat = [
    a.stat[0] + b.stat[0],
    Math.min(a.stat[1], b.stat[1]),
    a.stat[2] + b.stat[2],
    Math.max(a.stat[3], b.stat[3]),
  ];
  for (const [bucket, count] of Object.entries(b.hist)) a.hist[bucket] = (a.hist[bucket] ?? 0) + count;
  for (const r of RATINGS) {
    const n = b.ratings[r];
    if (n) a.ratings[r] = (a.ratings[r] ?? 0) + n;
  }
  return a;
}

const share = (n: number, of: number) => (of === 0 ? 0 : n / of);

/** The figures of summed rows; null when no page view measured the metric. */
export function figuresOf(sums: MetricSums): Figures | null {
  const n = sums.stat[0];
  if (n === 0) return null;
  const rated = RATINGS.reduce((t, r) => t + (sums.ratings[r] ?? 0), 0);
  return {
    page_views: n,
    p50: quantile(sums.hist, sums.stat, 0.5),
    p75: quantile(sums.hist, sums.stat, 0.75),
    p95: quantile(sums.hist, sums.stat, 0.95),
    good: share(sums.ratings.good ?? 0, rated),
    needs_improvement: share(sums.ratings.needs_improvement ?? 0, rated),
    poor: share(sums.ratings.poor ?? 0, rated),
  };
}
