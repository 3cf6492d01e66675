import type { Db } from '@pageprobe/db';
import { DEGRADED } from '../uptime-stats.ts';

// Uptime reports (issue 58 item 6): a monitor's record over a month or any range, from its hour rollups
// (each check counted once, maintenance left out, as the pages count it) and its incidents.

export interface ReportRange {
  from: Date;
  to: Date;
}

const HOUR_MS = 3600_000;
/** The longest range a report covers: a year and a day. */
export const MAX_REPORT_MS = 366 * 24 * HOUR_MS;

/** `2026-11`: that month in UTC. Null for anything else. */
export function monthRange(month: string): ReportRange | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) return null;
  const year = Number(m[1]);
  const index = Number(m[2]) - 1;
  return { from: new Date(Date.UTC(year, index, 1)), to: new Date(Date.UTC(year, index + 1, 1)) };
}

/** A range as the rollups hold it: whole UTC hours, the start rounded down and the end up. */
export const toHours = ({ from, to }: ReportRange): ReportRange => ({
  from: new Date(Math.floor(from.getTime() / HOUR_MS) * HOUR_MS),
  to: new Date(Math.ceil(to.getTime() / HOUR_MS) * HOUR_MS),
});

export interface ReportIncident {
  started_at: string;
  ended_at: string | null;
  /** Within the range: an incident that began before it counts from its start. */
  duration_seconds: number;
  reason: string;
  maintenance: boolean;
}

export interface MonitorReport {
  from: string;
  to: string;
  /** `degraded` are up (counted in `up`) but failed an expectation of severity degraded. */
  checks: { total: number; up: number; down: number; degraded: number };
  /** Good checks over all (3 decimals; degraded ones are good); null without checks. */
  uptime_percent: number | null;
  /** Degraded checks over all (3 decimals), reported beside. */
  degraded_percent: number | null;
  incidents: ReportIncident[];
  /** Time down within the range, from the incidents (maintenance ones left out). */
  downtime_seconds: number;
  /** Of the incidents that ended within the range: how long to recover. */
  recovery: { recovered: number; mean_seconds: number | null; longest_seconds: number | null };
}

const percent = (ok: number, n: number) => (n ? Number(((ok / n) * 100).toFixed(3)) : null);

/** A monitor's report over the range (made whole hours). */
export async function monitorReport(
  db: Db,
  monitorId: string,
  asked: ReportRange,
  now = new Date(),
): Promise<MonitorReport> {
  const range = toHours(asked);
  const [[counts], rows] = await Promise.all([
    db.$queryRawUnsafe<Array<{ n: number | null; ok: number | null; degraded: number | null }>>(
      `SELECT sum(n)::int AS n, sum(ok)::int AS ok, sum(${DEGRADED})::int AS degraded FROM monitoring.rollups_hour
       WHERE monitor_id = $1::uuid AND at >= $2 AND at < $3`,
      monitorId,
      range.from,
      range.to,
    ),
    db.$queryRawUnsafe<Array<{ started_at: Date; ended_at: Date | null; reason: string; maintenance: boolean }>>(
      `SELECT started_at, ended_at, reason, maintenance FROM monitoring.incidents
       WHERE monitor_id = $1::uuid AND started_at < $3 AND (ended_at IS NULL OR ended_at > $2)
       ORDER BY started_at`,
      monitorId,
      range.from,
      range.to,
    ),
  ]);
  const total = counts?.n ?? 0;
  const up = counts?.ok ?? 0;
  const degraded = counts?.degraded ?? 0;
  const end = Math.min(range.to.getTime(), now.getTime());
  const incidents = rows.map((r) => {
    const from = Math.max(r.started_at.getTime(), range.from.getTime());
    const until = Math.min(r.ended_at?.getTime() ?? end, end);
    return {
      started_at: r.started_at.toISOString(),
      ended_at: r.ended_at?.toISOString() ?? null,
      duration_seconds: Math.max(0, Math.round((until - from) / 1000)),
      reason: r.reason,
      maintenance: r.maintenance,
    };
  });
  const recovered = rows
    .filter((r) => r.ended_at && r.ended_at <= range.to && !r.maintenance)
    .map((r) => (r.ended_at!.getTime() - r.started_at.getTime()) / 1000);
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    checks: { total, up, down: total - up, degraded },
    uptime_percent: percent(up, total),
    degraded_percent: percent(degraded, total),
    incidents,
    downtime_seconds: incidents.filter((i) => !i.maintenance).reduce((s, i) => s + i.duration_seconds, 0),
    recovery: {
      recovered: recovered.length,
      mean_seconds: recovered.length ? Math.round(recovered.reduce((a, b) => a + b, 0) / recovered.length) : null,
      longest_seconds: recovered.length ? Math.round(Math.max(...recovered)) : null,
    },
  };
}

/** Several monitors' reports together: their checks summed, their incidents counted. */
export function combinedReport(reports: MonitorReport[]) {
  const total = reports.reduce((s, r) => s + r.checks.total, 0);
  const up = reports.reduce((s, r) => s + r.checks.up, 0);
  const degraded = reports.reduce((s, r) => s + r.checks.degraded, 0);
  const recovered = reports.flatMap((r) => (r.recovery.mean_seconds === null ? [] : [r.recovery]));
  const count = recovered.reduce((s, r) => s + r.recovered, 0);
  return {
    checks: { total, up, down: total - up, degraded },
    uptime_percent: percent(up, total),
    degraded_percent: percent(degraded, total),
    incident_count: reports.reduce((s, r) => s + r.incidents.filter((i) => !i.maintenance).length, 0),
    downtime_seconds: reports.reduce((s, r) => s + r.downtime_seconds, 0),
    recovery: {
      recovered: count,
      mean_seconds: count ? Math.round(recovered.reduce((s, r) => s + r.mean_seconds! * r.recovered, 0) / count) : null,
      longest_seconds: recovered.length ? Math.max(...recovered.map((r) => r.longest_seconds!)) : null,
    },
  };
}
