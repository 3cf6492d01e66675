import type { Db, Prisma, Test } from '@pageprobe/db';
import { enqueue, jobs } from '@pageprobe/jobs';
import type { Queue } from 'bullmq';
import { serialiseCallback } from './callback-payload.ts';

export interface LifecycleDeps {
  db: Db;
  /** The callback queue; a failed add is picked up by the sweeper. */
  callbacks: Queue;
  publicBaseUrl: string;
  onEnqueueError?: (error: unknown) => void;
}

/**
 * Moves a test to `running` unless it already finished. Returns null when there is nothing to do
 * (a re-delivered job for a finished test), so handlers can run twice without harm.
 */
export async function claimTest(db: Db, testId: string): Promise<Test | null> {
  const [test] = await db.test.updateManyAndReturn({
    where: { id: testId, status: { in: ['queued', 'running'] } },
    data: { status: 'running', startedAt: new Date() },
  });
  return test ?? null;
}

export type Outcome =
  | {
      status: 'completed';
      fields: Pick<
        Prisma.TestUpdateInput,
        'performanceScore' | 'structureScore' | 'grade' | 'scores' | 'vitals' | 'audits' | 'seoIssues' | 'result'
      >;
    }
  | {
      status: 'failed';
      error: { code: string; message: string };
      /** True when the service is at fault (crash, internal error): the credit goes back. */
      refund: boolean;
    };

/**
 * PostgreSQL refuses U+0000 in text and jsonb ("unsupported Unicode escape sequence"), and any string
 * may come from a target (a <title>, a sitemap's <loc>): every NUL becomes U+FFFD, through objects and
 * arrays, so a hostile page cannot turn a finished test into an internal error.
 */
export function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return (value.includes('\0') ? value.replaceAll('\0', '\uFFFD') : value) as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [withoutNul(k), withoutNul(v)])) as T;
  }
  return value;
}

/**
 * Finishes a test once: the state change, the refund and the callback delivery row are one
 * transaction (the delivery row is the callback's outbox); the job is enqueued after commit.
 * Returns false when the test had already finished.
 */
export async function finishTest(deps: LifecycleDeps, testId: string, outcome: Outcome): Promise<boolean> {
  const delivery = await deps.db.$transaction(async (tx) => {
    const data: Prisma.TestUpdateManyMutationInput =
      outcome.status === 'completed'
        ? {
            ...withoutNul(outcome.fields),
            status: 'completed',
            completedAt: new Date(),
            errorCode: null,
            errorMessage: null,
          }
        : {
            status: 'failed',
            completedAt: new Date(),
            errorCode: outcome.error.code,
            errorMessage: withoutNul(outcome.error.message),
          };
    const [test] = await tx.test.updateManyAndReturn({
      where: { id: testId, status: { in: ['queued', 'running'] } },
      data: data as Prisma.TestUpdateManyMutationInput,
    });
    if (!test) return undefined;
    if (outcome.status === 'failed' && outcome.refund && test.creditsSpent > 0) {
      await tx.creditLedgerEntry.create({
        data: { teamId: test.teamId, delta: test.creditsSpent, reason: 'refund', testId: test.id },
      });
    }
    if (!test.callbackUrl) return null;
    const { event, body } = serialiseCallback(test, deps.publicBaseUrl);
    return tx.callbackDelivery.create({ data: { testId: test.id, url: test.callbackUrl, event, payload: body } });
  });
  if (delivery === undefined) return false;
  if (delivery) {
    await enqueue(deps.callbacks, jobs.callback, { deliveryId: delivery.id }).catch((error: unknown) =>
      deps.onEnqueueError?.(error),
    );
  }
  return true;
}
