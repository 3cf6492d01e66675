// A rollup is what a monitor's runs in one minute, hour or day add up to: how many, how many were good,
// and per metric its count, min, sum and max with a histogram of log-spaced buckets for percentiles.
// Rollups merge (sum, least, greatest, bucket-wise sum) in any order, which is what lets them be kept by
// upsert as runs finish: monitoring.merge_stats and merge_hist do in SQL what `mergeRollups` does here.

/** [count, min, sum, max] of one metric's values. */
export type Stat = [n: number, min: number, sum: number, max: number];

export interface Rollup {
  n: number;
  ok: number;
  stats: Record<string, Stat>;
  /** Per metric: bucket → count. */
  hist: Record<string, Record<string, number>>;
}

/** One finished run: whether it was good, and its metrics (null where it has no value). */
export interface RunSample {
  ok: boolean;
  values: Record<string, number | null>;
}

/** Buckets grow by this factor: a percentile read from them is within 2% of the true one. */
export const HISTOGRAM_GROWTH = 1.04;
const GROWTH = HISTOGRAM_GROWTH;
const LOG_GROWTH = Math.log(GROWTH);
/** The bucket of zero and below. */
const ZERO = 'z';

export const bucketOf = (value: number): string =>
  value <= 0 ? ZERO : String(Math.floor(Math.log(value) / LOG_GROWTH));

/** The value a bucket stands for: its geometric middle. */
const middleOf = (bucket: string) => (bucket === ZERO ? 0 : GROWTH ** (Number(bucket) + 0.5));

export const emptyRollup = (): Rollup => ({ n: 0, ok: 0, stats: {}, hist: {} });

/** Adds one run to a rollup (in place). */
export function addRun(rollup: Rollup, run: RunSample): Rollup {
  rollup.n++;
  if (run.ok) rollup.ok++;
  for (const [metric, value] of Object.entries(run.values)) {
    if (value === null || !Number.isFinite(value)) continue;
    const s = rollup.stats[metric];
    rollup.stats[metric] = s
      ? [s[0] + 1, Math.min(s[1], value), s[2] + value, Math.max(s[3], value)]
      : [1, value, value, value];
    const h = rollup.hist[metric] ?? {};
    rollup.hist[metric] = h;
    const b = bucketOf(value);
    h[b] = (h[b] ?? 0) + 1;
  }
  return rollup;
}

export const rollupOf = (runs: RunSample[]): Rollup => runs.reduce(addRun, emptyRollup());

/** What the SQL merge does: the rollup of both sets of runs. */
export function mergeRollups(a: Rollup, b: Rollup): Rollup {
  const stats: Record<string, Stat> = { ...a.stats };
  for (const [metric, y] of Object.entries(b.stats)) {
    const x = stats[metric];
    stats[metric] = x ? [x[0] + y[0], Math.min(x[1], y[1]), x[2] + y[2], Math.max(x[3], y[3])] : y;
  }
  const hist: Record<string, Record<string, number>> = {};
  for (const metric of new Set([...Object.keys(a.hist), ...Object.keys(b.hist)])) {
    const merged = { ...a.hist[metric] };
    for (const [bucket, count] of Object.entries(b.hist[metric] ?? {})) merged[bucket] = (merged[bucket] ?? 0) + count;
    hist[metric] = merged;
  }
  return { n: a.n + b.n, ok: a.ok + b.ok, stats, hist };
}

export interface Summary {
  count: number;
  min: number;
  avg: number;
  p50: number;
  p95: number;
  max: number;
}

const round = (v: number) => Number(v.toFixed(3));

/**
 * The q-quantile (0 < q ≤ 1) of a histogram holding `n` values: the middle of the bucket that holds the
 * ⌈q·n⌉-th smallest value, kept within [min, max] (so one value, or all equal, is exact).
 */
export function quantile(hist: Record<string, number>, stat: Stat, q: number): number {
  const rank = Math.max(1, Math.ceil(q * stat[0]));
  const buckets = Object.keys(hist).sort((x, y) => (x === ZERO ? -1 : y === ZERO ? 1 : Number(x) - Number(y)));
  let seen = 0;
  for (const bucket of buckets) {
    seen += hist[bucket]!;
    if (seen >= rank) return round(Math.min(stat[3], Math.max(stat[1], middleOf(bucket))));
  }
  return round(stat[3]);
}

/** A metric's figures in a rollup; null when no run had a value for it. */
export function summarise(rollup: Pick<Rollup, 'stats' | 'hist'>, metric: string): Summary | null {
  const stat = rollup.stats[metric];
  if (!stat || stat[0] === 0) return null;
  const hist = rollup.hist[metric] ?? {};
  return {
    count: stat[0],
    min: round(stat[1]),
    avg: round(stat[2] / stat[0]),
    p50: quantile(hist, stat, 0.5),
    p95: quantile(hist, stat, 0.95),
    max: round(stat[3]),
  };
}
