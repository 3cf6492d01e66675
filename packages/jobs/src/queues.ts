import { setTimeout as sleep } from 'node:timers/promises';
import {
  type ConnectionOptions,
  DelayedError,
  type Job,
  type JobsOptions,
  Queue,
  UnrecoverableError,
  Worker,
  type WorkerOptions,
} from 'bullmq';
import { Redis } from 'ioredis';
import type { z } from 'zod';
import type { JobDefinition } from './catalog.ts';

export interface QueueContext {
  connection: ConnectionOptions;
  prefix: string;
}

// Finished jobs are kept briefly for inspection; PostgreSQL keeps the real history.
const retention: JobsOptions = {
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 24 * 3600 },
};

export function openQueue(def: { readonly queue: string }, ctx: QueueContext): Queue {
  return new Queue(def.queue, { connection: ctx.connection, prefix: ctx.prefix });
}

function jobOptions<P extends z.ZodType>(def: JobDefinition<P>, payload: z.output<P>, extra: JobsOptions): JobsOptions {
  return {
    ...retention,
    attempts: def.attempts,
    ...def.options,
    ...extra,
    jobId: def.idOf(payload),
  };
}

/** Validates and adds; the job id comes from the payload, so adding an existing job again is a no-op. */
export async function enqueue<P extends z.ZodType>(
  queue: Queue,
  def: JobDefinition<P>,
  payload: z.input<P>,
  extra: JobsOptions = {},
): Promise<void> {
  const parsed = def.payload.parse(payload) as z.output<P>;
  await queue.add(def.name, parsed, jobOptions(def, parsed, extra));
}

export async function enqueueMany<P extends z.ZodType>(
  queue: Queue,
  def: JobDefinition<P>,
  payloads: z.input<P>[],
  extra: JobsOptions = {},
): Promise<void> {
  if (payloads.length === 0) return;
  await queue.addBulk(
    payloads.map((payload) => {
      const parsed = def.payload.parse(payload) as z.output<P>;
      return { name: def.name, data: parsed, opts: jobOptions(def, parsed, extra) };
    }),
  );
}

export interface JobInfo {
  id: string;
  /** The job's name: tells apart the kinds of job one queue carries (a callback, an alert). */
  name: string;
  attemptsMade: number;
  /** True on the last try the catalog allows: a handler fails the row for good then. */
  isFinalAttempt: boolean;
  /**
   * Puts the job back for `delayMs` without spending a try (BullMQ's DelayedError): it then goes to the
   * back of the queue, behind the jobs that came in meanwhile. The handler must return what this throws.
   */
  waitTurn(delayMs: number): Promise<never>;
  /** True once a shutdown handed the job back (`handBack`): its handler must not finish its row. */
  readonly handedBack: boolean;
}

interface InHand {
  job: Job;
  token: string | undefined;
  handedBack: boolean;
}

/**
 * How long a worker's blocking fetch (BZPOPMIN on its own connection) waits on an empty queue before it
 * comes back and asks again: BullMQ's `drainDelay`, in seconds. With delayed jobs due later BullMQ blocks
 * up to 10 s; and it abandons a fetch that has not answered one second after its timeout (its own
 * watchdog). On a healthy server a fetch therefore returns within 11 s; the worker watchdog
 * (worker-watchdog.ts) acts on a worker that has not come back at twice this wait plus a margin.
 */
export const BLOCK_TIMEOUT_S = 5;

/** What startWorker keeps of each worker: its jobs in hand, when it last took one, and how to make it again. */
interface Tracked {
  jobs: Set<InHand>;
  takenAt: number;
  remake(): Worker;
  /** startWorker's own listeners, which remakeWorker leaves alone (the new worker has its own). */
  own: Set<unknown>;
  /** The worker's own connection (none when the context gave connection options instead of a client). */
  connection?: Redis;
}

const tracked = new WeakMap<Worker, Tracked>();

/**
 * A BullMQ worker whose handler gets a validated payload. A payload that does not parse fails at once
 * with UnrecoverableError instead of being retried.
 */
export function startWorker<P extends z.ZodType>(
  def: JobDefinition<P>,
  ctx: QueueContext,
  handler: (payload: z.output<P>, job: JobInfo) => Promise<void>,
  options: Omit<WorkerOptions, 'connection' | 'prefix'> = {},
): Worker {
  const jobs = new Set<InHand>();
  const state: Tracked = {
    jobs,
    takenAt: Date.now(),
    remake: () => startWorker(def, ctx, handler, options),
    own: new Set(),
  };
  // A connection of its own (BullMQ makes its blocking one from it), not the process's shared one: a
  // worker the watchdog replaces gets new connections, and the commands hanging on the old master stay
  // with the old worker. Closed with the worker.
  const connection = ctx.connection instanceof Redis ? ctx.connection.duplicate() : ctx.connection;
  const worker = new Worker(
    def.queue,
    async (job, token) => {
      state.takenAt = Date.now();
      const parsed = def.payload.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`invalid ${def.queue} payload: ${parsed.error.message}`);
      const attempts = job.opts.attempts ?? def.attempts;
      const held: InHand = { job, token, handedBack: false };
      jobs.add(held);
      try {
        await handler(parsed.data as z.output<P>, {
          id: job.id ?? '',
          name: job.name,
          attemptsMade: job.attemptsMade,
          isFinalAttempt: job.attemptsMade + 1 >= attempts,
          async waitTurn(delayMs) {
            await job.moveToDelayed(Date.now() + delayMs, token);
            throw new DelayedError();
          },
          get handedBack() {
            return held.handedBack;
          },
        });
      } finally {
        jobs.delete(held);
      }
    },
    { drainDelay: BLOCK_TIMEOUT_S, ...options, connection, prefix: ctx.prefix },
  );
  if (connection instanceof Redis && connection !== ctx.connection) {
    state.connection = connection;
    const closeConnection = () => connection.disconnect();
    state.own.add(closeConnection);
    worker.on('closed', closeConnection);
  }
  tracked.set(worker, state);
  return worker;
}

/** How many jobs a worker of startWorker's is running now, and when it last took one (ms since the epoch). */
export function workerLoad(worker: Worker): { inHand: number; takenAt: number } {
  const state = tracked.get(worker);
  return { inHand: state?.jobs.size ?? 0, takenAt: state?.takenAt ?? 0 };
}

/**
 * A new worker like `worker` (same queue, handler and options; connections of its own), for a worker
 * whose fetch hangs. It gets the listeners its callers put on the old one; the old one keeps them too,
 * for the jobs still in its hand, except those of 'closed', which means the queue's consumer is gone for
 * good (the uptime worker closes its recorder then): they move to the new one. The caller closes the old.
 */
export function remakeWorker(worker: Worker): Worker {
  const state = tracked.get(worker);
  if (!state) throw new Error(`worker of ${worker.name} was not made by startWorker`);
  const fresh = state.remake();
  for (const event of worker.eventNames()) {
    for (const listener of worker.listeners(event)) {
      if (state.own.has(listener)) continue;
      fresh.on(event as 'error', listener as (e: Error) => void);
      if (event === 'closed') worker.off('closed', listener as () => void);
    }
  }
  return fresh;
}

/**
 * For a shutdown that cannot wait any longer: puts every job the worker has in hand back in its queue at
 * once, without spending a try, as if its lock had run out, but without the wait. Another worker (or
 * this app's next start) takes each up from the beginning; the handlers still running here see
 * `handedBack` and leave their rows alone. Returns how many went back.
 */
export async function handBack(worker: Worker): Promise<number> {
  const held = [...(tracked.get(worker)?.jobs ?? [])];
  const moved = await Promise.allSettled(
    held.map((h) => {
      h.handedBack = true;
      return h.job.moveToWait(h.token);
    }),
  );
  return moved.filter((m) => m.status === 'fulfilled').length;
}

/**
 * Stops a worker for a graceful shutdown: it takes no new job and waits for the jobs in hand. BullMQ's
 * close() also waits for Redis, forever when Redis is gone; the jobs in hand could not end then anyway
 * (a job ends with writes to Redis), so once `connection` has been down for `giveUpAfterMs` this stops
 * waiting and says so: the caller exits, and those jobs' locks run out and another worker takes them up.
 */
export async function closeWorker(
  worker: Worker,
  connection: Redis,
  giveUpAfterMs = 2_000,
): Promise<'closed' | 'redis_down'> {
  const closed = worker.close().then(() => 'closed' as const);
  const step = 250;
  let downFor = 0;
  for (;;) {
    if ((await Promise.race([closed, sleep(step)])) === 'closed') return 'closed';
    downFor = connection.status === 'ready' ? 0 : downFor + step;
    if (downFor >= giveUpAfterMs) return 'redis_down';
  }
}

/**
 * Cuts a replaced worker's own connection if it does not answer a PING within `timeoutMs` (its server
 * went silent): its commands hanging there fail instead of waiting for the socket timeout, so the worker
 * can close, and the jobs in its hand, which could not end through that connection anyway, stall back to
 * their queue (their locks run out) for another worker. Returns whether it was cut.
 */
export async function cutIfHung(worker: Worker, timeoutMs: number): Promise<boolean> {
  const connection = tracked.get(worker)?.connection;
  if (!connection) return false;
  const answered = await Promise.race([
    connection.ping().then(
      () => true,
      () => false,
    ),
    sleep(timeoutMs, false),
  ]);
  if (!answered) connection.disconnect();
  return !answered;
}
