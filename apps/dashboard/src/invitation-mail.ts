import { audit, createInvitation, isEmail, normalizeEmail, type Actor } from '@pageprobe/accounts';
import type { Db, TeamRole } from '@pageprobe/db';
import type { DashboardConfig } from './config.ts';
import type { Mail } from './mail.ts';

/**
 * Invites an address to a team with a role: the invitation, its mail (through SMTP_URL when there is one)
 * and the audit entry. The link is returned for whoever must pass it on when nothing was mailed (the
 * members page shows it, `pnpm admin users invite` prints it).
 */
export async function invite(
  deps: { db: Db; config: Pick<DashboardConfig, 'DASHBOARD_BASE_URL'>; mail: Mail },
  actor: Actor,
  input: { teamId: string; email: string; role: TeamRole },
): Promise<{ url: string; mailed: boolean; expiresAt: Date }> {
  const email = normalizeEmail(input.email);
  if (!isEmail(email)) throw new Error('not an email address');
  const team = await deps.db.team.findUniqueOrThrow({ where: { id: input.teamId }, select: { name: true } });
  const { row, token } = await createInvitation(deps.db, { ...input, email, invitedById: actor.id ?? null });
  const url = `${deps.config.DASHBOARD_BASE_URL}/invite/${token}`;
  const mailed = await deps.mail.send(
    email,
    `You are invited to ${team.name} on Pageprobe`,
    `${actor.email ?? 'An administrator'} invites you to join ${team.name} on Pageprobe as ${input.role}.\n\nAccept within 7 days (the link works once):\n${url}\n`,
  );
  await audit(deps.db, actor, {
    teamId: input.teamId,
    action: 'member.invited',
    target: email,
    details: { role: input.role, mailed },
  });
  return { url, mailed, expiresAt: row.expiresAt };
}
