import type { CallbackDelivery, Monitor, Prisma } from '@pageprobe/db';
import { randomUUIDv7 } from 'node:crypto';
import { incidentNotices } from '../status-notices/fan-out.ts';
import type { AlertToRaise } from './raise-alert.ts';

/**
 * Status pages' automatic incidents (issue 58): a monitor that goes down (an alert sent, not held by
 * maintenance or a parent) opens an incident on the team's pages that show it and say `auto_incidents`,
 * titled by its label there; its recovery resolves it, whether that recovery is sent or not. In the
 * alert's transaction, so the incident exists exactly when the alert does; the partial unique index on
 * `opened_for` keeps one open per monitor when two checks race.
 */
export async function autoIncidents(
  tx: Prisma.TransactionClient,
  raised: Array<{ monitor: Monitor; alert: AlertToRaise }>,
  at: Date,
  publicBaseUrl: string,
): Promise<CallbackDelivery[]> {
  const ids: string[] = [];
  for (const { monitor, alert } of raised) {
    // The incident's subscribers are told of it, as of one a person opened or resolved.
    let moved: { id: string; event: 'incident.created' | 'incident.resolved' } | null = null;
    if (alert.event === 'monitor.down' && !alert.held) {
      const id = await openFor(tx, monitor, at);
      if (id) moved = { id, event: 'incident.created' };
    } else if (alert.event === 'monitor.recovered') {
      const id = await resolveFor(tx, monitor, at);
      if (id) moved = { id, event: 'incident.resolved' };
    }
    if (moved)
      ids.push(...(await incidentNotices(tx, moved.id, moved.event, publicBaseUrl)).deliveries.map((d) => d.id));
  }
  return ids.length ? tx.callbackDelivery.findMany({ where: { id: { in: ids } } }) : [];
}

/** The incident opened, or null when none was (no such page, or one is open already). */
async function openFor(tx: Prisma.TransactionClient, monitor: Monitor, at: Date): Promise<string | null> {
  const [page] = await tx.$queryRaw<Array<{ label: string }>>`
    SELECT m->>'label' AS label FROM status_pages p CROSS JOIN LATERAL jsonb_array_elements(p.monitors) m
    WHERE p.team_id = ${monitor.teamId}::uuid AND p.auto_incidents AND m->>'id' = ${monitor.id}
    ORDER BY p.created_at LIMIT 1`;
  if (!page) return null;
  const id = randomUUIDv7();
  const opened = await tx.$executeRaw`
    INSERT INTO incidents (id, team_id, title, status, started_at, opened_for, updated_at)
    VALUES (${id}::uuid, ${monitor.teamId}::uuid, ${`${page.label} is down`}, 'investigating', ${at}, ${monitor.id}::uuid, now())
    ON CONFLICT (opened_for) WHERE resolved_at IS NULL DO NOTHING`;
  if (!opened) return null;
  await tx.incidentComponent.create({ data: { incidentId: id, monitorId: monitor.id, impact: 'major_outage' } });
  await tx.incidentUpdate.create({
    data: {
      id: randomUUIDv7(),
      incidentId: id,
      status: 'investigating',
      message: `Our checks find ${page.label} not responding as it should. We are looking into it.`,
      at,
    },
  });
  return id;
}

/** The monitor's open automatic incident resolved, or null when it had none. */
async function resolveFor(tx: Prisma.TransactionClient, monitor: Monitor, at: Date): Promise<string | null> {
  const open = await tx.incident.findFirst({ where: { openedFor: monitor.id, resolvedAt: null } });
  if (!open) return null;
  // Never before the incident's latest update, which the team may have posted meanwhile.
  const latest = await tx.incidentUpdate.findFirst({ where: { incidentId: open.id }, orderBy: { at: 'desc' } });
  const when = latest && latest.at > at ? latest.at : at;
  await tx.incident.update({ where: { id: open.id }, data: { status: 'resolved', resolvedAt: when } });
  await tx.incidentUpdate.create({
    data: {
      id: randomUUIDv7(),
      incidentId: open.id,
      status: 'resolved',
      message: 'Our checks find it working again.',
      at: when,
    },
  });
  return open.id;
}
