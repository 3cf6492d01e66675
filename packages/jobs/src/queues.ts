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
import type { Redis } from 'ioredis';
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

/** Each worker's jobs in hand, for `handBack`. */
const inHand = new WeakMap<Worker, Set<InHand>>();

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
  const worker = new Worker(
    def.queue,
    async (job, token) => {
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
    { ...options, connection: ctx.connection, prefix: ctx.prefix },
  );
  inHand.set(worker, jobs);
  return worker;
}

/**
 * For a shutdown that cannot wait any longer: puts every job the worker has in hand back in its queue at
 * once, without spending a try, as if its lock had run out, but without the wait. Another worker (or
 * this app's next start) takes each up from the beginning; the handlers still running here see
 * `handedBack` and leave their rows alone. Returns how many went back.
 */
export async function handBack(worker: Worker): Promise<number> {
  const held = [...(inHand.get(worker) ?? [])];
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
