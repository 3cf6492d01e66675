import type { CallbackDelivery, Db } from '@pageprobe/db';
import type { AlertLinkBases } from '@pageprobe/test-lifecycle';
import type { FinishedCheck } from '../checks/check-row.ts';
import { recordChecksIn } from '../checks/record-checks.ts';
import { deadlineAfterMissed } from './heartbeat-schedule.ts';
import { type HeartbeatRow, heartbeatCheck, saveHeartbeats, timingOf } from './heartbeat-state.ts';
import { missedWords, timeoutWords } from './heartbeat-words.ts';

/** Late heartbeats claimed by one statement. */
export const LATE_BATCH = 500;
/**
 * A deadline is judged this long after it passes: a ping received just before it may still be committing
 * (the API's group commit), and one already stored but not yet applied keeps its monitor from being
 * claimed at all.
 */
export const LATE_MARGIN_MS = 1_000;

// Heartbeats past their deadline (a partial index holds only heartbeats' deadlines), none of whose pings
// waits in the inbox, locked with SKIP LOCKED so dispatchers never take the same one or wait on each other.
const CLAIM_LATE = `
SELECT m.id::text, t.plan, true AS active, m.period_seconds, m.grace_seconds, m.schedule, m.time_zone,
  m.deadline_at, m.run_started_at, m.last_ping_at
FROM monitors m JOIN teams t ON t.id = m.team_id
WHERE m.deadline_at <= now() - make_interval(secs => $2::double precision / 1000)
  AND m.type = 'heartbeat' AND m.status = 'active' AND m.deleted_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM monitoring.ping_inbox i WHERE i.monitor_id = m.id)
ORDER BY m.deadline_at
LIMIT $1
FOR UPDATE OF m SKIP LOCKED`;

/**
 * Claims heartbeats past their deadline and records a down check for each (reason `missed`, or
 * `run_timeout` with the run's duration so far when a started run did not end), keyed by the deadline,
 * so a claim made twice records one. Their next deadline is the next period's (or slot's): each missed
 * one is a check of its own, so reminders and uptime count it.
 */
export async function claimLate(
  db: Db,
  links: AlertLinkBases,
  batch = LATE_BATCH,
): Promise<{ late: number; deliveries: CallbackDelivery[] }> {
  return db.$transaction(
    async (tx) => {
      const rows = await tx.$queryRawUnsafe<HeartbeatRow[]>(CLAIM_LATE, batch, LATE_MARGIN_MS);
      if (rows.length === 0) return { late: 0, deliveries: [] };
      const now = new Date();
      const checks: FinishedCheck[] = [];
      for (const row of rows) {
        const deadline = row.deadline_at!;
        const timing = timingOf(row);
        const started = row.run_started_at;
        const durationMs = started ? now.getTime() - started.getTime() : null;
        checks.push(
          started
            ? heartbeatCheck(
                row,
                deadline,
                now,
                { reason: 'run_timeout', durationMs },
                timeoutWords(timing, started, durationMs!),
                {
                  deadline: deadline.toISOString(),
                  run_started_at: started.toISOString(),
                  run_duration_ms: durationMs,
                },
              )
            : heartbeatCheck(
                row,
                deadline,
                now,
                { reason: 'missed', durationMs: null },
                missedWords(timing, deadline, row.last_ping_at),
                { deadline: deadline.toISOString(), last_ping_at: row.last_ping_at?.toISOString() ?? null },
              ),
        );
        row.run_started_at = null;
        row.deadline_at = deadlineAfterMissed(timing, deadline, now);
      }
      await saveHeartbeats(tx, rows);
      const deliveries = await recordChecksIn(tx, checks, links);
      return { late: rows.length, deliveries };
    },
    { timeout: 30_000 },
  );
}
