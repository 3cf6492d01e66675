import { attemptClock, classifyAlert, confirmationEmail } from '@pageprobe/alert-channels';
import type { Db } from '@pageprobe/db';
import type { JobInfo } from '@pageprobe/jobs';
import { type ConfirmationBody, mintConfirmation, quotaRefusal, takeAlertQuota } from '@pageprobe/test-lifecycle';
import { UnrecoverableError } from 'bullmq';
import type { AlertDeps } from './deliver-alert.ts';
import { RetryableDeliveryError } from './deliver-callback.ts';
import { refuseMessage } from './alert-gate.ts';

/** The public page a confirmation link opens (the API serves it; its token is masked in the access log). */
export const confirmationLink = (publicBaseUrl: string, token: string) => `${publicBaseUrl}/confirm-email/${token}`;

/**
 * One attempt at an address's confirmation mail (issue 44): counted as one mail against the team's
 * quota at its first attempt, a fresh link made for it (its token's hash replaces the last one's), sent
 * to that address alone. SMTP's answers are read as for alerts, and so are the retries.
 */
export async function deliverConfirmation(
  deps: AlertDeps & { db: Db },
  delivery: { id: string; teamId: string; channelId: string | null; payload: string },
  channel: { id: string; name: string; team: { name: string } },
  job: JobInfo,
): Promise<void> {
  const body = JSON.parse(delivery.payload) as ConfirmationBody;
  const number = job.attemptsMade + 1;
  if (number === 1) {
    const over = await takeAlertQuota(deps.db, delivery.teamId, { messages: 0, emails: 1 });
    if (over) return refuseMessage(deps, delivery, number, quotaRefusal(over));
  }
  const link = await mintConfirmation(deps.db, channel.id, body.address);
  if (!link) {
    return refuseMessage(deps, delivery, number, 'not_needed: the address has confirmed or left the channel.');
  }
  const result = deps.send.mailer
    ? await deps.send.mailer.send(
        [body.address],
        confirmationEmail({
          link: confirmationLink(deps.publicBaseUrl, link.token),
          address: body.address,
          channelName: channel.name,
          teamName: channel.team.name,
          expiresAt: link.expiresAt,
        }),
      )
    : attemptClock()({ error: 'SMTP_URL is not set: email cannot be sent' });
  const verdict = classifyAlert(result, 'smtp');
  deps.onAttempt?.(verdict);
  const finalState =
    verdict === 'delivered' ? 'delivered' : verdict === 'final' || job.isFinalAttempt ? 'failed' : null;
  await deps.store.record({ deliveryId: delivery.id, number, result, finalState });
  const described = result.error ?? `SMTP ${result.statusCode}`;
  deps.logger.info(
    { deliveryId: delivery.id, channelId: channel.id, attempt: number, status: result.statusCode, verdict },
    'confirmation mail attempt',
  );
  if (verdict === 'retry' && !job.isFinalAttempt) throw new RetryableDeliveryError(described, result.retryAfterMs);
  if (verdict === 'final') throw new UnrecoverableError(`${described}: not retried`);
}
