import type { CallbackDelivery, Monitor, Prisma } from '@pageprobe/db';
import { type AlertEvent, serialiseAlert } from './alert-payload.ts';
import type { HeldFor } from './alert-policy.ts';

export interface AlertToRaise {
  event: AlertEvent;
  reason: string;
  details: Prisma.InputJsonObject;
  /** Recorded but not sent (alert-policy.ts says when), with why: shown as `details.held`. */
  held?: HeldFor | null;
}

/** Events about an incident: their payload says which (PagerDuty's trigger and resolve share its key). */
const INCIDENT_EVENTS: readonly AlertEvent[] = ['monitor.down', 'monitor.recovered'];

/** The monitor's latest incident: the one a monitor.down opened or a monitor.recovered closed. */
async function latestIncident(tx: Prisma.TransactionClient, monitorId: string) {
  const [row] = await tx.$queryRaw<Array<{ started_at: Date; ended_at: Date | null }>>`
    SELECT started_at, ended_at FROM monitoring.incidents WHERE monitor_id = ${monitorId}::uuid
    ORDER BY started_at DESC LIMIT 1`;
  return row ? { started_at: row.started_at.toISOString(), ended_at: row.ended_at?.toISOString() ?? null } : null;
}

/**
 * Records an alert on the monitor and its deliveries, the outbox of its jobs (added after the transaction
 * commits): one to the monitor's callback_url, if it has one, and one to each of its alert channels
 * (issue 31), whose targets are read from the channel when each attempt is made. All carry the same body.
 * A held alert (maintenance, or a recovery whose down was never sent) is recorded and sent nowhere.
 */
export async function raiseAlert(
  tx: Prisma.TransactionClient,
  monitor: Monitor,
  alert: AlertToRaise,
  test: { id: string; status: string; reportToken: string } | null,
  publicBaseUrl: string,
): Promise<CallbackDelivery[]> {
  const { held, ...fields } = alert;
  const row = await tx.monitorAlert.create({
    data: {
      monitorId: monitor.id,
      testId: test?.id ?? null,
      ...fields,
      ...(held ? { details: { ...fields.details, held: held as Prisma.InputJsonObject } } : {}),
    },
  });
  if (held) return [];
  const channels = await tx.monitorAlertChannel.findMany({
    where: { monitorId: monitor.id },
    select: { channelId: true },
  });
  if (!monitor.callbackUrl && channels.length === 0) return [];
  const incident = INCIDENT_EVENTS.includes(alert.event) ? await latestIncident(tx, monitor.id) : null;
  const payload = serialiseAlert(monitor, row, test, publicBaseUrl, incident);
  const common = { teamId: monitor.teamId, alertId: row.id, event: alert.event, payload };
  return tx.callbackDelivery.createManyAndReturn({
    data: [
      ...(monitor.callbackUrl ? [{ ...common, url: monitor.callbackUrl }] : []),
      ...channels.map(({ channelId }) => ({ ...common, channelId })),
    ],
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
