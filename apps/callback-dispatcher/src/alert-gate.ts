import { attemptClock, type ChannelSettings } from '@pageprobe/alert-channels';
import type { AlertChannel, Db } from '@pageprobe/db';
import type { Logger } from '@pageprobe/logger';
import { confirmedAddresses, quotaRefusal, takeAlertQuota } from '@pageprobe/test-lifecycle';
import { UnrecoverableError } from 'bullmq';
import type { DeliveryStore } from './delivery-store.ts';

// Issue 44: what a message to a channel may reach before it is sent. An email channel's message goes to
// its confirmed addresses only; and a message counts against its team's hourly quota once, at its first
// attempt (its retries are the same message). A message that may not go is recorded as not sent, with
// why, never dropped silently.

export type Gate = { settings: ChannelSettings } | { refused: string };

/** The settings to send with (an email channel's confirmed addresses only), or why nothing may be sent. */
export async function gateMessage(
  db: Db,
  delivery: { teamId: string },
  channel: AlertChannel,
  firstAttempt: boolean,
): Promise<Gate> {
  let settings = channel.settings as ChannelSettings;
  if (channel.type === 'email') {
    const confirmed = await confirmedAddresses(db, channel.id);
    const listed = settings.addresses ?? [];
    const addresses = listed.filter((a) => confirmed.has(a.toLowerCase()));
    if (addresses.length === 0) {
      return {
        refused: `no_confirmed_address: none of this channel's ${listed.length} addresses has confirmed yet (each was sent a link); not sent.`,
      };
    }
    settings = { ...settings, addresses };
  }
  if (firstAttempt) {
    const over = await takeAlertQuota(db, delivery.teamId, {
      messages: 1,
      emails: channel.type === 'email' ? (settings.addresses?.length ?? 0) : 0,
    });
    if (over) return { refused: quotaRefusal(over) };
  }
  return { settings };
}

/**
 * Records a message that may not go as one attempt that says why, and ends it `failed`: no later try
 * could send it. It says nothing of the channel's health: the channel is not at fault.
 */
export async function refuseMessage(
  deps: { store: DeliveryStore; logger: Logger },
  delivery: { id: string; channelId: string | null },
  number: number,
  why: string,
): Promise<never> {
  const result = attemptClock()({ error: why });
  await deps.store.record({ deliveryId: delivery.id, number, result, finalState: 'failed' });
  deps.logger.info({ deliveryId: delivery.id, channelId: delivery.channelId, attempt: number, why }, 'alert not sent');
  throw new UnrecoverableError(why);
}
