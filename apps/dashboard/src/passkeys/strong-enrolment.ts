import { audit, consumeToken, issueToken, peekToken } from '@pageprobe/accounts';
import { html } from '@pageprobe/html';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { form, message, page } from '../views/layout.ts';

// "Require passkeys or SSO" (issue 56, item 7): a password alone must not be enough to meet it. Under the
// requirement (any team of the person's asks for it), a session signed in with a password adds a passkey,
// or links SSO, only after a second proof: a link mailed to the address, opened in that same session. The
// link is bound to the session (its subject) and works once, for an hour; the proof it gives lasts
// PROOF_SECONDS and is spent by the passkey or the identity it lets in.

const PROOF_SECONDS = 900;
/** Links a person may be mailed an hour: nobody floods an inbox from a stolen password's session. */
const LINKS_PER_HOUR = 3;

const proofKey = (ctx: PageContext) => `${ctx.deps.config.QUEUE_PREFIX}:strong-enrolment:${ctx.session!.id}`;

/** Whether a team of this person requires a passkey or SSO. */
async function required(ctx: PageContext): Promise<boolean> {
  const found = await ctx.deps.db.membership.findFirst({
    where: { userId: ctx.session!.userId, team: { requireStrongSignIn: true } },
    select: { teamId: true },
  });
  return found !== null;
}

/**
 * Null when this session may add a passkey or link SSO; else why not, in words for the page (a password's
 * session under the requirement, with no proof yet: a link is mailed, at most LINKS_PER_HOUR an hour).
 */
export async function enrolmentRefusal(ctx: PageContext): Promise<string | null> {
  const session = ctx.session!;
  if (session.method !== 'password' || !(await required(ctx))) return null;
  if (await ctx.deps.redis.exists(proofKey(ctx))) return null;
  const { db, config, mail } = ctx.deps;
  const recent = await db.accountToken.count({
    where: { userId: session.userId, purpose: 'strong_enrolment', createdAt: { gt: new Date(Date.now() - 3_600_000) } },
  });
  const why = `A team of yours requires a passkey or single sign-on, and this session began with a password alone.`;
  if (recent >= LINKS_PER_HOUR)
    return `${why} We mailed you ${LINKS_PER_HOUR} links this hour: open the latest in this browser, or ask an owner.`;
  const token = await issueToken(db, 'strong_enrolment', { userId: session.userId, subject: session.id });
  const sent = await mail.send(
    session.email,
    'Confirm a new way to sign in to Pageprobe',
    `Someone signed in to your Pageprobe account with its password wants to add a passkey or link single sign-on.\n\nIf it is you, open this link within an hour in the same browser (it works once):\n${config.DASHBOARD_BASE_URL}/security/confirm/${token}\n\nIf it was not you, your password is known to someone else: change it under Security.\n`,
  );
  return sent
    ? `${why} We mailed a link to ${session.email}: open it in this browser, then try again.`
    : `${why} This dashboard cannot send mail: ask an owner of the team to allow passwords for a moment.`;
}

/** The proof is spent once a passkey or an identity was added with it. */
export async function spendEnrolmentProof(ctx: PageContext): Promise<void> {
  await ctx.deps.redis.del(proofKey(ctx));
}

/** The mailed link, for the session that asked: its page (a button, for mail scanners), then the proof. */
export const strongEnrolmentRoutes: PageRoute[] = [
  {
    method: 'get',
    path: '/security/confirm/:token',
    access: 'signed-in',
    async handle(ctx) {
      const link = await peekToken(ctx.deps.db, 'strong_enrolment', ctx.req.params.token);
      if (!link || link.userId !== ctx.session!.userId || link.subject !== ctx.session!.id)
        return message(ctx, 'Link not valid', 'This link was used, has expired, or belongs to another session.', 410);
      page(
        ctx,
        'Confirm a new way to sign in',
        form(
          ctx,
          `/security/confirm/${String(ctx.req.params.token)}`,
          html`<p>This lets this session add a passkey or link single sign-on in the next 15 minutes.</p>
<p><button type="submit">Confirm</button></p>`,
        ),
      );
    },
  },
  {
    method: 'post',
    path: '/security/confirm/:token',
    access: 'signed-in',
    async handle(ctx) {
      const session = ctx.session!;
      const link = await peekToken(ctx.deps.db, 'strong_enrolment', ctx.req.params.token);
      if (!link || link.userId !== session.userId || link.subject !== session.id)
        return message(ctx, 'Link not valid', 'This link was used, has expired, or belongs to another session.', 410);
      if (!(await consumeToken(ctx.deps.db, 'strong_enrolment', ctx.req.params.token)))
        return message(ctx, 'Link not valid', 'This link was used or has expired.', 410);
      await ctx.deps.redis.set(proofKey(ctx), '1', 'EX', PROOF_SECONDS);
      await audit(ctx.deps.db, ctx.actor, { teamId: session.teamId, action: 'strong_enrolment.confirmed' });
      ctx.res.redirect(303, ctx.href('/security'));
    },
  },
];
