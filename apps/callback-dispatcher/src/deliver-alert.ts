import { attemptClock, channelToSend, classifyAlert, type SendDeps, sendToChannel } from '@pageprobe/alert-channels';
import type { Db } from '@pageprobe/db';
import type { JobInfo } from '@pageprobe/jobs';
import type { Logger } from '@pageprobe/logger';
import { SecretsError } from '@pageprobe/secrets';
import { CONFIRM_EVENT } from '@pageprobe/test-lifecycle';
import { signingSecrets } from '@pageprobe/webhook-secrets';
import { UnrecoverableError } from 'bullmq';
import { gateMessage, refuseMessage } from './alert-gate.ts';
import { earlierPendingMessage } from './alert-order.ts';
import { noteChannelOutcome } from './channel-health.ts';
import { deliverConfirmation } from './deliver-confirmation.ts';
import { deliverNotice } from './deliver-notice.ts';
import { RetryableDeliveryError } from './deliver-callback.ts';
import type { DeliveryStore } from './delivery-store.ts';

export interface AlertDeps {
  db: Db;
  store: DeliveryStore;
  logger: Logger;
  keyring: readonly Buffer[];
  send: Omit<SendDeps, 'webhookSecrets'>;
  /** Adds the jobs of notices about a failing channel. */
  enqueue: (deliveries: Array<{ id: string; channelId: string | null }>) => Promise<void>;
  onAttempt?: (verdict: 'delivered' | 'retry' | 'final') => void;
  /** The origin of confirmation links (issue 44). */
  publicBaseUrl: string;
  /** How often a message waiting for an earlier one to its channel looks again (issue 44 item 14). */
  orderWaitMs: number;
}

/**
 * One attempt to deliver an alert to a channel (issue 31): the channel's target is opened from its seal
 * now (an edited channel applies to the next attempt), the message worded for its type and sent. The
 * attempt is recorded like a callback's; retries follow the alerts' policy (the worker's backoff).
 */
export async function deliverAlert(deps: AlertDeps, deliveryId: string, job: JobInfo): Promise<void> {
  const delivery = await deps.db.callbackDelivery.findUnique({
    where: { id: deliveryId },
    include: {
      channel: true,
      team: {
        select: { webhookSecret: true, webhookSecretPrevious: true, webhookSecretPreviousExpiresAt: true, name: true },
      },
    },
  });
  // Issue 58: a status page subscriber's confirmation or notice.
  if (delivery?.state === 'pending' && delivery.subscriberId) return deliverNotice(deps, delivery, job);
  if (delivery?.state !== 'pending' || !delivery.channel) return;
  const { channel } = delivery;
  const number = job.attemptsMade + 1;
  // Issue 44: an address's confirmation mail; every other message goes to confirmed addresses only,
  // within the team's hourly quota.
  if (delivery.event === CONFIRM_EVENT) {
    return deliverConfirmation(deps, delivery, { ...channel, team: delivery.team }, job);
  }
  // After every earlier message about the same monitor to this channel (alert-order.ts): no try spent.
  const earlier = await earlierPendingMessage(deps.db, delivery);
  if (earlier) {
    deps.logger.debug({ deliveryId, channelId: channel.id, after: earlier }, 'alert waits for an earlier one');
    return job.waitTurn(deps.orderWaitMs);
  }
  const gate = await gateMessage(deps.db, delivery, channel, number === 1);
  if ('refused' in gate) return refuseMessage(deps, delivery, number, gate.refused);

  let sent: Awaited<ReturnType<typeof sendToChannel>>;
  try {
    sent = await sendToChannel(
      channelToSend({ ...channel, settings: gate.settings }, deps.keyring),
      { id: delivery.id, event: delivery.event, payload: delivery.payload },
      { ...deps.send, webhookSecrets: signingSecrets(delivery.team) },
    );
  } catch (error) {
    if (!(error instanceof SecretsError)) throw error;
    // No key of the ring opens the target: no later try can either.
    sent = {
      protocol: 'http',
      result: attemptClock()({ error: `secrets_unreadable: ${error.message}`, blocked: true }),
    };
  }
  const { protocol, result } = sent;
  const verdict = classifyAlert(result, protocol);
  deps.onAttempt?.(verdict);
  // A test message (POST /alert-channels/{id}/test, issue 44 item 5) has one try: its sender waits for it.
  const lastTry = job.isFinalAttempt || delivery.event === 'alert_channel.test';
  const finalState = verdict === 'delivered' ? 'delivered' : verdict === 'final' || lastTry ? 'failed' : null;
  await deps.store.record({ deliveryId, number, result, finalState });
  const described = result.error ?? `${protocol === 'smtp' ? 'SMTP' : 'HTTP'} ${result.statusCode}`;
  const notices = await noteChannelOutcome(deps.db, channel.id, verdict === 'delivered', described);
  if (notices.length > 0) await deps.enqueue(notices);
  deps.logger.info(
    {
      deliveryId,
      alertId: delivery.alertId,
      channelId: channel.id,
      channelType: channel.type,
      attempt: number,
      status: result.statusCode,
      error: result.error,
      ms: result.durationMs,
      verdict,
    },
    'alert attempt',
  );
  if (verdict === 'retry' && !lastTry) throw new RetryableDeliveryError(described, result.retryAfterMs);
  if (verdict === 'final') throw new UnrecoverableError(`${described}: not retried`);
}
