import type { JobsOptions } from 'bullmq';
import { type KindName, kindNames, kinds } from '@pageprobe/test-kinds';
import { z } from 'zod';

// Every job is declared here once; producers and consumers both import it. Queue names are a wire
// contract between deployed versions: never rename one, add a new one instead.

/** Jobs carry ids only: PostgreSQL holds the data, Redis never sees a URL's secrets or a webhook secret. */
export const testJobPayload = z.object({ testId: z.uuid() }).strict();
export const callbackJobPayload = z.object({ deliveryId: z.uuid() }).strict();
export const monitorJobPayload = z.object({ monitorId: z.uuid() }).strict();

export interface JobDefinition<P extends z.ZodType> {
  readonly queue: string;
  readonly name: string;
  readonly payload: P;
  /** Total tries, the first included. */
  readonly attempts: number;
  /** Which payload field is the job id, so enqueueing the same row twice is a no-op. */
  readonly idField: keyof z.output<P> & string;
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
      idField: 'testId',
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
    idField: 'deliveryId',
    options: { backoff: { type: 'custom' } },
  }),
  /**
   * A monitor's due run (issue 16): made by the monitor's BullMQ job scheduler every interval (jobs of
   * one scheduler are one per time slot, so replicas cannot double a run), or added once to run now.
   */
  monitorRun: define({
    queue: 'monitor-runs',
    name: 'run',
    payload: monitorJobPayload,
    attempts: 3,
    idField: 'monitorId',
    options: { backoff: { type: 'exponential', delay: 2000 } },
  }),
} as const;

export type TestType = KindName;
export const testTypes: readonly TestType[] = Object.freeze([...kindNames]);
export type TestJobDefinition = JobDefinition<typeof testJobPayload>;

export const testJobFor = (type: TestType): TestJobDefinition => testJobs[type];
