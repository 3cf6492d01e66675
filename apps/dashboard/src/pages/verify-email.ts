import { consumeToken, peekToken } from '@pageprobe/accounts';
import type { User } from '@pageprobe/db';
import { html } from '@pageprobe/html';
import { mailVerification } from '../account-mail.ts';
import { auditPerson } from '../audit-person.ts';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { form, message, page } from '../views/layout.ts';

const gone = (ctx: PageContext) =>
  message(ctx, 'Link not valid', 'This link was used or has expired. Ask for a new one on the Security page.', 410);

/** The security page's word on the person's address: verified, or not yet (with a way to get the mail again). */
export const addressSection = (ctx: PageContext, user: Pick<User, 'email' | 'emailVerifiedAt'>) =>
  html`<h2>Email address</h2>
${
  user.emailVerifiedAt
    ? html`<p data-testid="address-status">${user.email} is verified.</p>`
    : html`<p data-testid="address-status">${user.email} is not verified yet.</p>
${form(ctx, '/security/verify-email', html`<p><button type="submit" class="secondary">Send a verification mail</button></p>`)}`
}`;

/**
 * Verifying an address: a single-use link mailed at sign-up or on request. Opening it shows a button and
 * the button verifies (GET changes nothing), as email channels' confirmations do: mail scanners that
 * fetch every link in a mail use nothing up.
 */
export const verifyEmailRoutes: PageRoute[] = [
  {
    method: 'get',
    path: '/verify-email/:token',
    access: 'public',
    async handle(ctx) {
      if (!(await peekToken(ctx.deps.db, 'verify_email', ctx.req.params.token))) return gone(ctx);
      page(
        ctx,
        'Verify your address',
        form(
          ctx,
          `/verify-email/${String(ctx.req.params.token)}`,
          html`<p><button type="submit">Verify my address</button></p>`,
        ),
      );
    },
  },
  {
    method: 'post',
    path: '/verify-email/:token',
    access: 'public',
    async handle(ctx) {
      const { db } = ctx.deps;
      const link = await consumeToken(db, 'verify_email', ctx.req.params.token);
      if (!link?.userId) return gone(ctx);
      const user = await db.user.update({ where: { id: link.userId }, data: { emailVerifiedAt: new Date() } });
      await auditPerson(db, { ...ctx.actor, id: user.id, email: user.email }, user.id, 'email.verified');
      page(
        ctx,
        'Your address is verified',
        html`<p>${user.email} is verified. <a href="${ctx.href('/')}">Go on to Pageprobe</a>.</p>`,
      );
    },
  },
  {
    method: 'post',
    path: '/security/verify-email',
    access: 'signed-in',
    async handle(ctx) {
      const user = await ctx.deps.db.user.findUniqueOrThrow({ where: { id: ctx.session!.userId } });
      if (user.emailVerifiedAt) return ctx.res.redirect(303, ctx.href('/security'));
      const mailed = await mailVerification(ctx.deps, user);
      message(
        ctx,
        mailed ? 'Check your mail' : 'No mail sent',
        mailed
          ? `We mailed a link to ${user.email}. It works once, for 48 hours.`
          : 'No mail could be sent now (too many were sent this hour, or no mail server is set up). Try again later.',
      );
    },
  },
];
