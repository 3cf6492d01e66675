import type { Db, StatusPage } from '@pageprobe/db';
import { dayBars, incidents, uptimePercent, WINDOWS } from '@pageprobe/monitors';
import { reasonWords, type StatusPageData } from '@pageprobe/pages';
import { REPORT_CSS_PATH as CSS_PATH } from '@pageprobe/test-kinds';
import { liveMonitors } from '../status-pages/status-page-service.ts';
import { loadMaintenance } from './load-maintenance.ts';
import { monitorState } from './load-monitor-page.ts';
import { loadPageIncidents, type PageLabels } from './load-page-incidents.ts';
import { statusPageUrl } from './page-urls.ts';

const MAX_INCIDENTS = 50;
/** Resolved incidents the page lists; the rest are in its history. */
const PAST_LISTED = 10;

/** The links of a page and its parts: its home, feeds, history, JSON. */
export const statusLinks = (base: string, slug: string) => {
  const home = statusPageUrl(base, slug);
  return {
    home,
    css: CSS_PATH,
    json: `${home}.json`,
    atom: `${home}/feed.atom`,
    rss: `${home}/feed.rss`,
    history: `${home}/history`,
  };
};

/** The page's monitors by id, under its labels, and what its readers see of its team. */
export async function pageFrame(db: Db, page: StatusPage) {
  const [shown, team] = await Promise.all([
    liveMonitors(db, page),
    db.team.findUnique({ where: { id: page.teamId }, select: { name: true } }),
  ]);
  const labels: PageLabels = new Map(shown.map(({ label, monitor }) => [monitor.id, label]));
  const look = { teamName: team?.name ?? '', logoUrl: page.logoUrl, accentColor: page.accentColor };
  return { shown, labels, look };
}

/**
 * What a team's public status page shows, read as the API serves it and the dashboard previews it; `frame`
 * when the caller read it already (the API keeps it for the page's other answers).
 */
export async function loadStatusPage(
  db: Db,
  page: StatusPage,
  base: string,
  now: Date,
  frame?: Awaited<ReturnType<typeof pageFrame>>,
): Promise<StatusPageData> {
  const { shown, labels, look } = frame ?? (await pageFrame(db, page));
  const links = statusLinks(base, page.slug);
  const since = now.getTime() - WINDOWS['90d'];
  const [maintenance, written] = await Promise.all([
    loadMaintenance(db, page.teamId, shown, now),
    loadPageIncidents(db, page.teamId, labels, links.home, { take: PAST_LISTED }),
  ]);
  const monitors = await Promise.all(
    shown.map(async ({ label, monitor }) => {
      const [percent, days, list] = await Promise.all([
        uptimePercent(db, monitor.id, now),
        dayBars(db, monitor.id, now),
        incidents(db, monitor.id),
      ]);
      const recent = list.filter((i) => Date.parse(i.ended_at ?? i.started_at) >= since);
      const inMaintenance = maintenance.active.has(monitor.id);
      const state = monitorState(monitor);
      const reason = state === 'down' ? (list.find((i) => i.ended_at === null)?.reason ?? null) : null;
      const impact = written.impactOf.get(monitor.id) ?? null;
      return { label, state, reason, inMaintenance, impact, uptime90d: percent['90d'], days, recent };
    }),
  );
  return {
    title: page.title,
    description: page.description,
    ...look,
    now,
    monitors,
    incidents: monitors
      .flatMap((m) =>
        m.recent.map((i) => ({
          label: m.label,
          startedAt: new Date(i.started_at),
          endedAt: i.ended_at ? new Date(i.ended_at) : null,
          reason: `${reasonWords(i.reason)}${i.maintenance ? ' (during maintenance)' : ''}`,
          code: i.reason,
        })),
      )
      .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime())
      .slice(0, MAX_INCIDENTS),
    openIncidents: written.open,
    pastIncidents: written.past,
    maintenance: maintenance.rows,
    links,
  };
}

/**
 * A status page's look and links alone (nothing of its monitors' history): what its small pages (a
 * subscription's) are drawn with, in two short reads.
 */
export async function loadStatusLook(db: Db, page: StatusPage, base: string, now: Date): Promise<StatusPageData> {
  const team = await db.team.findUnique({ where: { id: page.teamId }, select: { name: true } });
  return {
    title: page.title,
    description: page.description,
    teamName: team?.name ?? '',
    logoUrl: page.logoUrl,
    accentColor: page.accentColor,
    now,
    monitors: [],
    incidents: [],
    openIncidents: [],
    pastIncidents: [],
    maintenance: [],
    links: statusLinks(base, page.slug),
  };
}
