import type { JobInfo } from '@pageprobe/jobs';
import type { Logger } from '@pageprobe/logger';
import { UnrecoverableError } from 'bullmq';
import type { DeliveryStore } from './delivery-store.ts';
import { classify, postCallback } from './post-callback.ts';

export interface DeliverDeps {
  store: DeliveryStore;
  logger: Logger;
  timeoutMs: number;
  allowPrivate: boolean;
  /** The local address every attempt binds to (SOURCE_ADDRESS); undefined: the system chooses. */
  localAddress: string | undefined;
  /** Told each attempt's verdict (for metrics). */
  onAttempt?: (verdict: 'delivered' | 'retry' | 'final') => void;
}

/**
 * Thrown so that BullMQ schedules the next try (the worker's backoff sets its delay: a callback's one
 * retry, or an alert's next, after a 429's Retry-After when it gave one).
 */
export class RetryableDeliveryError extends Error {
  readonly retryAfterMs: number | null;
  constructor(message: string, retryAfterMs: number | null = null) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

export async function deliverCallback(deps: DeliverDeps, deliveryId: string, job: JobInfo): Promise<void> {
  const delivery = await deps.store.load(deliveryId);
  if (delivery?.state !== 'pending') return;

  const number = job.attemptsMade + 1;
  // Read the secrets at each attempt, so a rotation (or an overlap's end) applies to the next attempt.
  const result = await postCallback(
    {
      url: delivery.url,
      deliveryId,
      event: delivery.event,
      body: delivery.payload,
      secrets: delivery.secrets,
    },
    { timeoutMs: deps.timeoutMs, allowPrivate: deps.allowPrivate, localAddress: deps.localAddress },
  );
  const verdict = classify(result);
  deps.onAttempt?.(verdict);
  const finalState =
    verdict === 'delivered' ? 'delivered' : verdict === 'final' || job.isFinalAttempt ? 'failed' : null;
  await deps.store.record({ deliveryId, number, result, finalState });
  // One line, no child logger: a child per delivery cost more than the line (issue 19's profile).
  deps.logger.info(
    {
      deliveryId,
      testId: delivery.testId,
      alertId: delivery.alertId,
      attempt: number,
      status: result.statusCode,
      error: result.error,
      ms: result.durationMs,
      verdict,
    },
    'callback attempt',
  );

  if (verdict === 'retry' && !job.isFinalAttempt) {
    throw new RetryableDeliveryError(result.error ?? `HTTP ${result.statusCode}`);
  }
  if (verdict === 'final') throw new UnrecoverableError(result.error ?? `HTTP ${result.statusCode}: not retried`);
}
