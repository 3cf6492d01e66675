import { type Actor, audit } from '@pageprobe/accounts';
import type { Db } from '@pageprobe/db';

/**
 * An event about a person rather than a team (a password reset, a verified address): written to the log of
 * each team they are in, as sign-ins are, so each team's admins see it; with no team, to none (team null).
 */
export async function auditPerson(db: Db, actor: Actor, userId: string, action: string, details = {}) {
  const teams = await db.membership.findMany({ where: { userId }, select: { teamId: true } });
  for (const teamId of teams.length ? teams.map((t) => t.teamId) : [null]) {
    await audit(db, actor, { teamId, action, target: actor.email ?? null, details });
  }
}
