import type { CallbackDelivery, Monitor, Prisma } from '@pageprobe/db';
import { type AlertEvent, serialiseAlert } from './alert-payload.ts';

export interface AlertToRaise {
  event: AlertEvent;
  reason: string;
  details: Prisma.InputJsonObject;
}

/**
 * Records an alert on the monitor and, when it has a callback_url, its delivery row (the outbox of the
 * callback job, added after the transaction commits). Returns the delivery, or null without a callback.
 */
export async function raiseAlert(
  tx: Prisma.TransactionClient,
  monitor: Monitor,
  alert: AlertToRaise,
  test: { id: string; status: string; reportToken: string } | null,
  publicBaseUrl: string,
): Promise<CallbackDelivery | null> {
  const row = await tx.monitorAlert.create({
    data: { monitorId: monitor.id, testId: test?.id ?? null, ...alert },
  });
  if (!monitor.callbackUrl) return null;
  return tx.callbackDelivery.create({
    data: {
      teamId: monitor.teamId,
      alertId: row.id,
      url: monitor.callbackUrl,
      event: alert.event,
      payload: serialiseAlert(monitor, row, test, publicBaseUrl),
    },
  });
}

/** The pause of a monitor whose key was revoked: raised by the revocation, or by a run that finds it (issue 28). */
export const KEY_REVOKED = {
  reason: 'key_revoked',
  message: 'The API key that started this monitor was revoked; resume it with another key.',
} as const;

/** The pause of a monitor whose sealed values no key of the ring opens (issue 28). */
export const SECRETS_UNREADABLE = {
  reason: 'secrets_unreadable',
  message:
    'The monitor’s header, cookie or password values can no longer be opened; give them again (PATCH) and resume it.',
} as const;
