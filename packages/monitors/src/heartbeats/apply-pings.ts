import type { CallbackDelivery, Db, Plan } from '@pageprobe/db';
import type { AlertLinkBases } from '@pageprobe/test-lifecycle';
import type { FinishedCheck } from '../checks/check-row.ts';
import { recordChecksIn } from '../checks/record-checks.ts';
import { deadlineAfter } from './heartbeat-schedule.ts';
import { type HeartbeatRow, heartbeatCheck, lockHeartbeats, saveHeartbeats, timingOf } from './heartbeat-state.ts';
import { failedWords } from './heartbeat-words.ts';
import { PING_KINDS } from './ping-store.ts';

/** Pings applied by one transaction. */
export const APPLY_BATCH = 2_000;

interface InboxPing {
  id: string;
  monitor_id: string;
  at: Date;
  plan: Plan;
  kind: number;
  exit_code: number | null;
}

// Takes pings stored and not yet applied; another dispatcher's tick skips those taken (SKIP LOCKED), and
// they leave the inbox only if this transaction commits: a dispatcher dying mid-way leaves them for the next.
const TAKE_INBOX = `
DELETE FROM monitoring.ping_inbox WHERE id IN (
  SELECT id FROM monitoring.ping_inbox ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
) RETURNING id::text, monitor_id::text, at, plan, kind, exit_code`;

/**
 * Applies stored pings to their heartbeats, in one transaction: a start opens a run, a success, failure or
 * exit status ends one and is a check (recorded, with its alerts, by recordChecks), and the deadline moves
 * on from the latest ping. Every ping stays in monitoring.pings; of one heartbeat's run ends in a batch,
 * the checks are its failures and the last success of each run of them (checksOfBatch), so a job pinging
 * many times a second costs a check per tick rather than one per ping, and a /fail still alerts. Returns
 * how many pings it applied and the alerts' deliveries to enqueue.
 */
export async function applyPings(
  db: Db,
  links: AlertLinkBases,
  batch = APPLY_BATCH,
): Promise<{ applied: number; deliveries: CallbackDelivery[] }> {
  return db.$transaction(
    async (tx) => {
      const pings = await tx.$queryRawUnsafe<InboxPing[]>(TAKE_INBOX, batch);
      if (pings.length === 0) return { applied: 0, deliveries: [] };
      const rows = await lockHeartbeats(tx, [...new Set(pings.map((p) => p.monitor_id))]);
      const byMonitor = new Map<string, InboxPing[]>();
      for (const ping of pings) byMonitor.set(ping.monitor_id, [...(byMonitor.get(ping.monitor_id) ?? []), ping]);
      const checks: FinishedCheck[] = [];
      const durations: Array<{ ping: InboxPing; ms: number }> = [];
      const changed: HeartbeatRow[] = [];
      for (const row of rows) {
        // A paused or deleted heartbeat keeps its pings' log, but they judge nothing.
        if (!row.active) continue;
        const own = byMonitor
          .get(row.id)!
          .sort((a, b) => a.at.getTime() - b.at.getTime() || Number(a.id) - Number(b.id));
        const ends: FinishedCheck[] = [];
        for (const ping of own) applyPing(row, ping, ends, durations);
        checks.push(...checksOfBatch(ends));
        changed.push(row);
      }
      await saveHeartbeats(tx, changed);
      if (durations.length) {
        await tx.$executeRawUnsafe(
          `UPDATE monitoring.pings p SET duration_ms = d.ms
           FROM unnest($1::uuid[], $2::timestamptz[], $3::bigint[], $4::int[], $5::"Plan"[]) d(monitor_id, at, id, ms, plan)
           WHERE p.monitor_id = d.monitor_id AND p.at = d.at AND p.id = d.id AND p.plan = d.plan`,
          durations.map((d) => d.ping.monitor_id),
          durations.map((d) => d.ping.at),
          durations.map((d) => d.ping.id),
          durations.map((d) => d.ms),
          durations.map((d) => d.ping.plan),
        );
      }
      const deliveries = checks.length ? await recordChecksIn(tx, checks, links) : [];
      return { applied: pings.length, deliveries };
    },
    { timeout: 30_000 },
  );
}

/**
 * The checks recorded for one heartbeat's run ends in a batch (oldest first): every failure, each counting
 * towards the monitor's failures in a row and its alert as it would one at a time, and of each run of
 * successes its last (a success between others changes nothing an alert or the state shows).
 */
export function checksOfBatch(ends: FinishedCheck[]): FinishedCheck[] {
  return ends.filter((check, i) => !check.figures.up || i === ends.length - 1 || !ends[i + 1]!.figures.up);
}

/** One ping's effect on its heartbeat (`row`, changed in place), oldest first. */
function applyPing(
  row: HeartbeatRow,
  ping: InboxPing,
  checks: FinishedCheck[],
  durations: Array<{ ping: InboxPing; ms: number }>,
): void {
  const kind = PING_KINDS[ping.kind];
  const timing = timingOf(row);
  const newest = !row.last_ping_at || ping.at >= row.last_ping_at;
  if (kind === 'start') {
    // A start opens a run that must end within the grace; an older start than the last ping is stale.
    if (newest) {
      row.run_started_at = ping.at;
      row.deadline_at = new Date(ping.at.getTime() + (row.grace_seconds ?? 0) * 1000);
      row.last_ping_at = ping.at;
    }
    return;
  }
  // A run's end: success, failure, or an exit status (0 is success).
  const failed = kind === 'fail' || (kind === 'exit' && ping.exit_code !== 0);
  const started = row.run_started_at && row.run_started_at <= ping.at ? row.run_started_at : null;
  const durationMs = started ? ping.at.getTime() - started.getTime() : null;
  if (durationMs !== null) durations.push({ ping, ms: durationMs });
  const details: Record<string, unknown> = {
    ping_kind: kind,
    ...(kind === 'exit' ? { exit_code: ping.exit_code } : {}),
    ...(durationMs !== null ? { run_duration_ms: durationMs } : {}),
  };
  checks.push(
    heartbeatCheck(
      row,
      ping.at,
      ping.at,
      { reason: failed ? 'run_failed' : null, durationMs },
      failed ? failedWords(kind === 'exit' ? ping.exit_code : null, durationMs) : undefined,
      details,
    ),
  );
  if (newest) {
    row.run_started_at = null;
    row.last_ping_at = ping.at;
    row.deadline_at = deadlineAfter(timing, ping.at);
  }
}
