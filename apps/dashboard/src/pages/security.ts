import {
  allows,
  audit,
  endSessionsOf,
  hashPassword,
  MAX_PASSWORD_LENGTH,
  passwordProblem,
  sessionsOf,
  verifyPassword,
} from '@pageprobe/accounts';
import { html, type SafeHtml } from '@pageprobe/html';
import { clearSessionCookie } from '../http/cookies.ts';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { passwordAttempt, slowedNotice, tooManyAttempts } from '../http/password-attempts.ts';
import { field, form, page, problem } from '../views/layout.ts';
import { passkeySection } from './passkeys.ts';
import { ssoSection } from './sso.ts';
import { addressSection } from './verify-email.ts';
import { listTable } from '../views/list-table.ts';

const when = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 16);

/** A person's own security: their sessions, their password, and (owners) what the team requires. */
async function securityPage(ctx: PageContext, top: SafeHtml | string = '', status = 200) {
  const session = ctx.session!;
  const [sessions, user] = await Promise.all([
    sessionsOf(ctx.deps.db, session.userId),
    ctx.deps.db.user.findUniqueOrThrow({ where: { id: session.userId } }),
  ]);
  const owner = session.role !== null && allows(session.role, 'team.own');
  page(
    ctx,
    'Security',
    html`${top}
${addressSection(ctx, user)}
<h2>Sessions</h2>
${listTable(
  'Sessions',
  [{ head: 'Signed in' }, { head: 'With' }, { head: 'Last seen' }, { head: 'From' }],
  sessions.map((s) => [
    `${when(s.createdAt)}${s.id === session.id ? ' (this one)' : ''}`,
    s.method,
    when(s.lastSeenAt),
    html`${s.ip ?? ''} <span class="muted">${s.userAgent ?? ''}</span>`,
  ]),
)}
${form(ctx, '/security/sessions/end-others', html`<p><button type="submit" class="secondary">Sign out everywhere else</button></p>`)}
${await passkeySection(ctx)}
${await ssoSection(ctx)}
<h2>Password</h2>
${form(
  ctx,
  '/security/password',
  html`${user.passwordHash ? field('Current password', 'current_password', 'password', html`required autocomplete="current-password"`) : ''}
${field('New password (at least 12 characters)', 'new_password', 'password', html`required autocomplete="new-password"`)}
<p><button type="submit">${user.passwordHash ? 'Change password' : 'Set a password'}</button></p>`,
)}
${
  owner
    ? html`<h2>Team sign-in</h2>
<p>${session.teamRequiresStrongSignIn ? 'Members of this team must sign in with a passkey or single sign-on.' : 'Members of this team may sign in with a password.'}</p>
${form(
  ctx,
  '/security/require-strong-sign-in',
  html`<input type="hidden" name="require" value="${session.teamRequiresStrongSignIn ? 'no' : 'yes'}">
<p><button type="submit" class="secondary">${session.teamRequiresStrongSignIn ? 'Allow passwords again' : 'Require passkeys or SSO'}</button></p>`,
)}`
    : ''
}`,
    status,
  );
}

export const securityRoutes: PageRoute[] = [
  { method: 'get', path: '/security', access: 'signed-in', handle: (ctx) => securityPage(ctx) },
  {
    method: 'post',
    path: '/security/sessions/end-others',
    access: 'signed-in',
    async handle(ctx) {
      const session = ctx.session!;
      const { count } = await endSessionsOf(ctx.deps.db, session.userId, session.id);
      await audit(ctx.deps.db, ctx.actor, { teamId: session.teamId, action: 'sessions.ended', details: { count } });
      ctx.res.redirect(303, ctx.href('/security'));
    },
  },
  {
    method: 'post',
    path: '/security/password',
    access: 'signed-in',
    async handle(ctx) {
      const session = ctx.session!;
      const user = await ctx.deps.db.user.findUniqueOrThrow({ where: { id: session.userId } });
      const current = String(ctx.req.body.current_password ?? '').slice(0, MAX_PASSWORD_LENGTH + 1);
      const next = String(ctx.req.body.new_password ?? '').slice(0, MAX_PASSWORD_LENGTH + 1);
      if (user.passwordHash) {
        // Under the sign-in's limits: a stolen session is no way around them.
        const outcome = await passwordAttempt(ctx, user.email, () => verifyPassword(user.passwordHash, current));
        if (typeof outcome === 'object')
          return securityPage(ctx, problem(tooManyAttempts(ctx, outcome.retryAfterSeconds)), 429);
        if (outcome === 'wrong')
          return securityPage(
            ctx,
            problem(`The current password is wrong. ${await slowedNotice(ctx, user.email)}`.trim()),
            401,
          );
      }
      const weak = passwordProblem(next);
      if (weak) return securityPage(ctx, problem(`The new password ${weak}.`), 400);
      await ctx.deps.db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(next) } });
      // A new password ends every session, this one too: whoever had the old one is out.
      await endSessionsOf(ctx.deps.db, user.id);
      await audit(ctx.deps.db, ctx.actor, { teamId: session.teamId, action: 'password.changed' });
      clearSessionCookie(ctx.res, ctx.deps.config);
      ctx.res.redirect(303, ctx.href('/sign-in'));
    },
  },
  {
    method: 'post',
    path: '/security/require-strong-sign-in',
    access: 'team.own',
    async handle(ctx) {
      const teamId = ctx.session!.teamId!;
      const require = ctx.req.body.require === 'yes';
      await ctx.deps.db.team.update({ where: { id: teamId }, data: { requireStrongSignIn: require } });
      await audit(ctx.deps.db, ctx.actor, {
        teamId,
        action: 'team.sign_in_required',
        details: { passkey_or_sso: require },
      });
      ctx.res.redirect(303, ctx.href('/security'));
    },
  },
];
