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

/** Share of good checks (percent, 3 decimals) in each window before `now`; null for a window without checks. */
export async function uptimePercent(db: Db, monitorId: string, now: Date): Promise<Record<Window, number | null>> {
  const since = (w: Window) => new Date(now.getTime() - WINDOWS[w]);
  const [row] = await db.$queryRawUnsafe<Array<Record<string, number | null>>>(
    `SELECT d.ok AS ok_24h, d.n AS n_24h, h.ok_7d, h.n_7d, h.ok_30d, h.n_30d, h.ok_90d, h.n_90d
     FROM (SELECT sum(ok)::int AS ok, sum(n)::int AS n FROM (
             SELECT ok, n FROM monitoring.rollups_minute WHERE monitor_id = $1::uuid AND at >= $2 AND at <= $6
             UNION ALL
             SELECT up::int, 1 FROM monitoring.checks
             WHERE monitor_id = $1::uuid AND at >= $2 AND at <= $6 AND NOT maintenance) m) d,
          (SELECT sum(ok) FILTER (WHERE at >= $3)::int AS ok_7d, sum(n) FILTER (WHERE at >= $3)::int AS n_7d,
                  sum(ok) FILTER (WHERE at >= $4)::int AS ok_30d, sum(n) FILTER (WHERE at >= $4)::int AS n_30d,
                  sum(ok)::int AS ok_90d, sum(n)::int AS n_90d
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
