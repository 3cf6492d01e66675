import type { Plan, Prisma } from '@pageprobe/db';
import type { FinishedCheck } from '../checks/check-row.ts';
import type { HeartbeatTiming } from './heartbeat-schedule.ts';

/** A heartbeat monitor's row as the tick reads it, locked. */
export interface HeartbeatRow {
  id: string;
  plan: Plan;
  active: boolean;
  period_seconds: number | null;
  grace_seconds: number | null;
  schedule: string | null;
  time_zone: string | null;
  deadline_at: Date | null;
  run_started_at: Date | null;
  last_ping_at: Date | null;
}

export const timingOf = (row: HeartbeatRow): HeartbeatTiming => ({
  periodSeconds: row.period_seconds,
  graceSeconds: row.grace_seconds,
  schedule: row.schedule,
  timeZone: row.time_zone,
});

/** Reads and locks heartbeats by id, in id order (as recordChecks locks monitors: no deadlock). */
export const lockHeartbeats = (tx: Prisma.TransactionClient, ids: string[]) =>
  tx.$queryRawUnsafe<HeartbeatRow[]>(
    `SELECT m.id::text, t.plan, (m.status = 'active' AND m.deleted_at IS NULL) AS active, m.period_seconds,
       m.grace_seconds, m.schedule, m.time_zone, m.deadline_at, m.run_started_at, m.last_ping_at
     FROM monitors m JOIN teams t ON t.id = m.team_id
     WHERE m.id = ANY($1::uuid[]) AND m.type = 'heartbeat' ORDER BY m.id FOR UPDATE OF m`,
    ids,
  );

/** Writes each heartbeat's deadline, open run and last ping (one statement). */
export async function saveHeartbeats(tx: Prisma.TransactionClient, rows: HeartbeatRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.$executeRawUnsafe(
    `UPDATE monitors m SET deadline_at = s.deadline_at, run_started_at = s.run_started_at, last_ping_at = s.last_ping_at
     FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[], $4::timestamptz[])
       s(id, deadline_at, run_started_at, last_ping_at)
     WHERE m.id = s.id`,
    rows.map((r) => r.id),
    rows.map((r) => r.deadline_at),
    rows.map((r) => r.run_started_at),
    rows.map((r) => r.last_ping_at),
  );
}

/** A heartbeat's check: no request, so only up or down, the reason and the run's duration (total). */
export function heartbeatCheck(
  row: HeartbeatRow,
  slot: Date,
  startedAt: Date,
  outcome: { reason: string | null; durationMs: number | null },
  words?: FinishedCheck['words'],
  details?: Record<string, unknown>,
): FinishedCheck {
  return {
    monitorId: row.id,
    location: 'default',
    plan: row.plan,
    slot,
    startedAt,
    figures: {
      up: outcome.reason === null,
      reason: outcome.reason,
      status_code: null,
      timings_ms: { dns: null, connect: null, tls: null, first_byte: null, download: null, total: outcome.durationMs },
      tls: null,
    },
    passed: null,
    failing: [],
    ...(words ? { words } : {}),
    ...(details ? { details } : {}),
  };
}
