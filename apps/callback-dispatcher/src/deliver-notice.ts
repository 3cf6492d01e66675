import {
  type AttemptResult,
  attemptClock,
  callbackHeaders,
  classifyAlert,
  postAttempt,
} from '@pageprobe/alert-channels';
import type { CallbackDelivery } from '@pageprobe/db';
import type { JobInfo } from '@pageprobe/jobs';
import { type NoticePayload, statusNoticeMail, subscriberLinks, subscriptionConfirmMail } from '@pageprobe/pages';
import { SUBSCRIBE_CONFIRM_EVENT } from '@pageprobe/test-lifecycle';
import { UnrecoverableError } from 'bullmq';
import { refuseMessage } from './alert-gate.ts';
import type { AlertDeps } from './deliver-alert.ts';
import { RetryableDeliveryError } from './deliver-callback.ts';

/**
 * One attempt at a status page subscriber's delivery (issue 58): its confirmation (a mail with its link,
 * or a webhook's challenge, which the webhook must echo in its answer's body) or a notice, mailed with
 * its one-click unsubscribe or posted signed with the subscriber's own secret as callbacks are signed.
 * Nothing but the confirmation reaches a subscriber that has not confirmed; one that left is sent nothing.
 * Retries follow the alerts' policy.
 */
export async function deliverNotice(deps: AlertDeps, delivery: CallbackDelivery, job: JobInfo): Promise<void> {
  const number = job.attemptsMade + 1;
  const subscriber = await deps.db.statusSubscriber.findUnique({
    where: { id: delivery.subscriberId! },
    include: { page: { select: { slug: true, title: true, team: { select: { name: true } } } } },
  });
  if (!subscriber) return refuseMessage(deps, delivery, number, 'not_needed: the subscriber has left.');
  const confirming = delivery.event === SUBSCRIBE_CONFIRM_EVENT;
  if (confirming === (subscriber.confirmedAt !== null)) {
    const why = confirming ? 'not_needed: already confirmed.' : 'not_confirmed: the subscriber has not confirmed.';
    return refuseMessage(deps, delivery, number, why);
  }
  const pageUrl = `${deps.publicBaseUrl.replace(/\/+$/, '')}/status/${subscriber.page.slug}`;
  const links = subscriberLinks(pageUrl, subscriber.token);

  let protocol: 'http' | 'smtp';
  let result: AttemptResult;
  let unechoed = false;
  if (subscriber.kind === 'email') {
    protocol = 'smtp';
    const content = confirming
      ? subscriptionConfirmMail({
          pageTitle: subscriber.page.title,
          teamName: subscriber.page.team.name,
          pageUrl,
          link: links.confirm,
        })
      : statusNoticeMail(JSON.parse(delivery.payload) as NoticePayload, links);
    result = deps.send.mailer
      ? await deps.send.mailer.send([subscriber.address], content)
      : attemptClock()({ error: 'SMTP_URL is not set: email cannot be sent' });
  } else {
    protocol = 'http';
    const body = delivery.payload;
    result = await postAttempt(
      subscriber.address,
      body,
      callbackHeaders({ id: delivery.id, event: delivery.event, payload: body }, [subscriber.secret ?? '']),
      deps.send,
    );
    // A challenge is answered only by a webhook that echoes it: anything else is not its owner's yes.
    const answered = confirming && result.statusCode !== null && result.statusCode < 300;
    if (answered && (!subscriber.challenge || !result.responseSnippet?.includes(subscriber.challenge))) {
      unechoed = true;
      result = { ...result, error: 'challenge_not_echoed: the answer did not carry the challenge.' };
    }
  }
  const verdict = unechoed ? 'final' : classifyAlert(result, protocol);
  deps.onAttempt?.(verdict);
  const finalState =
    verdict === 'delivered' ? 'delivered' : verdict === 'final' || job.isFinalAttempt ? 'failed' : null;
  await deps.store.record({ deliveryId: delivery.id, number, result, finalState });
  if (confirming && verdict === 'delivered' && subscriber.kind === 'webhook') {
    await deps.db.statusSubscriber.update({
      where: { id: subscriber.id },
      data: { confirmedAt: new Date(), challenge: null },
    });
  }
  const described = result.error ?? `${protocol === 'smtp' ? 'SMTP' : 'HTTP'} ${result.statusCode}`;
  deps.logger.info(
    { deliveryId: delivery.id, subscriberId: subscriber.id, kind: subscriber.kind, attempt: number, verdict },
    'status notice attempt',
  );
  if (verdict === 'retry' && !job.isFinalAttempt) throw new RetryableDeliveryError(described, result.retryAfterMs);
  if (verdict === 'final') throw new UnrecoverableError(`${described}: not retried`);
}
