import type { Db } from '@pageprobe/db';
import { type CheckFigures, type FinishedCheck, PHASES, REASONS } from './check-row.ts';

interface Row {
  monitor_id: string;
  at: Date;
  plan: FinishedCheck['plan'];
  delay_ms: number;
  dns_ms: number | null;
  connect_ms: number | null;
  tls_ms: number | null;
  first_byte_ms: number | null;
  download_ms: number | null;
  total_ms: number | null;
  status_code: number | null;
  reason: number | null;
  certificate_days: number | null;
  up: boolean;
  passed: boolean | null;
  maintenance: boolean;
  location: string;
  suppressed_by: string | null;
  degraded: boolean;
}

/** A stored check read back (its failing assertions are not kept). */
export function checkFromRow(row: Row): FinishedCheck {
  const figures: CheckFigures = {
    up: row.up,
    reason: row.reason === null ? null : (REASONS[row.reason - 1] ?? null),
    status_code: row.status_code,
    timings_ms: Object.fromEntries(PHASES.map((p) => [p, row[`${p}_ms`]])) as CheckFigures['timings_ms'],
    tls: row.certificate_days === null ? null : { days_remaining: row.certificate_days },
    degraded: row.degraded,
  };
  return {
    monitorId: row.monitor_id,
    location: row.location,
    plan: row.plan,
    slot: row.at,
    startedAt: new Date(row.at.getTime() + row.delay_ms),
    figures,
    passed: row.passed,
    failing: [],
    maintenance: row.maintenance,
    suppressedBy: row.suppressed_by,
  };
}

/** A monitor's checks before `before` (or the newest), newest first. */
export async function listChecks(db: Db, monitorId: string, before: Date | null, limit: number) {
  const rows = await db.$queryRawUnsafe<Row[]>(
    `SELECT *, suppressed_by::text FROM monitoring.checks WHERE monitor_id = $1::uuid AND ($2::timestamptz IS NULL OR at < $2)
     ORDER BY at DESC LIMIT $3`,
    monitorId,
    before,
    limit,
  );
  return rows.map(checkFromRow);
}

/** A monitor's checks in [from, to), oldest first (recomputing, exporting), of one location or all. */
export async function checksBetween(db: Db, monitorId: string, from: Date, to: Date, location?: string) {
  const rows = await db.$queryRawUnsafe<Row[]>(
    `SELECT *, suppressed_by::text FROM monitoring.checks WHERE monitor_id = $1::uuid AND at >= $2 AND at < $3
       AND ($4::text IS NULL OR location = $4) ORDER BY at`,
    monitorId,
    from,
    to,
    location ?? null,
  );
  return rows.map(checkFromRow);
}
