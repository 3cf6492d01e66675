import type { Db, TestType } from '@pageprobe/db';
import { enqueueMany, jobs, testJobFor } from '@pageprobe/jobs';
import type { Queue } from 'bullmq';

// PostgreSQL rows are the outbox of their jobs: a test is written `queued` before its job is added,
// a delivery `pending` before its job. A crash (or Redis losing data) between the two leaves a row
// without a job; the sweeper re-adds jobs for rows that have waited too long. Job ids are row ids,
// so re-adding a job that still exists does nothing.

const BATCH = 500;

export async function sweepQueuedTests(db: Db, queues: Map<TestType, Queue>, olderThanMs: number): Promise<number> {
  const rows = await db.test.findMany({
    where: {
      status: 'queued',
      type: { in: [...queues.keys()] },
      createdAt: { lt: new Date(Date.now() - olderThanMs) },
    },
    select: { id: true, type: true },
    orderBy: { createdAt: 'asc' },
    take: BATCH,
  });
  for (const [type, queue] of queues) {
    const ids = rows.filter((r) => r.type === type).map((r) => ({ testId: r.id }));
    await enqueueMany(queue, testJobFor(type), ids);
  }
  return rows.length;
}

export async function sweepPendingDeliveries(db: Db, callbacks: Queue, olderThanMs: number): Promise<number> {
  const rows = await db.callbackDelivery.findMany({
    where: { state: 'pending', createdAt: { lt: new Date(Date.now() - olderThanMs) } },
    select: { id: true },
    orderBy: { createdAt: 'asc' },
    take: BATCH,
  });
  await enqueueMany(
    callbacks,
    jobs.callback,
    rows.map((r) => ({ deliveryId: r.id })),
  );
  return rows.length;
}

/** Idempotency keys are kept 24 hours; expired records are replaced on reuse, and removed here. */
export async function sweepExpiredIdempotencyKeys(db: Db): Promise<number> {
  return db.$executeRaw`
    DELETE FROM idempotency_records WHERE ctid IN (
      SELECT ctid FROM idempotency_records WHERE expires_at < now() LIMIT ${BATCH}
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
