import { CHANNEL_FIELDS, type ChannelSettings, REDACTED } from '@pageprobe/alert-channels';
import type { AlertChannel, CallbackAttempt, CallbackDelivery } from '@pageprobe/db';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * A channel as the API shows it: its secret fields say `[redacted]`, never their value; an email
 * channel's addresses each with whether it has confirmed (issue 44).
 */
export function presentChannel(
  channel: AlertChannel & { recipients: Array<{ email: string; confirmedAt: Date | null }> },
) {
  const settings = channel.settings as ChannelSettings;
  const confirmed = new Set(channel.recipients.filter((r) => r.confirmedAt).map((r) => r.email));
  const addresses = (settings.addresses ?? []).map((email) => ({
    email,
    confirmed: confirmed.has(email.toLowerCase()),
  }));
  const secret = Object.fromEntries(CHANNEL_FIELDS[channel.type].secret.map((field) => [field, REDACTED]));
  return {
    id: channel.id,
    key: channel.key,
    managed_by: channel.managedBy,
    type: channel.type,
    name: channel.name,
    ...secret,
    ...(channel.type === 'email' ? { addresses } : {}),
    ...(channel.type === 'pagerduty' ? { severity: settings.severity ?? 'critical' } : {}),
    state: channel.state,
    first_failure_at: iso(channel.firstFailureAt),
    last_delivered_at: iso(channel.lastDeliveredAt),
    created_at: channel.createdAt.toISOString(),
    updated_at: channel.updatedAt.toISOString(),
  };
}

export const presentAttempt = (a: CallbackAttempt) => ({
  number: a.number,
  started_at: a.startedAt.toISOString(),
  duration_ms: a.durationMs,
  status_code: a.statusCode,
  error: a.error,
  response_snippet: a.responseSnippet,
});

/** One message to a channel: what it was about, its state and every attempt with the start of each reply. */
export function presentDelivery(
  delivery: CallbackDelivery & { attempts: CallbackAttempt[]; alert: { monitorId: string } | null },
) {
  return {
    id: delivery.id,
    event: delivery.event,
    state: delivery.state,
    alert_id: delivery.alertId,
    monitor_id: delivery.alert?.monitorId ?? null,
    created_at: delivery.createdAt.toISOString(),
    finished_at: iso(delivery.finishedAt),
    attempts: delivery.attempts.map(presentAttempt),
  };
}
