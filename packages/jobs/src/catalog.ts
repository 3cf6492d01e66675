import type { JobsOptions } from 'bullmq';
import { z } from 'zod';

// Every job is declared here once; producers and consumers both import it. Queue names are a wire
// contract between deployed versions: never rename one, add a new one instead.

/** Jobs carry ids only: PostgreSQL holds the data, Redis never sees a URL's secrets or a webhook secret. */
export const testJobPayload = z.object({ testId: z.uuid() }).strict();
export const callbackJobPayload = z.object({ deliveryId: z.uuid() }).strict();

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

export const jobs = {
  lighthouse: define({ queue: 'test-lighthouse', name: 'run', payload: testJobPayload, attempts: 2, idField: 'testId' }),
  seo_crawl: define({ queue: 'test-seo-crawl', name: 'run', payload: testJobPayload, attempts: 2, idField: 'testId' }),
  uptime: define({ queue: 'test-uptime', name: 'run', payload: testJobPayload, attempts: 3, idField: 'testId' }),
  /** One attempt plus exactly one retry, CALLBACK_RETRY_DELAY_MS later (the dispatcher's backoff). */
  callback: define({
    queue: 'callbacks',
    name: 'deliver',
    payload: callbackJobPayload,
    attempts: 2,
    idField: 'deliveryId',
    options: { backoff: { type: 'custom' } },
  }),
} as const;

export type TestType = 'lighthouse' | 'seo_crawl' | 'uptime';
export const testTypes: readonly TestType[] = Object.freeze(['lighthouse', 'seo_crawl', 'uptime']);
export type TestJobDefinition = (typeof jobs)[TestType];

export const testJobFor = (type: TestType): TestJobDefinition => jobs[type];
