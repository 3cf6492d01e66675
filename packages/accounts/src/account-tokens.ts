import type { Db } from '@pageprobe/db';
import { hashToken, isTokenShaped, newToken } from './secret-token.ts';

// Single-use links: an address to verify (48 h), a sign-up to finish (48 h), a password to reset (1 h),
// the first owner's set-up.

export type TokenPurpose = 'verify_email' | 'sign_up' | 'reset_password' | 'owner_setup' | 'strong_enrolment';

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 48 * 3_600_000,
  sign_up: 48 * 3_600_000,
  reset_password: 3_600_000,
  owner_setup: 7 * 24 * 3_600_000,
  /** A password's session adding a passkey or SSO under a team's requirement (the link: its subject). */
  strong_enrolment: 3_600_000,
};

/** A new link's token for a person (or, for owner_setup, a subject such as a team id). */
export async function issueToken(
  db: Db,
  purpose: TokenPurpose,
  about: { userId?: string | null; subject?: string | null },
): Promise<string> {
  const { token, hash } = newToken();
  await db.accountToken.create({
    data: {
      purpose,
      userId: about.userId ?? null,
      subject: about.subject ?? null,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
    },
  });
  return token;
}

/** The link's row if it is this purpose's, unused and unexpired: without using it (a page shows its form). */
export async function peekToken(db: Db, purpose: TokenPurpose, token: unknown) {
  if (!isTokenShaped(token)) return null;
  return db.accountToken.findFirst({
    where: { tokenHash: hashToken(token), purpose, usedAt: null, expiresAt: { gt: new Date() } },
  });
}

/** Uses the link, once: its row, or null when it was used, expired, or never existed. */
export async function consumeToken(db: Db, purpose: TokenPurpose, token: unknown) {
  if (!isTokenShaped(token)) return null;
  const [row] = await db.accountToken.updateManyAndReturn({
    where: { tokenHash: hashToken(token), purpose, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  return row ?? null;
}
