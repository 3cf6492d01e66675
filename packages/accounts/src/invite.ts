import type { Db, TeamRole } from '@pageprobe/db';
import { type Actor, audit } from './audit.ts';
import { createInvitation } from './invitations.ts';
import type { Mail } from './mail.ts';
import { isEmail, normalizeEmail } from './users.ts';

export class NotAnEmail extends Error {
  constructor() {
    super('That is not an email address.');
  }
}

/** The dashboard's page where an invitation's link lands. */
export const invitationUrl = (dashboardBaseUrl: string, token: string) => `${dashboardBaseUrl}/invite/${token}`;

/**
 * Invites an address to a team with a role: the invitation, its mail (when `mail` can send) and the audit
 * entry. The dashboard's members page, the admin API and `pnpm admin users invite` all invite through this.
 * The link is returned for whoever must pass it on when nothing was mailed.
 */
export async function invite(
  deps: { db: Db; mail: Mail; dashboardBaseUrl: string },
  actor: Actor,
  input: { teamId: string; email: string; role: TeamRole },
  /** More for the audit entry (how an operator invited: `via`). */
  auditDetails: Record<string, string> = {},
): Promise<{ id: string; url: string; mailed: boolean; expiresAt: Date }> {
  const email = normalizeEmail(input.email);
  if (!isEmail(email)) throw new NotAnEmail();
  const team = await deps.db.team.findUniqueOrThrow({ where: { id: input.teamId }, select: { name: true } });
  const { row, token } = await createInvitation(deps.db, { ...input, email, invitedById: actor.id ?? null });
  const url = invitationUrl(deps.dashboardBaseUrl, token);
  const mailed = await deps.mail.send(
    email,
    `You are invited to ${team.name} on Pageprobe`,
    `${actor.email ?? 'An administrator'} invites you to join ${team.name} on Pageprobe as ${input.role}.\n\nAccept within 7 days (the link works once):\n${url}\n`,
  );
  await audit(deps.db, actor, {
    teamId: input.teamId,
    action: 'member.invited',
    target: email,
    details: { ...auditDetails, role: input.role, mailed },
  });
  return { id: row.id, url, mailed, expiresAt: row.expiresAt };
}
