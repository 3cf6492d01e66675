import { setTimeout as sleep } from 'node:timers/promises';
import { Queue, type Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { BLOCK_TIMEOUT_S, cutIfHung, remakeWorker, workerLoad } from './queues.ts';

/**
 * A worker that has room for a job, while its queue has had a job waiting this long without the worker
 * taking any, is stuck: its fetch never came back (its connections left hanging on a master that died
 * silently or was demoted, bullmq #648 and #3088) or its fetch loop wedged. Twice the blocking wait (a
 * healthy fetch returns within BLOCK_TIMEOUT_S, and within 11 s even with delayed jobs) plus 5 s: 15 s.
 * Checked every WATCH_EVERY_MS, so such a worker is replaced within 16 s of the watchdog seeing a job
 * wait for it. When the watchdog's own connection hung too (the whole master went silent), its count
 * times out (2 s), its connection is made again and the next check sees the job: within about 21 s of the
 * hang (19.5 to 21.5 s measured).
 */
export const STUCK_AFTER_MS = 2 * BLOCK_TIMEOUT_S * 1_000 + 5_000;
export const WATCH_EVERY_MS = 1_000;
/**
 * A count that Redis does not answer in this time gives no verdict (Redis down is not a stuck worker),
 * and the watchdog's connection is made again: on a master gone silent it hangs like the workers'.
 */
const COUNT_TIMEOUT_MS = 2_000;

export interface WorkerRestart {
  queue: string;
  /** Jobs waiting in its queue when it was replaced. */
  waiting: number;
  /** Since when they had waited untaken, in ms. */
  stuckForMs: number;
  /** Whether the old worker's connection hung too and was cut (its jobs in hand then stall back to the queue). */
  cut: boolean;
}

export interface WatchedWorkers {
  /** The workers in service, and the replaced ones still finishing their jobs in hand (for a shutdown). */
  all(): Worker[];
  stop(): void;
}

interface Slot {
  worker: Worker;
  /** When the watchdog first saw jobs waiting that this worker could have taken. */
  waitingSince: number | undefined;
  checking: boolean;
}

/**
 * Watches workers made by startWorker and replaces a stuck one (STUCK_AFTER_MS) with a new worker on
 * connections of its own. The old one is closed without force: it takes no new job, and the jobs in its
 * hand finish; if its connection hangs too (cutIfHung), it is cut, and their locks run out and BullMQ's
 * stalled check puts them back in the queue for the new one. It counts the queues' waiting jobs on a
 * duplicate of `connection`.
 */
export function watchWorkers(
  workers: Worker[],
  options: {
    connection: Redis;
    prefix: string;
    onRestart(restart: WorkerRestart): void;
    stuckAfterMs?: number;
    everyMs?: number;
  },
): WatchedWorkers {
  const stuckAfterMs = options.stuckAfterMs ?? STUCK_AFTER_MS;
  const slots: Slot[] = workers.map((worker) => ({ worker, waitingSince: undefined, checking: false }));
  const retiring = new Set<Worker>();
  let counting = options.connection.duplicate();
  let queues = new Map<string, Queue>();

  function renewConnection() {
    const old = { connection: counting, queues: [...queues.values()] };
    counting = options.connection.duplicate();
    queues = new Map();
    for (const queue of old.queues) queue.close().catch(() => {});
    old.connection.disconnect();
  }

  async function waitingJobs(worker: Worker): Promise<number | undefined> {
    const queue = queues.get(worker.name) ?? new Queue(worker.name, { connection: counting, prefix: options.prefix });
    queues.set(worker.name, queue);
    const counted = Promise.all([queue.getJobCounts('wait', 'prioritized'), queue.isPaused()]).then(
      ([counts, paused]) => (paused ? 0 : (counts.wait ?? 0) + (counts.prioritized ?? 0)),
    );
    const late = sleep(COUNT_TIMEOUT_MS, 'late' as const, { ref: false });
    const answer = await Promise.race([counted, late]).catch(() => undefined);
    if (answer !== 'late') return answer;
    if (queues.get(worker.name) === queue) renewConnection();
    return undefined;
  }

  async function check(slot: Slot) {
    const { worker } = slot;
    if (worker.closing || worker.isPaused()) return;
    const { inHand, takenAt } = workerLoad(worker);
    // A worker at its concurrency is busy, not stuck: it fetches again when a job ends.
    if (inHand >= worker.concurrency) {
      slot.waitingSince = undefined;
      return;
    }
    const waiting = await waitingJobs(worker);
    if (waiting === undefined) return;
    const now = Date.now();
    if (waiting === 0) {
      slot.waitingSince = undefined;
      return;
    }
    // It took a job since jobs were seen waiting: it is fetching; the ones waiting now get their own time.
    if (slot.waitingSince === undefined || takenAt >= slot.waitingSince) {
      slot.waitingSince = now;
      return;
    }
    if (now - slot.waitingSince < stuckAfterMs) return;
    const stuckForMs = now - slot.waitingSince;
    slot.worker = remakeWorker(worker);
    slot.waitingSince = undefined;
    retiring.add(worker);
    worker
      .close()
      .catch(() => {})
      .finally(() => retiring.delete(worker));
    const cut = await cutIfHung(worker, COUNT_TIMEOUT_MS);
    options.onRestart({ queue: worker.name, waiting, stuckForMs, cut });
  }

  const timer = setInterval(() => {
    for (const slot of slots) {
      if (slot.checking) continue;
      slot.checking = true;
      check(slot).finally(() => {
        slot.checking = false;
      });
    }
  }, options.everyMs ?? WATCH_EVERY_MS);
  timer.unref();

  return {
    all: () => [...slots.map((s) => s.worker), ...retiring],
    stop: () => {
      clearInterval(timer);
      for (const queue of queues.values()) queue.close().catch(() => {});
      counting.disconnect();
    },
  };
}
