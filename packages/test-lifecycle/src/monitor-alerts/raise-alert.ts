import type { CallbackDelivery, Monitor, Prisma } from '@pageprobe/db';
import type { AlertLinkBases } from '../report-url.ts';
import { alertDeploys, NAMES_DEPLOY } from './alert-deploy.ts';
import { autoIncidents } from './auto-incidents.ts';
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
  links: AlertLinkBases,
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
  const notices = await autoIncidents(tx, [{ monitor, alert }], row.createdAt, links.publicBaseUrl);
  if (held) return notices;
  const channels = await tx.monitorAlertChannel.findMany({
    where: { monitorId: monitor.id },
    select: { channelId: true },
  });
  if (!monitor.callbackUrl && channels.length === 0) return notices;
  const incident = INCIDENT_EVENTS.includes(alert.event) ? await latestIncident(tx, monitor.id) : null;
  const deploy = NAMES_DEPLOY.includes(alert.event)
    ? ((await alertDeploys(tx, [monitor.id], row.createdAt, links)).get(monitor.id) ?? null)
    : null;
  const payload = serialiseAlert(monitor, row, test, links, incident, deploy);
  const common = { teamId: monitor.teamId, alertId: row.id, event: alert.event, payload };
  const messages = await tx.callbackDelivery.createManyAndReturn({
    data: [
      ...(monitor.callbackUrl ? [{ ...common, url: monitor.callbackUrl }] : []),
      ...channels.map(({ channelId }) => ({ ...common, channelId })),
    ],
  });
  return [...messages, ...notices];
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

/**
 * raiseAlert for many alerts of many monitors at once, in four statements whatever their number (the
 * alerts, the monitors' channels, their latest incidents, the deliveries): a batch of checks that takes
 * hundreds of monitors down (heartbeats found late together) raised them one statement each, taking
 * seconds (issue 47's heartbeats bench). Each monitor is as it is after its checks; the same rows and
 * payloads as raiseAlert, returned in the order given.
 */
export async function raiseAlerts(
  tx: Prisma.TransactionClient,
  raised: Array<{ monitor: Monitor; alert: AlertToRaise }>,
  links: AlertLinkBases,
): Promise<CallbackDelivery[]> {
  if (raised.length === 0) return [];
  const rows = await tx.monitorAlert.createManyAndReturn({
    data: raised.map(({ monitor, alert: { held, ...fields } }) => ({
      monitorId: monitor.id,
      testId: null,
      ...fields,
      ...(held ? { details: { ...fields.details, held: held as Prisma.InputJsonObject } } : {}),
    })),
  });
  // PostgreSQL returns an INSERT's rows in the order of its VALUES; checked, since the payloads rely on it.
  rows.forEach((row, i) => {
    if (row.monitorId !== raised[i]!.monitor.id || row.event !== raised[i]!.alert.event) {
      throw new Error('raiseAlerts: alerts returned out of order');
    }
  });
  const notices = await autoIncidents(tx, raised, rows[0]!.createdAt, links.publicBaseUrl);
  const sent = raised.flatMap((r, i) => (r.alert.held ? [] : [{ ...r, row: rows[i]! }]));
  if (sent.length === 0) return notices;
  const ids = [...new Set(sent.map((r) => r.monitor.id))];
  const channels = new Map<string, string[]>();
  for (const c of await tx.monitorAlertChannel.findMany({
    where: { monitorId: { in: ids } },
    select: { monitorId: true, channelId: true },
  })) {
    channels.set(c.monitorId, [...(channels.get(c.monitorId) ?? []), c.channelId]);
  }
  const delivered = sent.filter((r) => r.monitor.callbackUrl || channels.has(r.monitor.id));
  const incidentOf = new Map<string, { started_at: string; ended_at: string | null }>();
  const needIncident = delivered.filter((r) => INCIDENT_EVENTS.includes(r.alert.event)).map((r) => r.monitor.id);
  if (needIncident.length) {
    const incidents = await tx.$queryRawUnsafe<Array<{ monitor_id: string; started_at: Date; ended_at: Date | null }>>(
      `SELECT DISTINCT ON (monitor_id) monitor_id::text, started_at, ended_at FROM monitoring.incidents
       WHERE monitor_id = ANY($1::uuid[]) ORDER BY monitor_id, started_at DESC`,
      [...new Set(needIncident)],
    );
    for (const i of incidents) {
      incidentOf.set(i.monitor_id, {
        started_at: i.started_at.toISOString(),
        ended_at: i.ended_at?.toISOString() ?? null,
      });
    }
  }
  const deployOf = await alertDeploys(
    tx,
    [...new Set(delivered.filter((r) => NAMES_DEPLOY.includes(r.alert.event)).map((r) => r.monitor.id))],
    rows[0]!.createdAt,
    links,
  );
  const data = delivered.flatMap(({ monitor, alert, row }) => {
    const incident = INCIDENT_EVENTS.includes(alert.event) ? (incidentOf.get(monitor.id) ?? null) : null;
    const deploy = NAMES_DEPLOY.includes(alert.event) ? (deployOf.get(monitor.id) ?? null) : null;
    const payload = serialiseAlert(monitor, row, null, links, incident, deploy);
    const common = { teamId: monitor.teamId, alertId: row.id, event: alert.event, payload };
    return [
      ...(monitor.callbackUrl ? [{ ...common, url: monitor.callbackUrl }] : []),
      ...(channels.get(monitor.id) ?? []).map((channelId) => ({ ...common, channelId })),
    ];
  });
  return [...(data.length ? await tx.callbackDelivery.createManyAndReturn({ data }) : []), ...notices];
}
