import type { RumAlert } from '@pageprobe/db';
import type { Caller } from '../caller.ts';
import type { ServiceDeps } from '../deps.ts';
import { after, NEWEST_FIRST, pageOf } from '../keyset.ts';
import { ProblemError } from '../problem.ts';

// GET /rum/sites/{id}/alerts (issue 61): what a site's real users' figures told its team, newest first.
// The dispatcher's sweep raises them (@pageprobe/rum's sweepRumAlerts); this only reads them.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const presentRumAlert = (a: RumAlert) => ({
  id: a.id,
  site_id: a.siteId,
  event: a.event,
  metric: a.metric,
  reason: a.reason,
  details: a.details,
  created_at: a.createdAt.toISOString(),
});

export async function listRumAlerts(
  deps: Pick<ServiceDeps, 'db'>,
  caller: Pick<Caller, 'teamId'>,
  siteId: string,
  query: { limit: number; cursor?: string },
) {
  const site = UUID.test(siteId)
    ? await deps.db.rumSite.findFirst({ where: { id: siteId, teamId: caller.teamId, deletedAt: null } })
    : null;
  if (!site) throw new ProblemError(404, 'not_found', 'The team has no RUM site with that id.');
  const rows = await deps.db.rumAlert.findMany({
    where: { siteId, ...after(query.cursor) },
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { data: page.map(presentRumAlert), next_cursor: nextCursor };
}
