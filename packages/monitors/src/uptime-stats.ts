import type { Db } from '@pageprobe/db';

// An uptime monitor's record over time, from what is kept as checks finish (issue 29): the share of good
// checks from the rollups (the last day to the minute, longer windows to the hour; an uptime monitor's
// minutes are its raw checks) and its incidents.

export interface Incident {
  started_at: string;
  /** The first good check after it; null while it lasts. */
  ended_at: string | null;
  reason: string;
  /** It began during a maintenance window (issue 31). */
  maintenance: boolean;
}

const HOUR_MS = 3600_000;
export const WINDOWS = {
  '24h': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
  '30d': 30 * 24 * HOUR_MS,
  '90d': 90 * 24 * HOUR_MS,
};
export type Window = keyof typeof WINDOWS;
/** Incidents listed, newest first. */
export const MAX_INCIDENTS = 50;

const percent = (ok: number | null, n: number | null) => (n ? Number((((ok ?? 0) / n) * 100).toFixed(3)) : null);

/** A rollup's degraded checks: the sum of its `degraded` metric (0 or 1 a check). */
export const DEGRADED = `coalesce((stats->'degraded'->>2)::numeric, 0)`;

/**
 * The share of checks that `counted` counts (a rollup's expression, a raw check's), in percent to 3
 * decimals, in each window before `now` (the last day from the raw checks and minute rollups, longer ones
 * from the hour rollups), checks in maintenance left out; null for a window without checks.
 */
async function shareOf(
  db: Db,
  monitorId: string,
  now: Date,
  counted: { rollup: string; check: string },
): Promise<Record<Window, number | null>> {
  const since = (w: Window) => new Date(now.getTime() - WINDOWS[w]);
  const [row] = await db.$queryRawUnsafe<Array<Record<string, number | null>>>(
    `SELECT d.ok AS ok_24h, d.n AS n_24h, h.ok_7d, h.n_7d, h.ok_30d, h.n_30d, h.ok_90d, h.n_90d
     FROM (SELECT sum(ok)::float8 AS ok, sum(n)::int AS n FROM (
             SELECT ${counted.rollup} AS ok, n FROM monitoring.rollups_minute
             WHERE monitor_id = $1::uuid AND at >= $2 AND at <= $6
             UNION ALL
             SELECT ${counted.check}, 1 FROM monitoring.checks
             WHERE monitor_id = $1::uuid AND at >= $2 AND at <= $6 AND NOT maintenance) m) d,
          (SELECT sum(${counted.rollup}) FILTER (WHERE at >= $3)::float8 AS ok_7d,
                  sum(n) FILTER (WHERE at >= $3)::int AS n_7d,
                  sum(${counted.rollup}) FILTER (WHERE at >= $4)::float8 AS ok_30d,
                  sum(n) FILTER (WHERE at >= $4)::int AS n_30d,
                  sum(${counted.rollup})::float8 AS ok_90d, sum(n)::int AS n_90d
           FROM monitoring.rollups_hour WHERE monitor_id = $1::uuid AND at >= $5 AND at <= $6) h`,
    monitorId,
    since('24h'),
    since('7d'),
    since('30d'),
    since('90d'),
    now,
  );
  return {
    '24h': percent(row!.ok_24h!, row!.n_24h!),
    '7d': percent(row!.ok_7d!, row!.n_7d!),
    '30d': percent(row!.ok_30d!, row!.n_30d!),
    '90d': percent(row!.ok_90d!, row!.n_90d!),
  };
}

/** Share of good checks (degraded ones are good) in each window before `now`; null for a window without checks. */
export const uptimePercent = (db: Db, monitorId: string, now: Date) =>
  shareOf(db, monitorId, now, { rollup: 'ok', check: 'up::int' });

/**
 * Share of degraded checks (up, but an expectation of severity degraded failed), reported beside
 * uptimePercent over the same windows.
 */
export const degradedPercent = (db: Db, monitorId: string, now: Date) =>
  shareOf(db, monitorId, now, { rollup: DEGRADED, check: 'degraded::int' });

/** The monitor's incidents, newest first. */
export async function incidents(db: Db, monitorId: string): Promise<Incident[]> {
  const rows = await db.$queryRawUnsafe<
    Array<{ started_at: Date; ended_at: Date | null; reason: string; maintenance: boolean }>
  >(
    `SELECT started_at, ended_at, reason, maintenance FROM monitoring.incidents WHERE monitor_id = $1::uuid
     ORDER BY started_at DESC LIMIT ${MAX_INCIDENTS}`,
    monitorId,
  );
  return rows.map((r) => ({
    started_at: r.started_at.toISOString(),
    ended_at: r.ended_at?.toISOString() ?? null,
    reason: r.reason,
    maintenance: r.maintenance,
  }));
}
