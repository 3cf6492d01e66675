import type { Pool } from '@pageprobe/db';
import { bucketStart, type Stat } from '@pageprobe/test-lifecycle';
import { OTHER_GROUP, type Split } from '../dimensions.ts';
import type { Rating, RumMetric } from '../metrics.ts';
import { RUM_TABLES } from '../rollups/levels.ts';
import { addSums, emptySums, type Figures, figuresOf, type MetricSums } from './figures.ts';
import { MAX_RUM_POINTS, rumLevelFor } from './levels-for.ts';

/** A split shows this many values by default (by page views over the window); the rest are one 'other'. */
export const DEFAULT_SPLIT_TOP = 5;
/** At most this many values in a split, whatever is asked. */
export const MAX_SPLIT_TOP = 20;

export interface RumSeriesQuery {
  metric: RumMetric;
  from: Date;
  to: Date;
  by?: Split | undefined;
  filters?: Partial<Record<Split, string | undefined>> | undefined;
  /** How many values of `by` to show apart (DEFAULT_SPLIT_TOP). */
  top?: number | undefined;
}

export interface RumPoint extends Figures {
  /** The start of the point's minute, hour or day. */
  at: Date;
}

export interface RumSplit {
  /** The value of `by` (a page group, a device class, a country), or 'other' for the rest together. */
  value: string;
  summary: Figures | null;
  points: RumPoint[];
}

export interface RumSeries {
  metric: RumMetric;
  resolution: 'minute' | 'hour' | 'day';
  /** Every page view matching the filters, a point per bucket. */
  points: RumPoint[];
  /** The whole window's figures (merged histograms, not an average of points). */
  summary: Figures | null;
  by: Split | null;
  /** With `by`: one series per value, most page views first. */
  splits: RumSplit[];
}

interface Row {
  at: Date;
  key: string | null;
  stat: Stat;
  hist: Record<string, number> | null;
  ratings: Partial<Record<Rating, number>> | null;
}

/** A split or filter is a rollup's key column: these names only reach the SQL. */
const COLUMNS: Record<Split, string> = { page_group: 'page_group', device: 'device', country: 'country' };

/**
 * A metric of a site's page views in [from, to], oldest first, a point per minute, hour or day (the
 * finest level whose points over the range number at most 500), read from the rollups the ingest keeps:
 * each bucket's rows (one per page group, device and country) merged, and with `by` also merged per value
 * of it. Only the day level can overflow: neighbouring days are merged then, as monitors' series do.
 */
export async function rumSeries(pool: Pool, siteId: string, q: RumSeriesQuery): Promise<RumSeries> {
  const level = rumLevelFor(q.from, q.to);
  const start = bucketStart(level, q.from);
  const params: unknown[] = [siteId, start, q.to, q.metric];
  const where = ['site_id = $1::uuid', 'at >= $2', 'at <= $3', 'stats ? $4'];
  for (const [split, value] of Object.entries(q.filters ?? {}) as Array<[Split, string | undefined]>) {
    if (value === undefined) continue;
    params.push(value);
    where.push(`${COLUMNS[split]} = $${params.length}`);
  }
  const split = q.by ? COLUMNS[q.by] : "''";
  // Summed in PostgreSQL per bucket and value of `by` (stats, then each histogram's and the ratings'
  // buckets): a row per point and value reaches the API, not a row per page group, device and country.
  const sums = (column: string) =>
    `SELECT at, split, jsonb_object_agg(k, c) AS merged FROM (
       SELECT at, split, e.key AS k, sum(e.value::float8) AS c FROM picked, jsonb_each(picked.${column}) e
       GROUP BY at, split, e.key) x GROUP BY at, split`;
  const { rows: summed } = await pool.query<Row & { split: string }>(
    `WITH picked AS (
       SELECT at, ${split}::text AS split, stats -> $4 AS s, hist -> $4 AS h, coalesce(ratings -> $4, '{}') AS r
       FROM ${RUM_TABLES[level.name]} WHERE ${where.join(' AND ')}),
     stat AS (
       SELECT at, split, jsonb_build_array(sum((s->>0)::float8), min((s->>1)::float8), sum((s->>2)::float8),
         max((s->>3)::float8)) AS stat FROM picked GROUP BY at, split),
     hist AS (${sums('h')}),
     rated AS (${sums('r')})
     SELECT stat.at, stat.split, stat.stat, hist.merged AS hist, rated.merged AS ratings
     FROM stat LEFT JOIN hist USING (at, split) LEFT JOIN rated USING (at, split) ORDER BY stat.at, stat.split`,
    params,
  );
  const rows: Row[] = summed.map((r) => ({ ...r, key: q.by ? r.split : null }));

  const sumsOf = (r: Row): MetricSums => ({ stat: r.stat, hist: r.hist ?? {}, ratings: r.ratings ?? {} });
  // The values of `by` shown apart: the most page views over the window first; the rest are 'other'.
  const top = Math.min(Math.max(1, q.top ?? DEFAULT_SPLIT_TOP), MAX_SPLIT_TOP);
  const viewsPer = new Map<string, number>();
  for (const r of rows) if (r.key !== null) viewsPer.set(r.key, (viewsPer.get(r.key) ?? 0) + r.stat[0]);
  const ranked = [...viewsPer].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([k]) => k);
  const shown = new Set(ranked.slice(0, top));
  const splitValue = (k: string) => (shown.has(k) ? k : OTHER_GROUP);

  const buckets = new Map<number, Map<string | null, MetricSums>>();
  for (const r of rows) {
    const t = r.at.getTime();
    const at = buckets.get(t) ?? new Map<string | null, MetricSums>();
    buckets.set(t, at);
    for (const k of r.key === null ? [null] : [null, splitValue(r.key)])
      at.set(k, addSums(at.get(k) ?? emptySums(), sumsOf(r)));
  }
  const times = [...buckets.keys()].sort((a, b) => a - b);
  const per = Math.ceil(times.length / MAX_RUM_POINTS);
  const series = new Map<string | null, RumPoint[]>();
  const windowSums = new Map<string | null, MetricSums>();
  for (let i = 0; i < times.length; i += per) {
    const group = times.slice(i, i + per);
    const merged = new Map<string | null, MetricSums>();
    for (const t of group) {
      for (const [k, sums] of buckets.get(t)!) merged.set(k, addSums(merged.get(k) ?? emptySums(), sums));
    }
    for (const [k, sums] of merged) {
      windowSums.set(k, addSums(windowSums.get(k) ?? emptySums(), sums));
      const figures = figuresOf(sums);
      if (!figures) continue;
      const points = series.get(k) ?? [];
      series.set(k, points);
      points.push({ at: new Date(group[0]!), ...figures });
    }
  }
  const order = [...shown].filter((k) => series.has(k));
  if (series.has(OTHER_GROUP) && !shown.has(OTHER_GROUP)) order.push(OTHER_GROUP);
  return {
    metric: q.metric,
    resolution: level.name,
    points: series.get(null) ?? [],
    summary: figuresOf(windowSums.get(null) ?? emptySums()),
    by: q.by ?? null,
    splits: q.by
      ? order.map((value) => ({
          value,
          summary: figuresOf(windowSums.get(value) ?? emptySums()),
          points: series.get(value) ?? [],
        }))
      : [],
  };
}
