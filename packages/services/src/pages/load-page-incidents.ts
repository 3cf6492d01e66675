import type { Db, IncidentImpact, Prisma } from '@pageprobe/db';
import type { PageIncident } from '@pageprobe/pages';
import { IMPACTS, type IncidentRow, WITH_PARTS, worstImpact } from '../incidents/present-incident.ts';

/** A status page's monitors by id, with the labels the page gives them. */
export type PageLabels = Map<string, string>;

/** The incidents of a page: the team's that affect one of the monitors it shows. */
const ofPage = (teamId: string, labels: PageLabels): Prisma.IncidentWhereInput => ({
  teamId,
  components: { some: { monitorId: { in: [...labels.keys()] } } },
});

/** An incident as this page shows it: only its components here, by their labels; updates newest first. */
export const pageIncident = (i: IncidentRow, labels: PageLabels, home: string): PageIncident => {
  const here = i.components.filter((c) => labels.has(c.monitorId));
  return {
    id: i.id,
    title: i.title,
    status: i.status,
    impact: worstImpact(here),
    startedAt: i.startedAt,
    resolvedAt: i.resolvedAt,
    labels: here.map((c) => labels.get(c.monitorId)!),
    updates: [...i.updates].reverse().map((u) => ({ status: u.status, message: u.message, at: u.at })),
    postmortem: i.postmortem,
    href: `${home}/incidents/${i.id}`,
  };
};

/** Open incidents, and a page of resolved ones (newest first, `skip` of them before). */
export async function loadPageIncidents(
  db: Db,
  teamId: string,
  labels: PageLabels,
  home: string,
  resolved: { take: number; skip?: number },
): Promise<{ open: PageIncident[]; past: PageIncident[]; more: boolean; impactOf: Map<string, IncidentImpact> }> {
  if (labels.size === 0) return { open: [], past: [], more: false, impactOf: new Map() };
  const where = ofPage(teamId, labels);
  const newest = [{ startedAt: 'desc' as const }, { id: 'desc' as const }];
  const [open, past] = await Promise.all([
    db.incident.findMany({ where: { ...where, resolvedAt: null }, orderBy: newest, include: WITH_PARTS, take: 50 }),
    db.incident.findMany({
      where: { ...where, resolvedAt: { not: null } },
      orderBy: newest,
      include: WITH_PARTS,
      take: resolved.take + 1,
      skip: resolved.skip ?? 0,
    }),
  ]);
  // The worst impact the open incidents give each monitor of the page.
  const impactOf = new Map<string, IncidentImpact>();
  for (const c of open.flatMap((i) => i.components)) {
    const was = impactOf.get(c.monitorId);
    if (!was || IMPACTS.indexOf(c.impact) < IMPACTS.indexOf(was)) impactOf.set(c.monitorId, c.impact);
  }
  return {
    impactOf,
    open: open.map((i) => pageIncident(i, labels, home)),
    past: past.slice(0, resolved.take).map((i) => pageIncident(i, labels, home)),
    more: past.length > resolved.take,
  };
}

/** One incident of the page, or null when it is not one (another team's, or none of its monitors here). */
export async function loadPageIncident(
  db: Db,
  teamId: string,
  labels: PageLabels,
  home: string,
  id: string,
): Promise<PageIncident | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id) || labels.size === 0) return null;
  const incident = await db.incident.findFirst({ where: { id, ...ofPage(teamId, labels) }, include: WITH_PARTS });
  return incident ? pageIncident(incident, labels, home) : null;
}
