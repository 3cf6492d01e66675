import { SIGNATURE_HEADER, signPayload } from '@pageprobe/webhook-verify';
import type { DeliveryBody } from './alert-body.ts';
import { messageOf } from './alert-message.ts';
import { type AttemptResult, attemptClock, postAttempt } from './attempt.ts';
import { open } from '@pageprobe/secrets';
import { type ChannelSecret, type ChannelSettings, type ChannelType, channelSealContext } from './channel-types.ts';
import type { Mailer } from './mailer.ts';
import { discordBody } from './render/discord.ts';
import { emailContent } from './render/email.ts';
import { pagerDutyEvent } from './render/pagerduty.ts';
import { slackBody } from './render/slack.ts';
import { teamsBody } from './render/teams.ts';

export const USER_AGENT = 'Pageprobe-Callbacks/1.0 (+https://pageprobe.dev/docs/callbacks)';
export const PAGERDUTY_EVENTS_URL = 'https://events.pagerduty.com/v2/enqueue';

export interface ChannelToSend {
  id: string;
  type: ChannelType;
  settings: ChannelSettings;
  /** Opened from the channel's seal for this attempt only. */
  secret: ChannelSecret | null;
}

/**
 * A stored channel ready to send to: its target opened from its seal for this attempt only. Throws the
 * secrets package's SecretsError when no key of the ring opens it.
 */
export function channelToSend(
  channel: { id: string; type: ChannelType; settings: unknown; sealed: Uint8Array | null },
  keyring: readonly Buffer[],
): ChannelToSend {
  const secret = channel.sealed ? open<ChannelSecret>(keyring, channel.sealed, channelSealContext(channel.id)) : null;
  return { id: channel.id, type: channel.type, settings: channel.settings as ChannelSettings, secret };
}

export interface SendDeps {
  timeoutMs: number;
  allowPrivate: boolean;
  /** The local address a channel's HTTP attempt binds to (the dispatcher's SOURCE_ADDRESS); unset: the system chooses. */
  localAddress?: string | undefined;
  pagerDutyUrl: string;
  /** Null when SMTP_URL is not set: an email channel's attempt then fails and is retried. */
  mailer: Mailer | null;
  /**
   * The team's valid webhook secrets, current first (two during a rotation's overlap, none without a
   * secret): they sign a webhook channel's body as they sign callbacks.
   */
  webhookSecrets: readonly string[];
}

/**
 * The headers every POST of ours carries, and a callback's signature when the team has a secret: one
 * `v1=` per valid secret, current first (`t=…,v1=<new>,v1=<old>` while a rotation overlaps, Stripe's form).
 */
export function callbackHeaders(delivery: { id: string; event: string; payload: string }, secrets: readonly string[]) {
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    'x-service-event': delivery.event,
    'x-service-delivery': delivery.id,
  };
  if (secrets.length > 0) headers[SIGNATURE_HEADER.toLowerCase()] = signPayload(secrets, delivery.payload);
  return headers;
}

/**
 * One attempt to deliver an alert (the stored body) to a channel, worded for its type. The protocol
 * (http or smtp) says how to read the attempt's status.
 */
export async function sendToChannel(
  channel: ChannelToSend,
  delivery: { id: string; event: string; payload: string },
  deps: SendDeps,
): Promise<{ protocol: 'http' | 'smtp'; result: AttemptResult }> {
  const http = (url: string, body: unknown, headers: Record<string, string> = { 'user-agent': USER_AGENT }) =>
    postAttempt(url, typeof body === 'string' ? body : JSON.stringify(body), headers, deps).then((result) => ({
      protocol: 'http' as const,
      result,
    }));
  const message = messageOf(JSON.parse(delivery.payload) as DeliveryBody);
  const url = channel.secret?.url ?? '';
  switch (channel.type) {
    case 'webhook':
      return http(url, delivery.payload, callbackHeaders(delivery, deps.webhookSecrets));
    case 'slack':
      return http(url, slackBody(message));
    case 'teams':
      return http(url, teamsBody(message));
    case 'discord':
      return http(url, discordBody(message));
    case 'pagerduty':
      return http(
        deps.pagerDutyUrl,
        pagerDutyEvent(message, channel.secret?.routing_key ?? '', channel.settings.severity ?? 'critical'),
      );
    case 'email': {
      if (!deps.mailer) {
        return { protocol: 'smtp', result: attemptClock()({ error: 'SMTP_URL is not set: email cannot be sent' }) };
      }
      const result = await deps.mailer.send(channel.settings.addresses ?? [], emailContent(message));
      return { protocol: 'smtp', result };
    }
  }
}
