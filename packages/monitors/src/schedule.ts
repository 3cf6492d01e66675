import { createHash } from 'node:crypto';
import type { Plan, Pool, TestType } from '@pageprobe/db';
import { atLocation, DEFAULT_LOCATION, enqueueMany, jobs } from '@pageprobe/jobs';
import { runsChecks } from '@pageprobe/test-kinds';
import type { Queue } from 'bullmq';

// Scheduling (issue 29). Due times live in PostgreSQL (`monitors.next_run_at`, on a grid spread over the
// interval by each monitor's phase). One BullMQ job scheduler makes a tick every TICK_MS; whichever
// dispatcher takes it claims the monitors due in batches (FOR UPDATE SKIP LOCKED,
// so dispatchers never wait on each other or take the same row) and queues their runs in the same
// transaction: a dispatcher killed before the commit leaves its batch due for the next tick, one killed
// after it has queued every run (a run queued twice has the same job id, a check batch's id being its
// content's: checkBatch; a check recorded twice, the same key). Uptime checks go to the uptime workers in
// batches; other kinds become tests (runMonitor).
// Heartbeats (issue 47) are never claimed here: they have no next_run_at, only a deadline, which
// heartbeats/claim-late.ts claims on the same tick.

/** Runs start at most this late (plus the claim's own time). Claims are made at the slot, not ahead of
 * it, so whether the run before is still in flight is judged when the slot comes. */
export const TICK_MS = 250;
/** Monitors claimed by one statement. */
export const CLAIM_BATCH = 500;
/** Uptime checks in one job. */
export const CHECKS_PER_JOB = 25;
/** A run claimed this long ago and never recorded is taken for lost (Redis lost it): its monitor runs again. */
export const LOST_RUN_MINUTES = 10;

export const TICK_SCHEDULER = 'monitor-tick';

export interface Claimed {
  id: string;
  type: TestType;
  plan: Plan;
  slot: Date;
  /** The run before is still in flight: this slot is skipped (and counted). */
  busy: boolean;
  /** Where it checks from (issue 32); null: the default location. */
  locations: string[] | null;
  location_mode: string;
  interval_seconds: number;
}

// The slot is the due time, or now for a monitor more than an interval behind (an outage): it runs once,
// not once per missed slot. Its next slot is the first on its grid at least half an interval later. Every
// slot of its grid between the due time and that next slot but the one it runs is counted skipped (none
// normally; after an outage or a failover the ones missed, issue 49: never dropped silently), as is the
// slot itself when the run before is still in flight.
const CLAIM = `
WITH due AS (
  SELECT m.id, CASE WHEN m.next_run_at > now() - make_interval(secs => m.interval_seconds) THEN m.next_run_at
    ELSE now() END AS slot, t.plan,
    coalesce(m.running_since > now() - make_interval(mins => ${LOST_RUN_MINUTES}), false) AS busy
  FROM monitors m JOIN teams t ON t.id = m.team_id
  WHERE m.next_run_at <= now()
    AND m.status = 'active' AND m.deleted_at IS NULL AND m.type <> 'heartbeat'
  ORDER BY m.next_run_at
  LIMIT $1
  FOR UPDATE OF m SKIP LOCKED
), planned AS (
  SELECT due.*, monitoring.next_slot(due.slot + make_interval(secs => m.interval_seconds / 2.0), m.interval_seconds,
    m.phase_ms) AS next
  FROM due JOIN monitors m ON m.id = due.id
)
UPDATE monitors m SET
  next_run_at = planned.next,
  running_since = CASE WHEN planned.busy THEN m.running_since ELSE planned.slot END,
  last_run_at = CASE WHEN planned.busy THEN m.last_run_at ELSE planned.slot END,
  skipped_runs = m.skipped_runs + planned.busy::int
    + greatest(0, round(extract(epoch FROM planned.next - m.next_run_at) / m.interval_seconds)::int - 1)
FROM planned WHERE m.id = planned.id
RETURNING m.id, m.type, planned.plan, planned.slot, planned.busy, m.locations, m.location_mode, m.interval_seconds`;

export interface TickDeps {
  pool: Pool;
  /** The uptime workers' queue of check batches at a location. */
  monitorChecks: (location: string) => Queue;
  /** The dispatchers' queue of other kinds' runs. */
  monitorRuns: Queue;
}

/**
 * Claims the monitors due and queues their runs, looping while batches come back full. Returns how many
 * runs it queued and how many slots it skipped.
 */
export async function runTick(deps: TickDeps): Promise<{ run: number; skipped: number }> {
  const total = { run: 0, skipped: 0 };
  for (;;) {
    const client = await deps.pool.connect();
    let claimed: Claimed[];
    try {
      await client.query('BEGIN');
      claimed = (await client.query<Claimed>(CLAIM, [CLAIM_BATCH])).rows;
      const run = claimed.filter((c) => !c.busy);
      await queueRuns(deps, run);
      await client.query('COMMIT');
      total.run += run.length;
      total.skipped += claimed.length - run.length;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
    if (claimed.length < CLAIM_BATCH) return total;
  }
}

/**
 * Where a monitor checks this slot from (issue 32): each of its locations, or with round_robin one of
 * them in turn (the slot's number on the monitor's grid picks it).
 */
export function checkLocations(c: Pick<Claimed, 'locations' | 'location_mode' | 'interval_seconds' | 'slot'>) {
  const locations = c.locations?.length ? c.locations : [DEFAULT_LOCATION];
  if (c.location_mode !== 'round_robin') return locations;
  const turn = Math.floor(c.slot.getTime() / (c.interval_seconds * 1000));
  return [locations[turn % locations.length]!];
}

async function queueRuns(deps: TickDeps, claimed: Claimed[]): Promise<void> {
  const byLocation = new Map<string, Claimed[]>();
  for (const c of claimed.filter((c) => runsChecks(c.type))) {
    for (const location of checkLocations(c)) byLocation.set(location, [...(byLocation.get(location) ?? []), c]);
  }
  const added: Promise<void>[] = [];
  for (const [location, checks] of byLocation) {
    const batches = [];
    for (let i = 0; i < checks.length; i += CHECKS_PER_JOB) {
      batches.push(
        checkBatch(
          checks.slice(i, i + CHECKS_PER_JOB).map((c) => ({ monitorId: c.id, slot: c.slot.getTime(), plan: c.plan })),
        ),
      );
    }
    added.push(enqueueMany(deps.monitorChecks(location), atLocation(jobs.monitorChecks, location), batches));
  }
  const runs = claimed.filter((c) => !runsChecks(c.type)).map((c) => ({ monitorId: c.id, slot: c.slot.getTime() }));
  // One addBulk a queue: a round trip for the whole batch.
  await Promise.all([...added, enqueueMany(deps.monitorRuns, jobs.monitorRun, runs)]);
}

export interface CheckOrder {
  monitorId: string;
  /** Epoch ms. */
  slot: number;
  plan: Plan;
}

/**
 * A check batch, its job id made of what it holds: a digest of its monitors and slots (shaped as a UUID,
 * the form workers of every version parse) and its first slot. The same checks claimed twice are one
 * job; other checks are never taken for a duplicate. A dispatcher killed before its commit leaves a
 * batch queued, and the claim that takes its monitors again may group them otherwise (ties in
 * next_run_at, rows another dispatcher held): an id of the first monitor and slot alone dropped such a
 * batch as a duplicate of the orphan, its other monitors left in flight and their slots skipped as busy.
 */
export function checkBatch(checks: CheckOrder[]): { batch: string; checks: CheckOrder[] } {
  const digest = createHash('sha256')
    .update(checks.map((c) => `${c.monitorId}@${c.slot}`).join(','))
    .digest('hex');
  const uuid = [
    digest.slice(0, 8),
    digest.slice(8, 12),
    digest.slice(12, 16),
    digest.slice(16, 20),
    digest.slice(20, 32),
  ];
  return { batch: `${uuid.join('-')}_${checks[0]!.slot}`, checks };
}

/**
 * The one tick scheduler. Its absence means Redis lost its data (or never had it): every run in flight
 * was lost with it, so their monitors' in-flight marks are cleared and they run at their next slot.
 */
export async function ensureTickScheduler(pool: Pool, ticks: Queue): Promise<boolean> {
  if (await ticks.getJobScheduler(TICK_SCHEDULER)) return false;
  await pool.query('UPDATE monitors SET running_since = NULL WHERE running_since IS NOT NULL');
  await ticks.upsertJobScheduler(
    TICK_SCHEDULER,
    { every: TICK_MS },
    { name: jobs.monitorTick.name, data: {}, opts: { removeOnComplete: true, removeOnFail: true } },
  );
  return true;
}

/** Monitors had a BullMQ job scheduler each before issue 29: an upgraded deployment drops them. */
export async function removeLegacySchedulers(monitorRuns: Queue): Promise<number> {
  const legacy = await monitorRuns.getJobSchedulers(0, 999);
  await Promise.all(legacy.map((s) => monitorRuns.removeJobScheduler(s.key)));
  return legacy.length;
}
