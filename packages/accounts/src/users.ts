import type { Db, Prisma, TeamRole } from '@pageprobe/db';
import type { AlertLinkBases } from '@pageprobe/test-lifecycle';
import { type RevokedKeys, revokeKeysMadeBy } from './api-keys.ts';
import { allows } from './roles.ts';

/** An address as kept: trimmed, lower-case (one person whatever its spelling). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Enough of RFC 5321 to refuse typos; the mail sent to it is the real check. */
export const isEmail = (email: string) => email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

export const findUserByEmail = (db: Db, email: string) =>
  db.user.findUnique({ where: { email: normalizeEmail(email) } });

/** A new person, or the existing one with that address (an invitation or SSO finds them by it). */
export async function ensureUser(
  db: Db | Prisma.TransactionClient,
  input: { email: string; passwordHash?: string | null; verified?: boolean; name?: string | null },
) {
  const email = normalizeEmail(input.email);
  const verifiedAt = input.verified ? new Date() : null;
  return db.user.upsert({
    where: { email },
    create: { email, name: input.name ?? null, passwordHash: input.passwordHash ?? null, emailVerifiedAt: verifiedAt },
    update: verifiedAt ? { emailVerifiedAt: verifiedAt } : {},
  });
}

/** The teams a person is in, with their role, oldest membership first. */
export const teamsOf = (db: Db, userId: string) =>
  db.membership.findMany({
    where: { userId },
    include: { team: { select: { id: true, name: true, plan: true, requireStrongSignIn: true } } },
    orderBy: { createdAt: 'asc' },
  });

export class LastOwner extends Error {
  constructor() {
    super('A team keeps at least one owner.');
  }
}

/**
 * Gives a person a role in a team (a new member, or a change), or takes them out (`role` null). The team's
 * row is locked, so two changes at once cannot leave it without an owner. Taking them out, or giving a
 * role that cannot manage keys, revokes the keys they made in the team (changeMembership says which).
 */
export async function setMembership(
  db: Db,
  teamId: string,
  userId: string,
  role: TeamRole | null,
  // The bases of the links in the alerts of monitors paused by revoked keys. The app's callers pass them;
  // a seed that only adds people leaves them out (relative links).
  links: AlertLinkBases = { publicBaseUrl: '', dashboardBaseUrl: '' },
) {
  return (await changeMembership(db, teamId, userId, role, links)).membership;
}

/** Whether a change from `from` to `to` (null: out of the team) takes away the keys the person made. */
export const revokesKeys = (from: TeamRole | null, to: TeamRole | null) =>
  from !== null && from !== to && (to === null || !allows(to, 'keys.manage'));

/**
 * setMembership, saying what it revoked (issue 56 item 6): removed, or left without `keys.manage`, a
 * person's keys in the team stop in the same transaction (their monitors pause as for any revocation).
 * The caller announces the revoked ids to every API replica and audits them.
 */
export async function changeMembership(
  db: Db,
  teamId: string,
  userId: string,
  role: TeamRole | null,
  links: AlertLinkBases,
) {
  const revoked: RevokedKeys = { keys: [], pausedMonitors: [] };
  const membership = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM teams WHERE id = ${teamId}::uuid FOR UPDATE`;
    const current = await tx.membership.findUnique({ where: { teamId_userId: { teamId, userId } } });
    if (current?.role === 'owner' && role !== 'owner') {
      const owners = await tx.membership.count({ where: { teamId, role: 'owner' } });
      if (owners <= 1) throw new LastOwner();
    }
    // Rights change: the person's sessions in the team get a new id at their next request.
    if (current && current.role !== role) {
      await tx.session.updateMany({ where: { userId, teamId, endedAt: null }, data: { renew: true } });
    }
    if (revokesKeys(current?.role ?? null, role))
      Object.assign(revoked, await revokeKeysMadeBy(tx, teamId, userId, links));
    if (role === null) {
      if (current) await tx.membership.delete({ where: { teamId_userId: { teamId, userId } } });
      return null;
    }
    return tx.membership.upsert({
      where: { teamId_userId: { teamId, userId } },
      create: { teamId, userId, role },
      update: { role },
    });
  });
  return { membership, revoked };
}
