import {
  ensureUser,
  findUserByEmail,
  isEmail,
  normalizeEmail,
  rank,
  setMembership,
  useInvitation,
} from '@pageprobe/accounts';
import type { Db, TeamRole } from '@pageprobe/db';

// Who an OpenID Connect identity is here (issue 45). First by the identity itself (issuer, subject): a
// person whose address changes at the provider stays the same person. Else by the address, when the
// provider says it verified it: an existing person, or one with open invitations, who joins those teams
// (the provider's check of the address stands in for the invitation link's). Nobody else gets in: with
// SIGNUP=invite no account is made for an address nobody invited.

/** What the provider said about the person (ID token, completed by the userinfo endpoint). */
export interface SsoClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
}

export type SsoRefusal = 'email_unverified' | 'no_account' | 'other_identity';

export type SsoMatch =
  | { user: { id: string; email: string }; joined: { teamId: string; role: TeamRole }[] }
  | { refused: SsoRefusal; email: string | null; userId?: string };

// Some providers (Amazon Cognito) send the boolean as a string.
const verified = (value: unknown) => value === true || value === 'true';

export async function matchPerson(db: Db, issuer: string, claims: SsoClaims): Promise<SsoMatch> {
  const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : null;
  if (!email || !isEmail(email) || !verified(claims.email_verified)) return { refused: 'email_unverified', email };
  const linked = await db.ssoIdentity.findUnique({
    where: { issuer_subject: { issuer, subject: claims.sub } },
    include: { user: { select: { id: true, email: true } } },
  });
  if (linked) return { user: linked.user, joined: [] };

  const existing = await findUserByEmail(db, email);
  if (existing) {
    // The address is someone's who signs in here as another identity of this provider: an address the
    // provider gave to someone new must not open the old holder's account.
    const other = await db.ssoIdentity.findFirst({ where: { userId: existing.id, issuer } });
    if (other) return { refused: 'other_identity', email, userId: existing.id };
  }
  const invitations = await db.invitation.findMany({
    where: { email, acceptedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: 'asc' },
  });
  if (!existing && invitations.length === 0) return { refused: 'no_account', email };

  const name = typeof claims.name === 'string' ? claims.name.slice(0, 200) : null;
  const user = await ensureUser(db, { email, verified: true, name: existing?.name ?? name });
  const joined: { teamId: string; role: TeamRole }[] = [];
  for (const invitation of invitations) {
    if (!(await useInvitation(db, invitation.id))) continue;
    const current = await db.membership.findUnique({
      where: { teamId_userId: { teamId: invitation.teamId, userId: user.id } },
    });
    // Joining never lowers a role someone already has (as an invitation's link does).
    if (!current || rank(current.role) < rank(invitation.role))
      await setMembership(db, invitation.teamId, user.id, invitation.role);
    joined.push({ teamId: invitation.teamId, role: invitation.role });
  }
  await db.ssoIdentity.upsert({
    where: { issuer_subject: { issuer, subject: claims.sub } },
    create: { issuer, subject: claims.sub, userId: user.id },
    update: {},
  });
  return { user: { id: user.id, email: user.email }, joined };
}
