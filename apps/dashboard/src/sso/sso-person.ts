import {
  type Actor,
  createPersonWithTeam,
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
// provider says it verified it and the address is of a domain the deployment says the provider speaks for
// (OIDC_EMAIL_DOMAINS, issue 56): an existing person, or one with open invitations, who joins those teams
// (the provider's check of the address stands in for the invitation link's). Any other address links to
// an existing account only while its person is signed in (linkIdentity). With SIGNUP=open anyone else
// gets an account and a free team, as signing up does; with SIGNUP=invite nobody else gets in.

/** What the provider said about the person (ID token, completed by the userinfo endpoint). */
export interface SsoClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
}

export type SsoRefusal = 'email_unverified' | 'no_account' | 'other_identity' | 'not_linked' | 'identity_taken';

export type SsoMatch =
  | { user: { id: string; email: string }; joined: { teamId: string; role: TeamRole }[]; teamId?: string }
  | { refused: SsoRefusal; email: string | null; userId?: string };

// Some providers (Amazon Cognito) send the boolean as a string.
const verified = (value: unknown) => value === true || value === 'true';

export async function matchPerson(
  db: Db,
  issuer: string,
  claims: SsoClaims,
  options: { openSignUp: boolean; actor: Actor; emailDomains: readonly string[] },
): Promise<SsoMatch> {
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
  const name = typeof claims.name === 'string' ? claims.name.slice(0, 200) : null;
  // The provider's word opens an account, or accepts an invitation, only for the domains it speaks for.
  const trusted = options.emailDomains.includes(email.slice(email.lastIndexOf('@') + 1));
  if (!trusted && existing) return { refused: 'not_linked', email, userId: existing.id };
  if (!trusted && invitations.length > 0 && !options.openSignUp) return { refused: 'not_linked', email };
  if (!existing && (invitations.length === 0 || !trusted)) {
    if (!options.openSignUp) return { refused: 'no_account', email };
    const { user, teamId } = await signUp(db, { email, name, issuer, subject: claims.sub }, options.actor);
    return { user, joined: [], teamId };
  }

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

/**
 * Links an identity to the person signed in (who started the flow from Security): their session is the
 * proof, whatever address the provider gives. An identity is one person's; a person has one per provider.
 */
export async function linkIdentity(
  db: Db,
  issuer: string,
  subject: string,
  userId: string,
): Promise<'linked' | 'already' | SsoRefusal> {
  const linked = await db.ssoIdentity.findUnique({ where: { issuer_subject: { issuer, subject } } });
  if (linked) return linked.userId === userId ? 'already' : 'identity_taken';
  if (await db.ssoIdentity.findFirst({ where: { userId, issuer } })) return 'other_identity';
  await db.ssoIdentity.create({ data: { issuer, subject, userId } });
  return 'linked';
}

/** SIGNUP=open: a new person (no password), their free team and its ownership, and the identity, at once. */
async function signUp(
  db: Db,
  person: { email: string; name: string | null; issuer: string; subject: string },
  actor: Actor,
) {
  // Sign-up asks for the team's name; the owner renames it when they like.
  const { user, team } = await createPersonWithTeam(
    db,
    actor,
    { email: person.email, name: person.name, teamName: `${person.name || person.email}'s team`, via: 'sso' },
    (tx, userId) => tx.ssoIdentity.create({ data: { issuer: person.issuer, subject: person.subject, userId } }),
  );
  return { user: { id: user.id, email: user.email }, teamId: team.id };
}
