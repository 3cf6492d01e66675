import type { JobsOptions } from 'bullmq';
import { type KindName, kindNames, kinds } from '@pageprobe/test-kinds';
import { z } from 'zod';

// Every job is declared here once; producers and consumers both import it. Queue names are a wire
// contract between deployed versions: never rename one, add a new one instead.

/** Jobs carry ids only: PostgreSQL holds the data, Redis never sees a URL's secrets or a webhook secret. */
export const testJobPayload = z.object({ testId: z.uuid() }).strict();
export const callbackJobPayload = z.object({ deliveryId: z.uuid() }).strict();
/** A monitor's run for one slot (epoch ms): the slot is in the job id, so a slot is queued once. */
export const monitorJobPayload = z.object({ monitorId: z.uuid(), slot: z.int().positive() }).strict();
/** The scheduler's tick carries nothing. */
export const tickJobPayload = z.object({}).strict();
/**
 * Uptime checks of monitors, a batch to a job (one BullMQ job a check would cost more than the check):
 * which monitor, its slot (epoch ms) and its team's plan (the partition its check goes to).
 */
export const monitorChecksPayload = z
  .object({
    batch: z.string().regex(/^[0-9a-f-]{36}_\d+$/),
    checks: z
      .array(z.object({ monitorId: z.uuid(), slot: z.int().positive(), plan: z.enum(['free', 'pro']) }).strict())
      .min(1),
  })
  .strict();

export interface JobDefinition<P extends z.ZodType> {
  readonly queue: string;
  readonly name: string;
  readonly payload: P;
  /** Total tries, the first included. */
  readonly attempts: number;
  /** The job id, from the payload, so enqueueing the same row twice is a no-op. */
  readonly idOf: (payload: z.output<P>) => string;
  /** Further BullMQ options every job of this kind gets. */
  readonly options?: JobsOptions;
}

const define = <P extends z.ZodType>(def: JobDefinition<P>) => Object.freeze(def);

/** One job per test kind, from the kind's definition: its queue and tries. */
const testJobs = Object.fromEntries(
  kinds.map((kind) => [
    kind.name,
    define({
      queue: kind.job.queue,
      name: 'run',
      payload: testJobPayload,
      attempts: kind.job.attempts,
      idOf: (p) => p.testId,
    }),
  ]),
) as Record<KindName, JobDefinition<typeof testJobPayload>>;

export const jobs = {
  ...testJobs,
  /** One attempt plus exactly one retry, CALLBACK_RETRY_DELAY_MS later (the dispatcher's backoff). */
  callback: define({
    queue: 'callbacks',
    name: 'deliver',
    payload: callbackJobPayload,
    attempts: 2,
    idOf: (p) => p.deliveryId,
    options: { backoff: { type: 'custom' } },
  }),
  /**
   * An alert's message to one of the monitor's channels (issue 31), on the callbacks' queue under its own
   * name: ALERT_ATTEMPTS tries over about 30 minutes (the dispatcher's backoff doubles the wait, or obeys
   * a 429's Retry-After). The number is the alert-channels package's ALERT_ATTEMPTS.
   */
  alert: define({
    queue: 'callbacks',
    name: 'alert',
    payload: callbackJobPayload,
    attempts: 7,
    idOf: (p) => p.deliveryId,
    options: { backoff: { type: 'custom' } },
  }),
  /**
   * A lighthouse or seo_crawl monitor's due run: claimed by the scheduler's tick, made a test by the
   * dispatcher. Its id is the monitor and slot, so a slot claimed twice is queued once.
   */
  monitorRun: define({
    queue: 'monitor-runs',
    name: 'run',
    payload: monitorJobPayload,
    attempts: 3,
    idOf: (p) => `${p.monitorId}_${p.slot}`,
    options: { backoff: { type: 'exponential', delay: 2000 } },
  }),
  /**
   * The scheduler's tick (issue 29): one BullMQ job scheduler makes one every second, and whichever
   * dispatcher takes it claims the monitors due (FOR UPDATE SKIP LOCKED) and queues their runs.
   */
  monitorTick: define({
    queue: 'monitor-ticks',
    name: 'tick',
    payload: tickJobPayload,
    attempts: 1,
    idOf: () => 'tick',
    options: { removeOnComplete: true, removeOnFail: true },
  }),
  /** A batch of uptime monitors' checks for the uptime worker; removed once done (PostgreSQL has them). */
  monitorChecks: define({
    queue: 'monitor-checks',
    name: 'check',
    payload: monitorChecksPayload,
    attempts: 3,
    idOf: (p) => p.batch,
    options: { removeOnComplete: true, removeOnFail: { age: 3600 }, backoff: { type: 'fixed', delay: 1000 } },
  }),
} as const;

export type TestType = KindName;
export const testTypes: readonly TestType[] = Object.freeze([...kindNames]);
export type TestJobDefinition = JobDefinition<typeof testJobPayload>;

/** The job of a kind of test. A stored type with none (a heartbeat monitor's, issue 47) is never run as a test. */
export function testJobFor(type: string): TestJobDefinition {
  const job = (testJobs as Record<string, TestJobDefinition | undefined>)[type];
  if (!job) throw new Error(`${type} is not a kind of test: it has no job`);
  return job;
}
