import type { Db, Monitor } from '@pageprobe/db';
import { kindNamed } from '@pageprobe/test-kinds';

/** A series is drawn from at most this many points; more are averaged into time buckets. */
export const MAX_POINTS = 500;

export interface Point {
  at: Date;
  value: number;
}

/** The metrics a monitor's kind can plot. */
export const metricsOf = (monitor: Pick<Monitor, 'type'>) => Object.keys(kindNamed(monitor.type).monitor.metrics);

/**
 * At most `max` points: as they are when few enough, else the mean of each of `max` equal slices of
 * [from, to] that has any (at its points' mean time), so a month of one-minute checks stays drawable.
 */
export function downsample(points: Point[], from: Date, to: Date, max = MAX_POINTS): Point[] {
  if (points.length <= max) return points;
  const span = Math.max(1, to.getTime() - from.getTime());
  const sums = new Map<number, { t: number; v: number; n: number }>();
  for (const p of points) {
    const slot = Math.min(max - 1, Math.floor(((p.at.getTime() - from.getTime()) / span) * max));
    const s = sums.get(slot) ?? { t: 0, v: 0, n: 0 };
    s.t += p.at.getTime();
    s.v += p.value;
    s.n++;
    sums.set(slot, s);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, s]) => ({ at: new Date(Math.round(s.t / s.n)), value: Number((s.v / s.n).toFixed(3)) }));
}

/** A metric of a monitor's completed runs in [from, to], oldest first, downsampled. */
export async function loadSeries(db: Db, monitor: Monitor, metric: string, from: Date, to: Date): Promise<Point[]> {
  const read = kindNamed(monitor.type).monitor.metrics[metric];
  if (!read) throw new Error(`no metric ${metric} for ${monitor.type}`);
  const rows = await db.test.findMany({
    where: { monitorId: monitor.id, status: 'completed', completedAt: { gte: from, lte: to } },
    select: {
      completedAt: true,
      performanceScore: true,
      structureScore: true,
      scores: true,
      vitals: true,
      result: true,
    },
    orderBy: { completedAt: 'asc' },
  });
  const points: Point[] = [];
  for (const row of rows) {
    const value = read({ ...row, audits: null, seoIssues: null, runResults: null });
    if (value !== null) points.push({ at: row.completedAt!, value });
  }
  return downsample(points, from, to);
}
