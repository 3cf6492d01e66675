import type { Db, Monitor } from '@pageprobe/db';
import { kindNamed } from '@pageprobe/test-kinds';
import {
  addRun,
  bucketStart,
  emptyRollup,
  type Level,
  LEVELS,
  mergeRollups,
  type Rollup,
  type Summary,
  summarise,
} from '@pageprobe/test-lifecycle';
import { sampleOf } from './checks/check-row.ts';
import { checksBetween } from './checks/list-checks.ts';

/** A series has at most this many points: the finest rollups that fit, merged further when still too many. */
export const MAX_POINTS = 500;

export interface Point extends Summary {
  /** The start of the point's minute, hour or day. */
  at: Date;
}

/** The metrics a monitor's kind can plot (its fixed names; namedMetrics add the page's own). */
export const metricsOf = (monitor: Pick<Monitor, 'type'>) => Object.keys(kindNamed(monitor.type).monitor.metrics);

/** Whether a monitor's series may plot `metric`: one of its kind's names, or a name the page chose. */
export const plotsMetric = (monitor: Pick<Monitor, 'type'>, metric: string) =>
  metricsOf(monitor).includes(metric) || kindNamed(monitor.type).monitor.namedMetrics?.pattern.test(metric) === true;

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
 * together). One location's series (issue 32: an uptime monitor's, `location` given) is summed up from
 * its raw checks, as the rollups are across locations: it reaches back as far as the plan keeps them.
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
    (level.name === 'minute' || location !== undefined) && monitor.type === 'uptime'
      ? await bucketsOfChecks(db, monitor.id, level, start, to, location)
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

/**
 * An uptime monitor's buckets of `level` in [from, to], oldest first, summed up from its raw checks (the
 * minute level is its raw checks: CHECK_LEVELS), of one location or all.
 */
async function bucketsOfChecks(db: Db, monitorId: string, level: Level, from: Date, to: Date, location?: string) {
  const buckets = new Map<number, Rollup>();
  for (const check of await checksBetween(db, monitorId, from, new Date(to.getTime() + 1), location)) {
    const at = bucketStart(level, check.slot).getTime();
    buckets.set(at, addRun(buckets.get(at) ?? emptyRollup(), sampleOf(check)));
  }
  return [...buckets].map(([at, rollup]) => ({ at: new Date(at), ...rollup }));
}
