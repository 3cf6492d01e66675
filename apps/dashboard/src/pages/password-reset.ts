import {
  consumeToken,
  endSessionsOf,
  findUserByEmail,
  hashPassword,
  isEmail,
  MAX_PASSWORD_LENGTH,
  passwordProblem,
  peekToken,
} from '@pageprobe/accounts';
import { html } from '@pageprobe/html';
import { afterAnswer, mailPasswordReset } from '../account-mail.ts';
import { auditPerson } from '../audit-person.ts';
import { clearSessionCookie } from '../http/cookies.ts';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { field, form, message, page, problem } from '../views/layout.ts';

const NEW_PASSWORD = 'New password (at least 12 characters)';

function forgotPage(ctx: PageContext, error: string | null = null, status = 200) {
  page(
    ctx,
    'Forgot your password?',
    html`<p>We mail a link that sets a new one to the address of your account.</p>${problem(error)}
${form(
  ctx,
  '/forgot-password',
  html`${field('Email', 'email', 'email', html`required autocomplete="username" value="${String(ctx.req.body?.email ?? '')}"`)}
<p><button type="submit">Send the link</button></p>`,
)}`,
    status,
  );
}

function resetPage(ctx: PageContext, error: string | null = null, status = 200) {
  page(
    ctx,
    'Set a new password',
    html`${problem(error)}
${form(
  ctx,
  `/reset-password/${String(ctx.req.params.token)}`,
  html`${field(NEW_PASSWORD, 'password', 'password', html`required autocomplete="new-password"`)}
<p><button type="submit">Set the new password</button></p>`,
)}`,
    status,
  );
}

const gone = (ctx: PageContext) =>
  message(
    ctx,
    'Link not valid',
    'This link was used or has expired (it works once, for an hour). Ask for a new one.',
    410,
  );

/**
 * Getting back in without the password: a single-use link, valid an hour, mailed to the account's address.
 * Asking answers the same whatever the address, at once: the account's lookup and the mail happen after.
 */
export const passwordResetRoutes: PageRoute[] = [
  { method: 'get', path: '/forgot-password', access: 'public', handle: (ctx) => forgotPage(ctx) },
  {
    method: 'post',
    path: '/forgot-password',
    access: 'public',
    handle(ctx) {
      const email = String(ctx.req.body.email ?? '').trim();
      if (!isEmail(email)) return forgotPage(ctx, 'That is not an email address.', 400);
      const { deps } = ctx;
      afterAnswer(deps, 'password reset mail', async () => {
        const user = await findUserByEmail(deps.db, email);
        if (user) await mailPasswordReset(deps, user);
      });
      message(
        ctx,
        'Check your mail',
        'If that address has an account, we mailed a link to it that sets a new password. It works once, for an hour.',
      );
    },
  },
  {
    method: 'get',
    path: '/reset-password/:token',
    access: 'public',
    async handle(ctx) {
      return (await peekToken(ctx.deps.db, 'reset_password', ctx.req.params.token)) ? resetPage(ctx) : gone(ctx);
    },
  },
  {
    method: 'post',
    path: '/reset-password/:token',
    access: 'public',
    async handle(ctx) {
      const { db } = ctx.deps;
      if (!(await peekToken(db, 'reset_password', ctx.req.params.token))) return gone(ctx);
      const password = String(ctx.req.body.password ?? '').slice(0, MAX_PASSWORD_LENGTH + 1);
      const weak = passwordProblem(password);
      if (weak) return resetPage(ctx, `The password ${weak}.`, 400);
      const passwordHash = await hashPassword(password);
      const link = await consumeToken(db, 'reset_password', ctx.req.params.token);
      if (!link?.userId) return gone(ctx);
      const user = await db.user.findUniqueOrThrow({ where: { id: link.userId } });
      // The link reached the address: it is verified too.
      await db.user.update({
        where: { id: user.id },
        data: { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? new Date() },
      });
      // Whoever had the old password, or a session, is out.
      await endSessionsOf(db, user.id);
      if (ctx.session?.userId === user.id) {
        clearSessionCookie(ctx.res, ctx.deps.config);
        ctx.session = null;
      }
      await auditPerson(db, { ...ctx.actor, id: user.id, email: user.email }, user.id, 'password.reset');
      page(
        ctx,
        'Your password is set',
        html`<p>Every session of your account was ended. <a href="${ctx.href('/sign-in')}">Sign in</a> with the new password.</p>`,
      );
    },
  },
];
