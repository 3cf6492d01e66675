import type { JobInfo } from '@pageprobe/jobs';
import type { Logger } from '@pageprobe/logger';
import { UnrecoverableError } from 'bullmq';
import type { DeliveryStore } from './delivery-store.ts';
import { classify, postCallback } from './post-callback.ts';

export interface DeliverDeps {
  store: DeliveryStore;
  logger: Logger;
  timeoutMs: number;
  /** A callback's one retry comes this long after its first attempt ended (CALLBACK_RETRY_DELAY_MS). */
  retryDelayMs: number;
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
  /** When the next try is due (epoch ms), where the attempt fixed it: the backoff waits until then. */
  readonly retryAt: number | null;
  constructor(message: string, retryAfterMs: number | null = null, retryAt: number | null = null) {
    super(message);
    this.retryAfterMs = retryAfterMs;
    this.retryAt = retryAt;
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
  // The spec's retry is made 30 s after the attempt ends: counted from its answer or error, not from its
  // record being written (on a loaded machine that took seconds, and the retry came 32.2 s after the
  // first attempt, a run of 2026-11-29).
  const endedAt = Date.now();
  const verdict = classify(result);
  deps.onAttempt?.(verdict);
  const finalState =
    verdict === 'delivered' ? 'delivered' : verdict === 'final' || job.isFinalAttempt ? 'failed' : null;
  await deps.store.record({ deliveryId, number, result, finalState });
  const retryAt = verdict === 'retry' && !job.isFinalAttempt ? endedAt + deps.retryDelayMs : null;
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
      ...(retryAt === null ? {} : { retryAt: new Date(retryAt).toISOString() }),
    },
    'callback attempt',
  );

  if (retryAt !== null) throw new RetryableDeliveryError(result.error ?? `HTTP ${result.statusCode}`, null, retryAt);
  if (verdict === 'final') throw new UnrecoverableError(result.error ?? `HTTP ${result.statusCode}: not retried`);
}
