import type { Db, Prisma } from '@pageprobe/db';
import type { AlertLinkBases } from '@pageprobe/test-lifecycle';
import { revokeApiKey } from './api-keys.ts';
import { type Actor, audit } from './audit.ts';

/** A team's name, as its admins set it. */
export const MAX_TEAM_NAME = 100;

export async function renameTeam(db: Db, teamId: string, name: string) {
  await db.team.update({ where: { id: teamId }, data: { name } });
}

/**
 * Deletes a team as its owner asks (issue 45). The row stays, marked deleted, with the append-only
 * records that must outlive it (the credit ledger, the audit log); everything that reached or showed it
 * goes: its keys are revoked (every API replica forgets them through the caller's announcement), its
 * monitors deleted, its status pages, maintenance windows, invitations and memberships removed, its
 * webhook secrets dropped (its alert channels stay, with their deliveries' history, reached by nothing). Returns the revoked keys' ids, for the caller to announce.
 */
export async function deleteTeam(db: Db, teamId: string, links: AlertLinkBases): Promise<string[]> {
  const keys = await db.apiKey.findMany({ where: { teamId, revokedAt: null }, select: { id: true } });
  for (const key of keys) await revokeApiKey(db, key.id, links, teamId);
  const now = new Date();
  await db.$transaction([
    db.monitor.updateMany({
      where: { teamId, deletedAt: null },
      data: { deletedAt: now, status: 'paused', nextRunAt: null },
    }),
    db.statusPage.deleteMany({ where: { teamId } }),
    db.maintenanceWindow.deleteMany({ where: { teamId } }),
    db.invitation.deleteMany({ where: { teamId } }),
    db.membership.deleteMany({ where: { teamId } }),
    db.team.update({
      where: { id: teamId },
      data: { deletedAt: now, webhookSecret: null, webhookSecretPrevious: null, webhookSecretPreviousExpiresAt: null },
    }),
  ]);
  return keys.map((k) => k.id);
}

/**
 * A new person, with their address verified (sign-up's link or the OpenID provider vouched for it), their
 * free team (no credits, as the admin API's teams start) and its ownership, in one transaction, audited.
 * `extra` runs in the same transaction with the new person (SSO records their identity there).
 */
export async function createPersonWithTeam(
  db: Db,
  actor: Actor,
  input: { email: string; name?: string | null; passwordHash?: string | null; teamName: string; via: string },
  extra?: (tx: Prisma.TransactionClient, userId: string) => Promise<unknown>,
) {
  return db.$transaction(async (tx) => {
    const user = await tx.user.create({
      data: {
        email: input.email,
        name: input.name ?? null,
        passwordHash: input.passwordHash ?? null,
        emailVerifiedAt: new Date(),
      },
    });
    const team = await tx.team.create({ data: { name: input.teamName.slice(0, MAX_TEAM_NAME), plan: 'free' } });
    await tx.membership.create({ data: { teamId: team.id, userId: user.id, role: 'owner' } });
    await extra?.(tx, user.id);
    const who = { ...actor, id: user.id, email: user.email };
    await audit(tx, who, {
      teamId: team.id,
      action: 'team.created',
      target: team.name,
      details: { via: input.via, plan: 'free' },
    });
    await audit(tx, who, {
      teamId: team.id,
      action: 'member.joined',
      target: user.email,
      details: { role: 'owner', via: input.via },
    });
    return { user, team };
  });
}
