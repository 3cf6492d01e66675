import type { Db, Monitor } from '@pageprobe/db';
import { monitorKindNamed, recordsChecks } from '@pageprobe/test-kinds';
import {
  bucketStart,
  HISTOGRAM_GROWTH,
  type Level,
  LEVELS,
  mergeRollups,
  type Rollup,
  type Summary,
  summarise,
} from '@pageprobe/test-lifecycle';
import { METRIC_COLUMNS, stepColumn } from './checks/check-row.ts';

/** A series has at most this many points: the finest rollups that fit, merged further when still too many. */
export const MAX_POINTS = 500;

export interface Point extends Summary {
  /** The start of the point's minute, hour or day. */
  at: Date;
}

/** The metrics a monitor's kind can plot (its fixed names; namedMetrics add the page's own). */
export const metricsOf = (monitor: Pick<Monitor, 'type'>) =>
  Object.keys(monitorKindNamed(monitor.type).monitor.metrics);

/** Whether a monitor's series may plot `metric`: one of its kind's names, or a name the page chose. */
export const plotsMetric = (monitor: Pick<Monitor, 'type'>, metric: string) =>
  metricsOf(monitor).includes(metric) ||
  monitorKindNamed(monitor.type).monitor.namedMetrics?.pattern.test(metric) === true;

/** The finest level whose buckets over [from, to] number at most MAX_POINTS (days beyond that). */
export const levelFor = (from: Date, to: Date): Level =>
  LEVELS.find((l) => (to.getTime() - from.getTime()) / l.ms <= MAX_POINTS) ?? LEVELS[LEVELS.length - 1]!;

/**
 * A metric of a monitor's runs in [from, to], oldest first, a point per minute, hour or day (whichever
 * fits the range), read from the rollups kept as runs finish: never from the raw runs.
 */
export async function loadSeries(db: Db, monitor: Monitor, metric: string, from: Date, to: Date, location?: string) {
  const { resolution, series } = await loadSeriesOf(db, monitor, [metric], from, to, location);
  return { resolution, points: series[metric]! };
}

/**
 * Several metrics' series over one range, from one read of the rollups (a monitor's page draws them
 * together). The minute level of a monitor whose runs are checks (a heartbeat's too) is its raw checks,
 * and one location's series (issue 32: an uptime monitor's, `location` given) is summed up from its raw
 * checks, as the rollups are across locations: it reaches back as far as the plan keeps them.
 */
export async function loadSeriesOf(
  db: Db,
  monitor: Monitor,
  metrics: string[],
  from: Date,
  to: Date,
  location?: string,
) {
  const level = levelFor(from, to);
  const start = bucketStart(level, from);
  const rows =
    (level.name === 'minute' || location !== undefined) && recordsChecks(monitor.type)
      ? await bucketsOfChecks(db, monitor.id, level, start, to, metrics, location)
      : await db.$queryRawUnsafe<Array<{ at: Date } & Pick<Rollup, 'stats' | 'hist'>>>(
          `SELECT at, (SELECT coalesce(jsonb_object_agg(key, value), '{}') FROM jsonb_each(stats) WHERE key = ANY($4)) AS stats,
                  (SELECT coalesce(jsonb_object_agg(key, value), '{}') FROM jsonb_each(hist) WHERE key = ANY($4)) AS hist
           FROM ${level.table} WHERE monitor_id = $1::uuid AND at >= $2 AND at <= $3 AND stats ?| $4 ORDER BY at`,
          monitor.id,
          start,
          to,
          metrics,
        );
  // Only the day level can overflow (ranges over MAX_POINTS days): neighbouring days are merged.
  const per = Math.ceil(rows.length / MAX_POINTS);
  const series: Record<string, Point[]> = Object.fromEntries(metrics.map((m) => [m, []]));
  for (let i = 0; i < rows.length; i += per) {
    const group = rows.slice(i, i + per);
    const merged = group.reduce((a, b) => mergeRollups(a, { n: 0, ok: 0, ...b }), { n: 0, ok: 0, stats: {}, hist: {} });
    for (const metric of metrics) {
      const summary = summarise(merged, metric);
      if (summary) series[metric]!.push({ at: group[0]!.at, ...summary });
    }
  }
  return { resolution: level.name, series };
}

/** A bucket's histogram key in SQL, as `bucketOf` makes it: log-spaced by 1.04, `z` for zero and below. */
const SQL_BUCKET = `CASE WHEN value <= 0 THEN 'z' ELSE floor(ln(value) / ln(${HISTOGRAM_GROWTH}::float8))::bigint::text END`;

/**
 * An uptime monitor's buckets of `level` in [from, to], oldest first, summed up from its raw checks (the
 * minute level is its raw checks: CHECK_LEVELS), of one location or all. Grouped in PostgreSQL into the
 * rollups' shape, `metrics` only: a reply holds a row a bucket, not a row a check (a 90-day range of
 * 1-minute checks was 129,600 rows read into the API, issue 44).
 */
async function bucketsOfChecks(
  db: Db,
  monitorId: string,
  level: Level,
  from: Date,
  to: Date,
  metrics: string[],
  location?: string,
) {
  // Metric names come from the kind's list (plotsMetric) or match its named series' pattern (a step's).
  const values = metrics.flatMap((m) => {
    // A step's name is the user's: quoted as a literal, quotes doubled (stepColumn does the same).
    const column = METRIC_COLUMNS[m] ?? stepColumn(m);
    return column ? [`('${m.replaceAll("'", "''")}', (${column})::float8)`] : [];
  });
  if (values.length === 0) values.push(`('none', NULL::float8)`);
  const bucket = `to_timestamp(floor(extract(epoch FROM c.at) * 1000 / ${level.ms}) * ${level.ms} / 1000.0)`;
  const inRange = `c.monitor_id = $1::uuid AND c.at >= $2 AND c.at < $3 AND ($4::text IS NULL OR c.location = $4)`;
  return db.$queryRawUnsafe<Array<Rollup & { at: Date }>>(
    `WITH counted AS (SELECT ${bucket} AS at, count(*)::int AS n, (count(*) FILTER (WHERE c.up))::int AS ok
       FROM monitoring.checks c WHERE ${inRange} GROUP BY 1),
     bucketed AS (
       SELECT at, metric, ${SQL_BUCKET} AS bucket, count(*) AS k, min(value) AS lo, sum(value) AS total, max(value) AS hi
       FROM (SELECT ${bucket} AS at, v.metric, v.value
             FROM monitoring.checks c CROSS JOIN LATERAL (VALUES ${values.join(', ')}) AS v(metric, value)
             WHERE ${inRange}) raw
       WHERE value IS NOT NULL
       GROUP BY 1, 2, 3),
     per_metric AS (
       SELECT at, metric, jsonb_build_array(sum(k), min(lo), sum(total), max(hi)) AS stat, jsonb_object_agg(bucket, k) AS hist
       FROM bucketed GROUP BY 1, 2)
     SELECT counted.at, counted.n, counted.ok,
       coalesce(jsonb_object_agg(p.metric, p.stat) FILTER (WHERE p.metric IS NOT NULL), '{}') AS stats,
       coalesce(jsonb_object_agg(p.metric, p.hist) FILTER (WHERE p.metric IS NOT NULL), '{}') AS hist
     FROM counted LEFT JOIN per_metric p ON p.at = counted.at
     GROUP BY counted.at, counted.n, counted.ok ORDER BY counted.at`,
    monitorId,
    from,
    new Date(to.getTime() + 1),
    location ?? null,
  );
}
