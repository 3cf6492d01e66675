import type { Db, TestType } from '@pageprobe/db';
import { atLocation, enqueueMany, jobs, type TestQueueAt, testJobFor } from '@pageprobe/jobs';
import { locationsOf } from './accept/accept-test.ts';
import type { Queue } from 'bullmq';
import { deliveryJob } from './transitions.ts';

// PostgreSQL rows are the outbox of their jobs: a test is written `queued` before its job is added,
// a delivery `pending` before its job. A crash (or Redis losing data) between the two leaves a row
// without a job; the sweeper re-adds jobs for rows that have waited too long. Job ids are row ids,
// so re-adding a job that still exists does nothing.

/** Rows one sweep looks at, oldest first. */
export const SWEEP_BATCH = 500;

/**
 * Re-adds the jobs of tests of `types` left queued, each to the queue of every location it runs from
 * (issue 32) that has not recorded its entry yet. Returns how many of those jobs Redis no longer had
 * (lost with its data, or in a failover: writes the old master acknowledged and never replicated): the
 * others were only waiting, and adding them again changed nothing.
 */
export async function sweepQueuedTests(
  db: Db,
  types: readonly TestType[],
  queueAt: TestQueueAt,
  olderThanMs: number,
): Promise<number> {
  const rows = await db.test.findMany({
    where: {
      status: 'queued',
      type: { in: [...types] },
      createdAt: { lt: new Date(Date.now() - olderThanMs) },
    },
    select: { id: true, type: true, locations: true, locationResults: true },
    orderBy: { createdAt: 'asc' },
    take: SWEEP_BATCH,
  });
  const byQueue = new Map<string, { type: TestType; location: string; ids: Array<{ testId: string }> }>();
  for (const row of rows) {
    const done = (row.locationResults as Record<string, unknown> | null) ?? {};
    for (const location of locationsOf(row).filter((l) => !done[l])) {
      const key = `${row.type} ${location}`;
      const group = byQueue.get(key) ?? { type: row.type, location, ids: [] };
      group.ids.push({ testId: row.id });
      byQueue.set(key, group);
    }
  }
  let lost = 0;
  for (const { type, location, ids } of byQueue.values()) {
    const queue = queueAt(type, location);
    const def = atLocation(testJobFor(type), location);
    // Asked all at once: one wait for the replies, not one per row.
    const states = await Promise.all(ids.map((payload) => queue.getJobState(def.idOf(def.payload.parse(payload)))));
    lost += states.filter((state) => state === 'unknown').length;
    await enqueueMany(queue, def, ids);
  }
  return lost;
}

/**
 * Re-adds the jobs of pending deliveries that have none, and ends as failed those whose job spent its
 * tries without settling the row (the dispatcher could not record the outcome: a receiver's NUL once made
 * PostgreSQL refuse it, issue 28). Left pending, such rows stayed the oldest for ever, and once there were
 * a sweep's worth of them no other team's lost delivery was ever swept. Returns how many jobs it re-added.
 */
export async function sweepPendingDeliveries(db: Db, callbacks: Queue, olderThanMs: number): Promise<number> {
  const rows = await db.callbackDelivery.findMany({
    where: { state: 'pending', createdAt: { lt: new Date(Date.now() - olderThanMs) } },
    select: { id: true, channelId: true, subscriberId: true },
    orderBy: { createdAt: 'asc' },
    take: SWEEP_BATCH,
  });
  // Asked all at once: one wait for the replies, not one per row.
  const states = await Promise.all(rows.map((r) => callbacks.getJobState(r.id)));
  const spent = rows.filter((_, i) => states[i] === 'failed').map((r) => r.id);
  if (spent.length > 0) {
    await db.callbackDelivery.updateMany({
      where: { id: { in: spent }, state: 'pending' },
      data: { state: 'failed', finishedAt: new Date() },
    });
  }
  const lost = rows.filter((_, i) => states[i] === 'unknown');
  for (const job of [jobs.callback, jobs.alert]) {
    const ids = lost.filter((r) => deliveryJob(r) === job).map((r) => ({ deliveryId: r.id }));
    await enqueueMany(callbacks, job, ids);
  }
  return lost.length;
}

/** Idempotency keys are kept 24 hours; expired records are replaced on reuse, and removed here. */
export async function sweepExpiredIdempotencyKeys(db: Db): Promise<number> {
  return db.$executeRaw`
    DELETE FROM idempotency_records WHERE ctid IN (
      SELECT ctid FROM idempotency_records WHERE expires_at < now() LIMIT ${SWEEP_BATCH}
    )`;
}

/** Runs `sweep` every `intervalMs` until stopped; one sweep at a time, errors reported and survived. */
export function startSweeper(sweep: () => Promise<unknown>, intervalMs: number, onError: (e: unknown) => void) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    await sweep().catch(onError);
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  timer = setTimeout(tick, intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
