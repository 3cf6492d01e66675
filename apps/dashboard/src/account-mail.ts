import { issueToken, type TokenPurpose } from '@pageprobe/accounts';
import type { DashboardDeps } from './http/page-context.ts';

// The mails that let people in (besides invitations, in @pageprobe/accounts): a password reset, an
// address's verification, and the note to an address that tried to sign up again.

/** Links of one purpose a person may be sent an hour: a stranger cannot flood someone's inbox. */
const LINKS_PER_HOUR = 3;

/**
 * Runs work whose outcome the answer must not reveal (does this address have an account?) without
 * waiting for it: the answer leaves at once, whatever the address, and a failure only reaches the log.
 */
export function afterAnswer(deps: Pick<DashboardDeps, 'logger'>, what: string, work: () => Promise<unknown>): void {
  work().catch((error: unknown) => deps.logger.error({ err: error }, `${what} failed`));
}

/** A single-use link of `purpose` for the person, unless they were sent enough of them this hour. */
async function linkFor(deps: DashboardDeps, purpose: TokenPurpose, userId: string, path: string) {
  const recent = await deps.db.accountToken.count({
    where: { userId, purpose, createdAt: { gt: new Date(Date.now() - 3_600_000) } },
  });
  if (recent >= LINKS_PER_HOUR) return null;
  return `${deps.config.DASHBOARD_BASE_URL}${path}/${await issueToken(deps.db, purpose, { userId })}`;
}

/** Mails a link that sets a new password (1 hour, once). False when none was sent. */
export async function mailPasswordReset(deps: DashboardDeps, user: { id: string; email: string }) {
  const url = await linkFor(deps, 'reset_password', user.id, '/reset-password');
  if (!url) return false;
  return deps.mail.send(
    user.email,
    'Reset your Pageprobe password',
    `Someone (we hope you) asked to reset the password of the Pageprobe account of this address.\n\nSet a new password within an hour (the link works once):\n${url}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
  );
}

/** Mails a link that verifies the address (48 hours, once). False when none was sent. */
export async function mailVerification(deps: DashboardDeps, user: { id: string; email: string }) {
  const url = await linkFor(deps, 'verify_email', user.id, '/verify-email');
  if (!url) return false;
  return deps.mail.send(
    user.email,
    'Verify your address for Pageprobe',
    `Please confirm that this address is yours: open this link within 48 hours (it works once):\n${url}\n\nIf you did not make a Pageprobe account, ignore this mail.\n`,
  );
}

/**
 * Mails the link that finishes a sign-up: the account and its team are made only when the link is used,
 * so signing up tells nobody whether an address had an account (issue 45). Three an hour an address.
 */
export async function mailSignUp(
  deps: DashboardDeps,
  pending: { email: string; passwordHash: string; teamName: string },
) {
  const recent = await deps.db.accountToken.count({
    where: {
      purpose: 'sign_up',
      subject: { startsWith: `${pending.email}\n` },
      createdAt: { gt: new Date(Date.now() - 3_600_000) },
    },
  });
  if (recent >= LINKS_PER_HOUR) return false;
  const subject = [pending.email, pending.passwordHash, pending.teamName].join('\n');
  const url = `${deps.config.DASHBOARD_BASE_URL}/sign-up/${await issueToken(deps.db, 'sign_up', { subject })}`;
  return deps.mail.send(
    pending.email,
    'Finish signing up to Pageprobe',
    `Open this link within 48 hours to make your Pageprobe account and the team ${pending.teamName} (it works once):\n${url}\n\nIf you did not sign up, ignore this mail: nothing is made without it.\n`,
  );
}

/** Tells an address that already has an account that someone tried to sign up with it (nothing changes). */
export function mailAlreadySignedUp(deps: DashboardDeps, email: string) {
  const base = deps.config.DASHBOARD_BASE_URL;
  return deps.mail.send(
    email,
    'You already have a Pageprobe account',
    `Someone (we hope you) tried to sign up to Pageprobe with this address, which already has an account. Nothing was changed.\n\nSign in: ${base}/sign-in\nForgot your password? ${base}/forgot-password\n`,
  );
}
