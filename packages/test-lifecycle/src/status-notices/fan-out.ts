import type { Plan, Prisma } from '@pageprobe/db';
import { worstImpact } from './impacts.ts';
import { takeNoticeQuota } from './notice-quota.ts';

/** What a subscriber is told of (issue 58); a webhook's payload says it as `type`. */
export type NoticeEvent =
  | 'incident.created'
  | 'incident.updated'
  | 'incident.resolved'
  | 'maintenance.scheduled'
  | 'maintenance.started'
  | 'maintenance.ended';

/** A subscriber's confirmation: the mail with its link, or the webhook's challenge. */
export const SUBSCRIBE_CONFIRM_EVENT = 'subscription.confirm';

/** A delivery row as the outbox's enqueue takes it. */
export interface NoticeDelivery {
  id: string;
  channelId: string | null;
  subscriberId: string | null;
}

const trimmed = (base: string) => base.replace(/\/+$/, '');

/**
 * The notices of an incident's move to every confirmed subscriber of every status page that shows one of
 * its components (a subscriber of some components only: if one of those is among them), in one INSERT
 * per page, in the caller's transaction: the outbox rows exist exactly when the move does. The payload
 * is made once per page (its labels, its links) and is what a webhook receives; a mail is worded from it.
 * The team's hourly notice quota bounds them: past it, the page's later subscribers are not told (logged
 * by the caller from the count returned).
 */
export async function incidentNotices(
  tx: Prisma.TransactionClient,
  incidentId: string,
  event: NoticeEvent,
  publicBaseUrl: string,
): Promise<{ deliveries: NoticeDelivery[]; overQuota: number }> {
  const incident = await tx.incident.findUnique({
    where: { id: incidentId },
    include: {
      components: true,
      updates: { orderBy: [{ at: 'desc' }, { createdAt: 'desc' }], take: 1 },
      team: { select: { plan: true, name: true } },
    },
  });
  if (!incident) return { deliveries: [], overQuota: 0 };
  const ids = incident.components.map((c) => c.monitorId);
  const pages = await tx.$queryRaw<
    Array<{ id: string; slug: string; title: string; monitors: Array<{ id: string; label: string }> }>
  >`
    SELECT p.id, p.slug, p.title, p.monitors FROM status_pages p
    WHERE p.team_id = ${incident.teamId}::uuid
      AND EXISTS (SELECT 1 FROM jsonb_array_elements(p.monitors) m WHERE (m->>'id') = ANY(${ids}::text[]))
      AND EXISTS (SELECT 1 FROM status_subscribers s WHERE s.status_page_id = p.id AND s.confirmed_at IS NOT NULL)`;
  const deliveries: NoticeDelivery[] = [];
  let overQuota = 0;
  const update = incident.updates[0];
  for (const page of pages) {
    const here = page.monitors.filter((m) => ids.includes(m.id));
    const home = `${trimmed(publicBaseUrl)}/status/${page.slug}`;
    const payload = JSON.stringify({
      type: event,
      status_page: { title: page.title, url: home, team: incident.team.name },
      incident: {
        id: incident.id,
        title: incident.title,
        status: incident.status,
        impact: worstImpact(incident.components.filter((c) => here.some((m) => m.id === c.monitorId))),
        started_at: incident.startedAt.toISOString(),
        resolved_at: incident.resolvedAt?.toISOString() ?? null,
        components: here.map((m) => m.label),
        url: `${home}/incidents/${incident.id}`,
        update: update ? { status: update.status, message: update.message, at: update.at.toISOString() } : null,
      },
    });
    const told = await insertPageNotices(tx, {
      teamId: incident.teamId,
      plan: incident.team.plan,
      pageId: page.id,
      monitorIds: here.map((m) => m.id),
      event,
      payload,
    });
    overQuota += told.overQuota;
    deliveries.push(...told.deliveries);
  }
  return { deliveries, overQuota };
}

/**
 * One notice per confirmed subscriber of the page who chose all of it or one of `monitorIds`, in one
 * INSERT, within the team's hourly quota (the page's later subscribers past it are not told).
 */
export async function insertPageNotices(
  tx: Prisma.TransactionClient,
  n: { teamId: string; plan: Plan; pageId: string; monitorIds: string[]; event: string; payload: string },
): Promise<{ deliveries: NoticeDelivery[]; overQuota: number }> {
  const [counted] = await tx.$queryRaw<Array<{ count: number }>>`
    SELECT count(*)::int AS count FROM status_subscribers s
    WHERE s.status_page_id = ${n.pageId}::uuid AND s.confirmed_at IS NOT NULL
      AND (cardinality(s.monitor_ids) = 0 OR s.monitor_ids && ${n.monitorIds}::uuid[])`;
  const count = counted?.count ?? 0;
  const allowed = await takeNoticeQuota(tx, n.teamId, n.plan, count);
  if (allowed === 0) return { deliveries: [], overQuota: count };
  const deliveries = await tx.$queryRaw<Array<NoticeDelivery>>`
    INSERT INTO callback_deliveries (id, team_id, subscriber_id, event, payload)
    SELECT gen_random_uuid(), ${n.teamId}::uuid, s.id, ${n.event}, ${n.payload}
    FROM status_subscribers s
    WHERE s.status_page_id = ${n.pageId}::uuid AND s.confirmed_at IS NOT NULL
      AND (cardinality(s.monitor_ids) = 0 OR s.monitor_ids && ${n.monitorIds}::uuid[])
    ORDER BY s.created_at, s.id LIMIT ${allowed}
    RETURNING id::text, channel_id::text AS "channelId", subscriber_id::text AS "subscriberId"`;
  return { deliveries, overQuota: count - allowed };
}

/** The event of an incident's move: created, resolved, or updated. */
export const incidentEvent = (created: boolean, status: string): NoticeEvent =>
  created ? 'incident.created' : status === 'resolved' ? 'incident.resolved' : 'incident.updated';
