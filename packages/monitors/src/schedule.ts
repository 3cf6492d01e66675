import type { Db, Monitor } from '@pageprobe/db';
import { enqueue, jobs } from '@pageprobe/jobs';
import type { Queue } from 'bullmq';

// Each monitor has one BullMQ job scheduler in Redis, named by its id, making one `monitor-runs` job
// per interval. PostgreSQL is the source of truth: the API writes the row, then the scheduler; the
// dispatcher re-creates every active monitor's scheduler (and drops the others) at each sweep, so a
// Redis that lost its data, or an API that died between the two writes, is caught up within one.

const retention = { removeOnComplete: { age: 3600, count: 1000 }, removeOnFail: { age: 24 * 3600 } };

type Scheduled = Pick<Monitor, 'id' | 'intervalSeconds' | 'status' | 'deletedAt'>;

const runs = (monitor: Scheduled) => monitor.status === 'active' && monitor.deletedAt === null;

/** No more runs of this monitor. */
export async function stopSchedule(queue: Queue, monitorId: string): Promise<void> {
  await queue.removeJobScheduler(monitorId);
}

/** Makes Redis agree with the row: a scheduler at the monitor's interval while it is active, none otherwise. */
export async function syncSchedule(queue: Queue, monitor: Scheduled): Promise<void> {
  if (!runs(monitor)) return stopSchedule(queue, monitor.id);
  await queue.upsertJobScheduler(
    monitor.id,
    { every: monitor.intervalSeconds * 1000 },
    {
      name: jobs.monitorRun.name,
      data: { monitorId: monitor.id },
      opts: { ...retention, attempts: jobs.monitorRun.attempts, backoff: { type: 'exponential', delay: 2000 } },
    },
  );
}

/** A run now, besides the schedule's: a new or resumed monitor does not wait a whole interval for its first. */
export const runNow = (queue: Queue, monitorId: string) => enqueue(queue, jobs.monitorRun, { monitorId });

/**
 * Every active monitor gets its scheduler; a scheduler goes when its monitor is paused or deleted. Run
 * by the dispatcher at each sweep, so a Redis that lost its data gets its schedules back within one;
 * an unchanged scheduler is left as it is.
 */
export async function reconcileSchedules(db: Db, queue: Queue): Promise<{ scheduled: number; removed: number }> {
  const existing = new Map((await queue.getJobSchedulers(0, -1)).map((s) => [s.key, Number(s.every ?? 0)] as const));
  const active = await db.monitor.findMany({
    where: { status: 'active', deletedAt: null },
    select: { id: true, intervalSeconds: true, status: true, deletedAt: true },
  });
  let scheduled = 0;
  for (const monitor of active) {
    if (existing.get(monitor.id) === monitor.intervalSeconds * 1000) continue;
    await syncSchedule(queue, monitor);
    scheduled++;
  }
  // Read after the schedulers: a monitor created meanwhile has its row first, so it is never taken for stale.
  const wanted = new Set(active.map((m) => m.id));
  const others = [...existing.keys()].filter((key) => !wanted.has(key));
  const stillActive = new Set(
    (
      await db.monitor.findMany({
        where: { id: { in: others.filter(isUuid) }, status: 'active', deletedAt: null },
        select: { id: true },
      })
    ).map((m) => m.id),
  );
  let removed = 0;
  for (const key of others) {
    if (stillActive.has(key)) continue;
    await stopSchedule(queue, key);
    removed++;
  }
  return { scheduled, removed };
}

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
