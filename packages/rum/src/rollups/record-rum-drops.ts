import type { Queryable } from './record-rum-rollups.ts';

/** Beacons dropped for one reason, for one site (or NIL_SITE) in one hour. */
export interface RumDropRow {
  siteId: string;
  /** The start of the hour. */
  at: Date;
  reason: string;
  n: number;
}

/** Adds counts to monitoring.rum_dropped (upserted, summed), in key order. One statement. */
export async function recordRumDrops(db: Queryable, rows: readonly RumDropRow[]): Promise<void> {
  if (rows.length === 0) return;
  const summed = new Map<string, RumDropRow>();
  for (const r of rows) {
    const key = `${r.siteId} ${r.at.toISOString()} ${r.reason}`;
    const seen = summed.get(key);
    summed.set(key, seen ? { ...seen, n: seen.n + r.n } : r);
  }
  const sorted = [...summed].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
  await db.query(
    `INSERT INTO monitoring.rum_dropped AS d (site_id, at, reason, n)
     SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::bigint[])
     ON CONFLICT (site_id, at, reason) DO UPDATE SET n = d.n + excluded.n`,
    [sorted.map((r) => r.siteId), sorted.map((r) => r.at), sorted.map((r) => r.reason), sorted.map((r) => r.n)],
  );
}
