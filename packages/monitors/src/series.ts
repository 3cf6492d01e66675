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

/** The metrics a monitor's kind can plot. */
export const metricsOf = (monitor: Pick<Monitor, 'type'>) => Object.keys(kindNamed(monitor.type).monitor.metrics);

/** The finest level whose buckets over [from, to] number at most MAX_POINTS (days beyond that). */
export const levelFor = (from: Date, to: Date): Level =>
  LEVELS.find((l) => (to.getTime() - from.getTime()) / l.ms <= MAX_POINTS) ?? LEVELS[LEVELS.length - 1]!;

/**
 * A metric of a monitor's runs in [from, to], oldest first, a point per minute, hour or day (whichever
 * fits the range), read from the rollups kept as runs finish: never from the raw runs.
 */
export async function loadSeries(db: Db, monitor: Monitor, metric: string, from: Date, to: Date) {
  const level = levelFor(from, to);
  const start = bucketStart(level, from);
  const rows =
    level.name === 'minute' && monitor.type === 'uptime'
      ? await minutesOfChecks(db, monitor.id, start, to)
      : await db.$queryRawUnsafe<Array<{ at: Date } & Pick<Rollup, 'stats' | 'hist'>>>(
          `SELECT at, jsonb_build_object($4::text, stats->$4) AS stats, jsonb_build_object($4::text, hist->$4) AS hist
           FROM ${level.table} WHERE monitor_id = $1::uuid AND at >= $2 AND at <= $3 AND stats ? $4 ORDER BY at`,
          monitor.id,
          start,
          to,
          metric,
        );
  // Only the day level can overflow (ranges over MAX_POINTS days): neighbouring days are merged.
  const per = Math.ceil(rows.length / MAX_POINTS);
  const points: Point[] = [];
  for (let i = 0; i < rows.length; i += per) {
    const group = rows.slice(i, i + per);
    const merged = group.reduce((a, b) => mergeRollups(a, { n: 0, ok: 0, ...b }), { n: 0, ok: 0, stats: {}, hist: {} });
    const summary = summarise(merged, metric);
    if (summary) points.push({ at: group[0]!.at, ...summary });
  }
  return { resolution: level.name, points };
}

/** An uptime monitor's minutes in [from, to], oldest first: its raw checks are that level (CHECK_LEVELS). */
async function minutesOfChecks(db: Db, monitorId: string, from: Date, to: Date) {
  const minute = LEVELS[0];
  const minutes = new Map<number, Rollup>();
  for (const check of await checksBetween(db, monitorId, from, new Date(to.getTime() + 1))) {
    const at = bucketStart(minute, check.slot).getTime();
    minutes.set(at, addRun(minutes.get(at) ?? emptyRollup(), sampleOf(check)));
  }
  return [...minutes].map(([at, rollup]) => ({ at: new Date(at), ...rollup }));
}
