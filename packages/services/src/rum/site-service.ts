import { randomBytes, randomUUIDv7 } from 'node:crypto';
import type { Db, Plan, Prisma, RumSite } from '@pageprobe/db';
import { fieldsOf } from '../audit-fields.ts';
import { auditCaller, type Caller } from '../caller.ts';
import type { ServiceDeps } from '../deps.ts';
import { after, NEWEST_FIRST, pageOf } from '../keyset.ts';
import { checkAlertChannels } from '../monitors/monitor-input.ts';
import { ProblemError } from '../problem.ts';
import { createWithinLimit } from '../team-limit.ts';
import { presentSite, type PresentedSite } from './present-site.ts';
import { type RumSiteInput, siteColumns } from './site-input.ts';

// A team's real-user monitoring sites (issue 61), whichever door asks: the API, the dashboard's forms,
// the CLI and MCP through the API, and a configuration's apply. A site is what a page's beacon names by
// its public key; a deleted one is kept (its rollups name it) but hidden, and its key accepted no more.

/** Sites a team may have, by plan: each is an ingest's per-site limit and a set of rollups. */
export const RUM_SITES_PER_TEAM: Record<Plan, number> = { free: 20, pro: 200 };

/** A new site's public key: `rum_` and 22 base64url characters (128 random bits). */
export const newSiteKey = () => `rum_${randomBytes(16).toString('base64url')}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const nameTaken = () =>
  new ProblemError(409, 'name_taken', 'Another site of this team has that name.', {
    errors: [{ path: 'body.name', message: 'is taken by another site of this team' }],
  });

/** A site's name is its key in a configuration file: one live site a name, per team. */
async function checkNameFree(db: Db | Prisma.TransactionClient, teamId: string, name: string, self?: string) {
  const other = await db.rumSite.findFirst({
    where: { teamId, name, deletedAt: null, ...(self ? { id: { not: self } } : {}) },
    select: { id: true },
  });
  if (other) throw nameTaken();
}

/** The team's live site with that id, or 404 (another team's and a deleted one alike). */
export async function ownedSite(db: Db | Prisma.TransactionClient, teamId: string, id: string): Promise<RumSite> {
  const site = UUID.test(id) ? await db.rumSite.findFirst({ where: { id, teamId, deletedAt: null } }) : null;
  if (!site) throw new ProblemError(404, 'not_found', 'The team has no site with that id.');
  return site;
}

const show = (deps: ServiceDeps, row: RumSite) => presentSite(row, deps.config.PUBLIC_BASE_URL);

/** POST /rum/sites: the site and its key, within the plan's number of sites. */
export async function createSite(deps: ServiceDeps, caller: Caller, input: RumSiteInput): Promise<PresentedSite> {
  const { teamId } = caller;
  const columns = siteColumns(input, true);
  if (columns.alertChannelIds) await checkAlertChannels(deps.db, teamId, columns.alertChannelIds);
  const max = RUM_SITES_PER_TEAM[caller.plan];
  const site = await createWithinLimit(
    deps.db,
    teamId,
    { max, code: 'rum_site_limit_reached', noun: 'sites' },
    (tx) => tx.rumSite.count({ where: { teamId, deletedAt: null } }),
    async (tx) => {
      // Under the team's lock (createWithinLimit's): two creations of one name cannot both pass.
      await checkNameFree(tx, teamId, columns.name!);
      return tx.rumSite.create({
        data: {
          id: randomUUIDv7(),
          teamId,
          siteKey: newSiteKey(),
          ...columns,
          name: columns.name!,
          pageGroups: (columns.pageGroups ?? []) as unknown as Prisma.InputJsonArray,
          budgets: (columns.budgets ?? {}) as Prisma.InputJsonObject,
        },
      });
    },
  );
  await auditCaller(deps.db, caller, 'rum_site.created', site.id, { name: site.name, origins: site.origins });
  return show(deps, site);
}

/** GET /rum/sites: the team's live sites, newest first, a page at a time. */
export async function listSites(
  deps: ServiceDeps,
  caller: Pick<Caller, 'teamId'>,
  cursor: string | undefined,
  limit: number,
) {
  const rows = await deps.db.rumSite.findMany({
    where: { teamId: caller.teamId, deletedAt: null, ...after(cursor) },
    orderBy: NEWEST_FIRST,
    take: limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, limit);
  return { data: page.map((s) => show(deps, s)), next_cursor: nextCursor };
}

export const getSite = async (deps: ServiceDeps, caller: Pick<Caller, 'teamId'>, id: string) =>
  show(deps, await ownedSite(deps.db, caller.teamId, id));

/** PATCH /rum/sites/{id}: the fields given replace the site's (a list or budgets object whole). */
export async function updateSite(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  input: RumSiteInput,
): Promise<PresentedSite> {
  const current = await ownedSite(deps.db, caller.teamId, id);
  const columns = siteColumns(input, false);
  if (columns.alertChannelIds) await checkAlertChannels(deps.db, caller.teamId, columns.alertChannelIds);
  const site = await deps.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM teams WHERE id = ${caller.teamId}::uuid FOR UPDATE`;
    if (columns.name !== undefined) await checkNameFree(tx, caller.teamId, columns.name, current.id);
    const { pageGroups, budgets, ...rest } = columns;
    return tx.rumSite.update({
      where: { id: current.id },
      data: {
        ...rest,
        ...(pageGroups ? { pageGroups: pageGroups as unknown as Prisma.InputJsonArray } : {}),
        ...(budgets ? { budgets: budgets as Prisma.InputJsonObject } : {}),
      },
    });
  });
  await auditCaller(deps.db, caller, 'rum_site.updated', site.id, fieldsOf(input));
  return show(deps, site);
}

/**
 * DELETE /rum/sites/{id}: the site is hidden and its key refused from now on (the ingest reads live sites
 * only); its rows stay for the rollups that name it until retention drops them.
 */
export async function deleteSite(deps: ServiceDeps, caller: Caller, id: string): Promise<void> {
  const site = await ownedSite(deps.db, caller.teamId, id);
  await deps.db.rumSite.update({ where: { id: site.id }, data: { deletedAt: new Date() } });
  await auditCaller(deps.db, caller, 'rum_site.deleted', site.id, { name: site.name });
}

/**
 * Whether any beacon of the site was ever counted (a rollup row at any level): the site's page shows how
 * to install the snippet until one has. Each table's primary key leads with site_id, so this is an index
 * probe per partition.
 */
export async function beaconsArrived(db: Db, siteId: string): Promise<boolean> {
  const [row] = await db.$queryRaw<Array<{ any: boolean }>>`
    SELECT EXISTS (SELECT 1 FROM monitoring.rum_minute WHERE site_id = ${siteId}::uuid)
      OR EXISTS (SELECT 1 FROM monitoring.rum_hour WHERE site_id = ${siteId}::uuid)
      OR EXISTS (SELECT 1 FROM monitoring.rum_day WHERE site_id = ${siteId}::uuid) AS any`;
  return row?.any ?? false;
}
