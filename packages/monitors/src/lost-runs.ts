import type { Pool } from '@pageprobe/db';
import { DEFAULT_LOCATION } from '@pageprobe/jobs';
import { runsChecks } from '@pageprobe/test-kinds';
import type { JobType, Queue } from 'bullmq';

// A monitor's run is in flight from its claim (running_since = the slot) until its check is recorded,
// and every slot meanwhile is skipped as busy. A check batch Redis lost (a failover's promoted replica
// never had it, or Redis lost its data) would keep its monitors in flight, silent, until
// LOST_RUN_MINUTES; the sweep finds them sooner (issue 49).

/** States in which a batch's checks are still to run, or running. */
const PENDING: JobType[] = ['wait', 'active', 'delayed', 'prioritized', 'waiting-children'];

/** Monitors one sweep looks at. */
const BATCH = 500;

interface InFlight {
  id: string;
  type: string;
  running_since: Date;
  locations: string[] | null;
}

/**
 * Check monitors (uptime, tcp, dns) in flight for longer than `olderThanMs` whose slot no pending batch
 * of their locations' queues holds: their run is over without a check. Each such slot is counted
 * skipped and the monitor freed to run at its next slot. Returns how many. (A lighthouse or SEO
 * monitor's run becomes a test, which PostgreSQL holds and the test sweeper re-queues.)
 */
export async function sweepLostRuns(
  pool: Pool,
  monitorChecks: (location: string) => Queue,
  olderThanMs: number,
): Promise<number> {
  const { rows } = await pool.query<InFlight>(
    `SELECT id, type, running_since, locations FROM monitors
      WHERE running_since < now() - make_interval(secs => $1 / 1000.0) AND deleted_at IS NULL
      ORDER BY running_since LIMIT ${BATCH}`,
    [olderThanMs],
  );
  const checks = rows.filter((r) => runsChecks(r.type));
  if (checks.length === 0) return 0;
  const pending = new Set<string>();
  const locations = new Set(checks.flatMap((r) => (r.locations?.length ? r.locations : [DEFAULT_LOCATION])));
  for (const location of locations) {
    for (const job of await monitorChecks(location).getJobs(PENDING)) {
      const batch = job?.data as { checks?: Array<{ monitorId: string; slot: number }> } | undefined;
      for (const c of batch?.checks ?? []) pending.add(`${c.monitorId} ${c.slot}`);
    }
  }
  const lost = checks.filter((r) => !pending.has(`${r.id} ${r.running_since.getTime()}`));
  if (lost.length === 0) return 0;
  // Only where the run is still the one looked at: a batch recorded meanwhile has cleared it.
  const { rowCount } = await pool.query(
    `UPDATE monitors m SET running_since = NULL, skipped_runs = m.skipped_runs + 1
       FROM unnest($1::uuid[], $2::timestamptz[]) AS l(id, since)
      WHERE m.id = l.id AND m.running_since = l.since`,
    [lost.map((r) => r.id), lost.map((r) => r.running_since)],
  );
  return rowCount ?? 0;
}
