import { type Db, type Prisma, type StatusPage, sqlState, UNIQUE_VIOLATION } from '@pageprobe/db';
import { randomUUIDv7 } from 'node:crypto';
import { fieldsOf } from '../audit-fields.ts';
import type { ServiceDeps } from '../deps.ts';
import { auditCaller, type Caller } from '../caller.ts';
import { after, NEWEST_FIRST, pageOf } from '../keyset.ts';
import { ProblemError } from '../problem.ts';
import { createWithinLimit } from '../team-limit.ts';
import { statusPageUrl } from '../pages/page-urls.ts';
import { checkSlugFree } from './reserved-slugs.ts';
import { checkKeyFree, rethrowKeyTaken } from '../resource-key.ts';

// A team's status pages (issue 30), whichever door asks: the API's routes and the dashboard's forms
// (issue 46) call these, so a slug, a monitor and the limit are checked alike.

/** Status pages one team may have. */
export const STATUS_PAGES_PER_TEAM = 20;

export interface ShownMonitor {
  id: string;
  label: string;
}

export interface StatusPageInput {
  /** Its name in a configuration file (issue 50); null removes it. */
  key?: string | null;
  slug?: string;
  title?: string;
  description?: string | null;
  monitors?: ShownMonitor[];
  indexable?: boolean;
  /** Issue 58: its monitors' downs open incidents; its logo and accent color. */
  auto_incidents?: boolean;
  logo_url?: string | null;
  accent_color?: string | null;
}

/** The page's monitors that still exist: a deleted monitor drops out of its pages. */
export async function liveMonitors(db: Db, page: Pick<StatusPage, 'teamId' | 'monitors'>) {
  const shown = page.monitors as unknown as ShownMonitor[];
  const live = await db.monitor.findMany({
    where: { id: { in: shown.map((m) => m.id) }, teamId: page.teamId, deletedAt: null },
  });
  const byId = new Map(live.map((m) => [m.id, m]));
  return shown.flatMap((s) => {
    const monitor = byId.get(s.id);
    return monitor ? [{ label: s.label, monitor }] : [];
  });
}

/** A page as the API shows it. */
export const presentStatusPage = async (deps: ServiceDeps, page: StatusPage) => ({
  id: page.id,
  key: page.key,
  managed_by: page.managedBy,
  slug: page.slug,
  title: page.title,
  description: page.description,
  monitors: (await liveMonitors(deps.db, page)).map(({ label, monitor }) => ({ id: monitor.id, label })),
  url: statusPageUrl(deps.config.PUBLIC_BASE_URL, page.slug),
  ...lookOf(page),
  created_at: page.createdAt.toISOString(),
  updated_at: page.updatedAt.toISOString(),
});

/** Its settings beside the monitors: indexing, automatic incidents, logo and accent color. */
const lookOf = (page: StatusPage) => ({
  indexable: page.indexable,
  auto_incidents: page.autoIncidents,
  logo_url: page.logoUrl,
  accent_color: page.accentColor,
});

export type PresentedStatusPage = Awaited<ReturnType<typeof presentStatusPage>>;

/** The team's page with that id (the row, for the dashboard's preview), or a 404. */
export async function ownedStatusPage(deps: ServiceDeps, teamId: string, id: string): Promise<StatusPage> {
  const page = /^[0-9a-f-]{36}$/i.test(id) ? await deps.db.statusPage.findFirst({ where: { id, teamId } }) : null;
  if (!page) throw new ProblemError(404, 'not_found', 'No status page with that id.');
  return page;
}

/** Each monitor named must be the team's and not deleted, and named once. */
async function checkMonitors(deps: ServiceDeps, teamId: string, monitors: ShownMonitor[]) {
  const errors: Array<{ path: string; message: string }> = [];
  const live = new Set(
    (
      await deps.db.monitor.findMany({
        where: { id: { in: monitors.map((m) => m.id) }, teamId, deletedAt: null },
        select: { id: true },
      })
    ).map((m) => m.id),
  );
  const seen = new Set<string>();
  monitors.forEach((m, i) => {
    if (!live.has(m.id)) errors.push({ path: `body.monitors.${i}.id`, message: 'is not a monitor of this team' });
    else if (seen.has(m.id)) errors.push({ path: `body.monitors.${i}.id`, message: 'is listed twice' });
    seen.add(m.id);
  });
  if (errors.length) {
    throw new ProblemError(
      400,
      'validation_failed',
      `monitors: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`,
      { errors },
    );
  }
}

const slugTaken = (error: unknown): never => {
  if (sqlState(error) === UNIQUE_VIOLATION || (error as { code?: string }).code === 'P2002') {
    throw new ProblemError(409, 'slug_taken', 'Another status page has that slug; choose another.', {
      errors: [{ path: 'body.slug', message: 'is taken by another status page' }],
    });
  }
  throw error;
};

/** POST /status-pages: the body as CreateStatusPage lets it through. */
export async function createStatusPage(
  deps: ServiceDeps,
  caller: Caller,
  input: Required<Pick<StatusPageInput, 'slug' | 'title' | 'monitors'>> & StatusPageInput,
): Promise<PresentedStatusPage> {
  const { teamId } = caller;
  checkSlugFree(input.slug);
  await checkMonitors(deps, teamId, input.monitors);
  if (input.key) await checkKeyFree(deps.db, 'status_page', teamId, input.key);
  const page = await createWithinLimit(
    deps.db,
    teamId,
    { max: STATUS_PAGES_PER_TEAM, code: 'status_page_limit_reached', noun: 'status pages' },
    (tx) => tx.statusPage.count({ where: { teamId } }),
    (tx) =>
      tx.statusPage.create({
        data: {
          id: randomUUIDv7(),
          teamId,
          slug: input.slug,
          title: input.title,
          description: input.description ?? null,
          monitors: input.monitors as unknown as Prisma.InputJsonArray,
          indexable: input.indexable ?? false,
          autoIncidents: input.auto_incidents ?? false,
          logoUrl: input.logo_url ?? null,
          accentColor: input.accent_color?.toLowerCase() ?? null,
          key: input.key ?? null,
        },
      }),
  )
    .catch(rethrowKeyTaken('status_page', input.key))
    .catch(slugTaken);
  await auditCaller(deps.db, caller, 'status_page.created', page.id, { slug: page.slug });
  return presentStatusPage(deps, page);
}

/**
 * A keyset page of the team's status pages, newest first; the monitors of all of them read in one query
 * (a page lists at most 50, and a page of them at most 100 pages).
 */
export async function listStatusPages(deps: ServiceDeps, caller: Caller, cursor: string | undefined, limit: number) {
  const rows = await deps.db.statusPage.findMany({
    where: { teamId: caller.teamId, ...after(cursor) },
    orderBy: NEWEST_FIRST,
    take: limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, limit);
  const ids = page.flatMap((p) => (p.monitors as unknown as ShownMonitor[]).map((m) => m.id));
  const live = new Set(
    (
      await deps.db.monitor.findMany({
        where: { id: { in: ids }, teamId: caller.teamId, deletedAt: null },
        select: { id: true },
      })
    ).map((m) => m.id),
  );
  const data = page.map((p) => ({
    id: p.id,
    key: p.key,
    managed_by: p.managedBy,
    slug: p.slug,
    title: p.title,
    description: p.description,
    monitors: (p.monitors as unknown as ShownMonitor[])
      .filter((m) => live.has(m.id))
      .map(({ id, label }) => ({ id, label })),
    url: statusPageUrl(deps.config.PUBLIC_BASE_URL, p.slug),
    ...lookOf(p),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  }));
  return { data, next_cursor: nextCursor };
}

export const getStatusPage = async (deps: ServiceDeps, caller: Caller, id: string): Promise<PresentedStatusPage> =>
  presentStatusPage(deps, await ownedStatusPage(deps, caller.teamId, id));

/** PATCH /status-pages/{id}: the body as UpdateStatusPage lets it through. */
export async function updateStatusPage(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  input: StatusPageInput,
): Promise<PresentedStatusPage> {
  const current = await ownedStatusPage(deps, caller.teamId, id);
  // A page that has its slug since before it was reserved keeps it; no page takes one now.
  if (input.slug !== undefined && input.slug !== current.slug) checkSlugFree(input.slug);
  if (input.monitors) await checkMonitors(deps, caller.teamId, input.monitors);
  if (input.key) await checkKeyFree(deps.db, 'status_page', caller.teamId, input.key, current.id);
  const data: Prisma.StatusPageUpdateInput = {};
  if (input.key !== undefined) data.key = input.key;
  if (input.slug !== undefined) data.slug = input.slug;
  if (input.title !== undefined) data.title = input.title;
  if (input.description !== undefined) data.description = input.description;
  if (input.monitors !== undefined) data.monitors = input.monitors as unknown as Prisma.InputJsonArray;
  if (input.indexable !== undefined) data.indexable = input.indexable;
  if (input.auto_incidents !== undefined) data.autoIncidents = input.auto_incidents;
  if (input.logo_url !== undefined) data.logoUrl = input.logo_url;
  if (input.accent_color !== undefined) data.accentColor = input.accent_color?.toLowerCase() ?? null;
  const page = await deps.db.statusPage
    .update({ where: { id: current.id }, data })
    .catch(rethrowKeyTaken('status_page', input.key))
    .catch(slugTaken);
  await auditCaller(deps.db, caller, 'status_page.updated', page.id, fieldsOf(input));
  return presentStatusPage(deps, page);
}

export async function deleteStatusPage(deps: ServiceDeps, caller: Caller, id: string): Promise<void> {
  const page = await ownedStatusPage(deps, caller.teamId, id);
  await deps.db.statusPage.delete({ where: { id: page.id } });
  await auditCaller(deps.db, caller, 'status_page.deleted', page.id, { slug: page.slug });
}
