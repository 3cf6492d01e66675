import type { Db, TeamRole } from '@pageprobe/db';
import { hashToken, isTokenShaped, newToken } from './secret-token.ts';
import { normalizeEmail } from './users.ts';

/** An invitation's link works this long, once. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 3_600_000;

/** A new invitation and its link's token (shown once: mailed, or printed by the admin CLI). */
export async function createInvitation(
  db: Db,
  input: { teamId: string; email: string; role: TeamRole; invitedById?: string | null },
) {
  const { token, hash } = newToken();
  const row = await db.invitation.create({
    data: {
      teamId: input.teamId,
      email: normalizeEmail(input.email),
      role: input.role,
      tokenHash: hash,
      invitedById: input.invitedById ?? null,
      expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
    },
  });
  return { row, token };
}

/** The open invitation a link names, with its team's name, or null. */
export async function openInvitation(db: Db, token: unknown) {
  if (!isTokenShaped(token)) return null;
  return db.invitation.findFirst({
    where: { tokenHash: hashToken(token), acceptedAt: null, expiresAt: { gt: new Date() } },
    include: { team: { select: { name: true } } },
  });
}

/** Marks the invitation used, once: false when another request used it first. */
export async function useInvitation(db: Db, invitationId: string): Promise<boolean> {
  const { count } = await db.invitation.updateMany({
    where: { id: invitationId, acceptedAt: null, expiresAt: { gt: new Date() } },
    data: { acceptedAt: new Date() },
  });
  return count === 1;
}

/** An open invitation of the team: its address and role (null when it was used, expired or is not the team's). */
export const findOpenInvitation = (db: Db, teamId: string, id: string) =>
  db.invitation.findFirst({ where: { id, teamId, acceptedAt: null, expiresAt: { gt: new Date() } } });

/** Revokes an open invitation: its link stops working. False when there was none to revoke. */
export async function revokeInvitation(db: Db, teamId: string, id: string): Promise<boolean> {
  const { count } = await db.invitation.deleteMany({ where: { id, teamId, acceptedAt: null } });
  return count === 1;
}

/**
 * A new link for an open invitation (issue 60): only the token's hash is stored, so the link cannot be shown
 * again; a fresh token replaces it, for another INVITATION_LIFETIME_MS, and the old link stops working.
 * Null when the invitation is no longer open.
 */
export async function reissueInvitation(db: Db, teamId: string, id: string) {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS);
  const { count } = await db.invitation.updateMany({
    where: { id, teamId, acceptedAt: null, expiresAt: { gt: new Date() } },
    data: { tokenHash: hash, expiresAt },
  });
  return count === 1 ? { token, expiresAt } : null;
}
