import type { Db, MaintenanceWindow, Prisma } from '@pageprobe/db';
import { covers } from '../maintenance/active-window.ts';
import { nextOccurrences, type Occurrence } from '../maintenance/window-times.ts';
import { insertPageNotices, type NoticeDelivery } from './fan-out.ts';

export type MaintenanceEvent = 'maintenance.scheduled' | 'maintenance.started' | 'maintenance.ended';

/** How far back a sweep looks for a start or an end it has not told of (a dispatcher down a while). */
const LOOK_BACK_MS = 15 * 60_000;

const trimmed = (base: string) => base.replace(/\/+$/, '');

/**
 * The notices of one occurrence's event to the subscribers of every status page showing a monitor the
 * window covers, once: the (window, occurrence, event) row is taken first, and a second sender (another
 * replica's sweep) finds it taken and sends nothing.
 */
export async function maintenanceNotices(
  tx: Prisma.TransactionClient,
  window: MaintenanceWindow,
  occurrence: Occurrence,
  event: MaintenanceEvent,
  publicBaseUrl: string,
): Promise<NoticeDelivery[]> {
  const taken = await tx.$executeRaw`
    INSERT INTO maintenance_notices (window_id, occurrence_start, event)
    VALUES (${window.id}::uuid, ${occurrence.start}, ${event}) ON CONFLICT DO NOTHING`;
  if (!taken) return [];
  // One after another: a transaction's client runs one query at a time.
  const team = await tx.team.findUniqueOrThrow({ where: { id: window.teamId }, select: { plan: true, name: true } });
  const pages = await tx.statusPage.findMany({
    where: { teamId: window.teamId, subscribers: { some: { confirmedAt: { not: null } } } },
  });
  if (pages.length === 0) return [];
  const monitors = await tx.monitor.findMany({
    where: { teamId: window.teamId, deletedAt: null },
    select: { id: true, teamId: true, tags: true },
  });
  const covered = new Set(monitors.filter((m) => covers(window, m)).map((m) => m.id));
  const deliveries: NoticeDelivery[] = [];
  for (const page of pages) {
    const here = (page.monitors as unknown as Array<{ id: string; label: string }>).filter((m) => covered.has(m.id));
    if (here.length === 0) continue;
    const home = `${trimmed(publicBaseUrl)}/status/${page.slug}`;
    const payload = JSON.stringify({
      type: event,
      status_page: { title: page.title, url: home, team: team.name },
      maintenance: {
        name: window.name,
        starts_at: occurrence.start.toISOString(),
        ends_at: occurrence.end.toISOString(),
        components: here.map((m) => m.label),
      },
    });
    const told = await insertPageNotices(tx, {
      teamId: window.teamId,
      plan: team.plan,
      pageId: page.id,
      monitorIds: here.map((m) => m.id),
      event,
      payload,
    });
    deliveries.push(...told.deliveries);
  }
  return deliveries;
}

/**
 * A window made or changed: its next occurrence, told as scheduled (once per occurrence). Nothing for a
 * window with no occurrence to come.
 */
export async function maintenanceScheduled(
  tx: Prisma.TransactionClient,
  window: MaintenanceWindow,
  publicBaseUrl: string,
  now = new Date(),
): Promise<NoticeDelivery[]> {
  const [next] = nextOccurrences(window, now, 1);
  if (!next || next.start <= now) return [];
  return maintenanceNotices(tx, window, next, 'maintenance.scheduled', publicBaseUrl);
}

/**
 * The dispatcher's sweep: each occurrence of a window (of a team whose pages have confirmed subscribers)
 * that started or ended in the last 15 minutes and has not been told of, told now.
 */
export async function sweepMaintenanceNotices(
  db: Db,
  publicBaseUrl: string,
  now = new Date(),
): Promise<NoticeDelivery[]> {
  const windows = await db.maintenanceWindow.findMany({
    where: { team: { statusPages: { some: { subscribers: { some: { confirmedAt: { not: null } } } } } } },
  });
  const since = new Date(now.getTime() - LOOK_BACK_MS);
  const deliveries: NoticeDelivery[] = [];
  for (const window of windows) {
    for (const o of nextOccurrences(window, since, 3)) {
      const events: MaintenanceEvent[] = [];
      if (o.start > since && o.start <= now) events.push('maintenance.started');
      if (o.end > since && o.end <= now) events.push('maintenance.ended');
      for (const event of events)
        deliveries.push(...(await db.$transaction((tx) => maintenanceNotices(tx, window, o, event, publicBaseUrl))));
    }
  }
  return deliveries;
}
