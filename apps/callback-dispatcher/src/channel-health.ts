import { type ChannelNoticeBody, when } from '@pageprobe/alert-channels';
import type { CallbackDelivery, Db } from '@pageprobe/db';

/** A channel whose every message has failed for this long is `failing` (issue 31). */
export const FAILING_AFTER_MS = 24 * 3600_000;

const TARGET_WORDS = { pagerduty: 'routing key', email: 'addresses and the SMTP server' } as Record<string, string>;

/**
 * What one attempt says of its channel. A delivered message makes it `ok` again. A failed one starts
 * (or continues) its run of failures; when that run is 24 hours old the channel becomes `failing` and the
 * team is told through its other channels that are not: the deliveries of those notices are returned,
 * for the caller to enqueue. Only the change to `failing` tells, so a team hears it once.
 */
export async function noteChannelOutcome(
  db: Db,
  channelId: string,
  delivered: boolean,
  lastError: string,
): Promise<CallbackDelivery[]> {
  if (delivered) {
    await db.alertChannel.update({
      where: { id: channelId },
      data: { state: 'ok', firstFailureAt: null, lastDeliveredAt: new Date() },
    });
    return [];
  }
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`UPDATE alert_channels SET first_failure_at = COALESCE(first_failure_at, now())
      WHERE id = ${channelId}::uuid`;
    const [failing] = await tx.alertChannel.updateManyAndReturn({
      where: { id: channelId, state: 'ok', firstFailureAt: { lte: new Date(Date.now() - FAILING_AFTER_MS) } },
      data: { state: 'failing' },
    });
    if (!failing) return [];
    const others = await tx.alertChannel.findMany({
      where: { teamId: failing.teamId, id: { not: channelId }, state: 'ok' },
      select: { id: true },
    });
    const target = TARGET_WORDS[failing.type] ?? 'webhook URL';
    const body: ChannelNoticeBody = {
      event: 'alert_channel.failing',
      channel: { id: failing.id, name: failing.name, type: failing.type },
      message:
        `Every message to the ${failing.type} channel “${failing.name}” has failed since ${when(failing.firstFailureAt!.toISOString())}` +
        ` (the last: ${lastError}). Alerts sent there are not being read: check its ${target} (PATCH /api/v1/alert-channels/${failing.id}).`,
      created_at: new Date().toISOString(),
    };
    const payload = JSON.stringify(body);
    return tx.callbackDelivery.createManyAndReturn({
      data: others.map((o) => ({ teamId: failing.teamId, channelId: o.id, event: body.event, payload })),
    });
  });
}
