// The dev team's first owner (issue 45): until someone has taken the team with it, `npm start` prints a
// one-time link to the dashboard's set-up page, and keeps it in .data/dev-credentials.json between runs.
import { issueToken, peekToken } from '@pageprobe/accounts';
import type { Db } from '@pageprobe/db';

/**
 * The link to print: none once the team has an owner; the stored one while it is still unused (a restart
 * does not make the link a person already copied stop working); else a new one. Only the token's hash is
 * in the database, so the stored link is the one place its token is kept.
 */
export async function ownerSetupLink(
  db: Db,
  { teamId, dashboardBaseUrl, stored }: { teamId: string; dashboardBaseUrl: string; stored?: string },
): Promise<string | null> {
  if (await db.membership.findFirst({ where: { teamId, role: 'owner' }, select: { userId: true } })) return null;
  const link = (token: string) => `${dashboardBaseUrl}/setup/${token}`;
  // The token is the link's last segment: kept even if DASHBOARD_BASE_URL changed since it was made.
  const storedToken = stored?.split('/setup/').at(-1);
  const unused = storedToken ? await peekToken(db, 'owner_setup', storedToken) : null;
  if (storedToken && unused?.subject === teamId) return link(storedToken);
  return link(await issueToken(db, 'owner_setup', { subject: teamId }));
}
