import {
  audit,
  createSession,
  endSession,
  findUserByEmail,
  MAX_PASSWORD_LENGTH,
  normalizeEmail,
  type SignInMethod,
  verifyPassword,
} from '@pageprobe/accounts';
import { html } from '@pageprobe/html';
import { clearSessionCookie, setSessionCookie } from '../http/cookies.ts';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { passwordAttempt, slowedNotice, tooManyAttempts } from '../http/password-attempts.ts';
import { sessionSettings } from '../http/session-settings.ts';
import { ssoButton } from '../sso/sso-button.ts';
import { gettingInLinks } from '../views/getting-in-links.ts';
import { field, form, page, problem } from '../views/layout.ts';
import { passkeySignInButton } from './passkey-sign-in.ts';

export async function signInPage(ctx: PageContext, error: string | null = null, status = 200) {
  const sso = await ssoButton(ctx);
  page(
    ctx,
    'Sign in',
    html`${problem(error)}
${form(
  ctx,
  '/sign-in',
  html`${field('Email', 'email', 'email', html`autocomplete="username" required value="${String(ctx.req.body?.email ?? '')}"`)}
${field('Password', 'password', 'password', html`autocomplete="current-password" required`)}
<p><button type="submit">Sign in</button></p>`,
)}
${gettingInLinks(ctx)}
${passkeySignInButton(ctx)}
${sso}`,
    status,
  );
}

/**
 * Signs a person in: a new session (and so a new id) at every sign-in, its cookie, the audit entry. The
 * session works in `teamId` when given, else in the person's first team.
 */
export async function signIn(
  ctx: PageContext,
  user: { id: string; email: string },
  method: SignInMethod,
  teamId?: string,
) {
  const { token } = await createSession(
    ctx.deps.db,
    { userId: user.id, method, teamId, ip: ctx.actor.ip, userAgent: ctx.actor.userAgent },
    sessionSettings(ctx.deps.config),
  );
  setSessionCookie(ctx.res, ctx.deps.config, token);
  const teams = await ctx.deps.db.membership.findMany({ where: { userId: user.id }, select: { teamId: true } });
  for (const { teamId } of teams) {
    await audit(
      ctx.deps.db,
      { ...ctx.actor, id: user.id, email: user.email },
      { teamId, action: 'sign_in', details: { method } },
    );
  }
}

export const signInRoutes: PageRoute[] = [
  {
    method: 'get',
    path: '/sign-in',
    access: 'public',
    handle: (ctx) => (ctx.session ? ctx.res.redirect(303, ctx.href('/')) : signInPage(ctx)),
  },
  {
    method: 'post',
    path: '/sign-in',
    access: 'public',
    async handle(ctx) {
      const email = String(ctx.req.body.email ?? '').slice(0, 254);
      const password = String(ctx.req.body.password ?? '').slice(0, MAX_PASSWORD_LENGTH + 1);
      const user = email ? await findUserByEmail(ctx.deps.db, email) : null;
      // An unknown address spends the same hashing time (a decoy hash) and gets the same answer as a wrong
      // password, under the same limits (counted by the address typed, known or not).
      const outcome = await passwordAttempt(ctx, email, () => verifyPassword(user?.passwordHash ?? null, password));
      if (typeof outcome === 'object') return signInPage(ctx, tooManyAttempts(ctx, outcome.retryAfterSeconds), 429);
      if (outcome === 'wrong' || !user) {
        // The same reads and writes for a known address as for an unknown one.
        const teams = await ctx.deps.db.membership.findMany({
          where: { user: { email: normalizeEmail(email) } },
          select: { teamId: true },
        });
        await Promise.all(
          (teams.length ? teams.map((t) => t.teamId) : [null]).map((teamId) =>
            audit(ctx.deps.db, { ...ctx.actor, email: email || null }, { teamId, action: 'sign_in_failed' }),
          ),
        );
        await signInPage(ctx, `Wrong email or password. ${await slowedNotice(ctx, email)}`.trim(), 401);
        return;
      }
      await signIn(ctx, user, 'password');
      ctx.res.redirect(303, ctx.href('/'));
    },
  },
  {
    method: 'post',
    path: '/sign-out',
    access: 'signed-in',
    // Leaving always works, however many changes came before.
    limit: false,
    async handle(ctx) {
      const session = ctx.session!;
      await endSession(ctx.deps.db, session.id);
      await audit(ctx.deps.db, ctx.actor, { teamId: session.teamId, action: 'sign_out' });
      clearSessionCookie(ctx.res, ctx.deps.config);
      ctx.res.redirect(303, ctx.href('/sign-in'));
    },
  },
];
