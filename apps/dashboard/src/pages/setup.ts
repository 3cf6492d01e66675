import {
  audit,
  consumeToken,
  findUserByEmail,
  hashPassword,
  isEmail,
  MAX_PASSWORD_LENGTH,
  normalizeEmail,
  passwordProblem,
  peekToken,
  type SignInMethod,
  setMembership,
  verifyPassword,
} from '@pageprobe/accounts';
import { sqlState, UNIQUE_VIOLATION } from '@pageprobe/db';
import { html } from '@pageprobe/html';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { passwordAttempt, slowedNotice, tooManyAttempts } from '../http/password-attempts.ts';
import { field, form, message, page, problem } from '../views/layout.ts';
import { signIn } from './sign-in.ts';

const gone = (ctx: PageContext) => message(ctx, 'Link not valid', 'This set-up link was used or has expired.', 410);

function setupPage(ctx: PageContext, teamName: string, error: string | null = null, status = 200) {
  const session = ctx.session;
  page(
    ctx,
    `The first owner of ${teamName}`,
    html`<p>This link works once. It makes you the owner of ${teamName}.</p>${problem(error)}
${form(
  ctx,
  `/setup/${String(ctx.req.params.token)}`,
  session
    ? html`<p>You are signed in as ${session.email}.</p>
<input type="hidden" name="as" value="session">
<p><button type="submit">Become the owner as ${session.email}</button></p>`
    : html`${field('Email', 'email', 'email', html`required autocomplete="username" value="${String(ctx.req.body?.email ?? '')}"`)}
${field('Password (at least 12 characters)', 'password', 'password', html`required autocomplete="current-password" aria-describedby="password-rule"`)}
<p class="muted" id="password-rule">The password of your Pageprobe account if this address has one; if not, a new one of at least 12 characters. An account that signs in with a passkey or single sign-on only: sign in first, then open this link again.</p>
<p><button type="submit">Create the owner</button></p>`,
)}`,
    status,
  );
}

/**
 * The one-time link `npm start` prints (and `pnpm admin` makes): the first owner of a team. Whoever holds it
 * names the owner, but an address that has an account proves it as an invitation does (its password, or a
 * session signed in as it): the link is no way into anyone's account, and never sets anyone's password.
 */
export const setupRoutes: PageRoute[] = [
  {
    method: 'get',
    path: '/setup/:token',
    access: 'public',
    async handle(ctx) {
      const link = await peekToken(ctx.deps.db, 'owner_setup', ctx.req.params.token);
      const team = link?.subject ? await ctx.deps.db.team.findUnique({ where: { id: link.subject } }) : null;
      return team ? setupPage(ctx, team.name) : gone(ctx);
    },
  },
  {
    method: 'post',
    path: '/setup/:token',
    access: 'public',
    async handle(ctx) {
      const { db } = ctx.deps;
      const link = await peekToken(db, 'owner_setup', ctx.req.params.token);
      const team = link?.subject ? await db.team.findUnique({ where: { id: link.subject } }) : null;
      if (!team) return gone(ctx);
      let user: { id: string; email: string };
      // What was checked: the session's own sign-in, or a password here.
      let method: SignInMethod = 'password';
      // Signed in, the form says so (`as`): a POST without it is an address and a password, as signed out.
      if (ctx.session && ctx.req.body.as === 'session') {
        // A public route skips the app's token check: the session's own token, as any signed-in form has it.
        if (String(ctx.req.body._csrf ?? '') !== ctx.session.csrfToken)
          return message(ctx, 'Refused', 'This form has expired: reload the page and try again.', 403);
        user = { id: ctx.session.userId, email: ctx.session.email };
        method = ctx.session.method;
        if (!(await consumeToken(db, 'owner_setup', ctx.req.params.token))) return gone(ctx);
      } else {
        const email = normalizeEmail(String(ctx.req.body.email ?? '').slice(0, 254));
        const password = String(ctx.req.body.password ?? '').slice(0, MAX_PASSWORD_LENGTH + 1);
        if (!isEmail(email)) return setupPage(ctx, team.name, 'That is not an email address.', 400);
        const existing = await findUserByEmail(db, email);
        if (existing) {
          // An account's own password, under the sign-in's limits; one without a password signs in first.
          const outcome = await passwordAttempt(ctx, existing.email, () =>
            verifyPassword(existing.passwordHash, password),
          );
          if (typeof outcome === 'object')
            return setupPage(ctx, team.name, tooManyAttempts(ctx, outcome.retryAfterSeconds), 429);
          if (outcome === 'wrong')
            return setupPage(
              ctx,
              team.name,
              `This address has an account: that is not its password. ${await slowedNotice(ctx, email)}`.trim(),
              401,
            );
          if (!(await consumeToken(db, 'owner_setup', ctx.req.params.token))) return gone(ctx);
          user = existing;
        } else {
          const weak = passwordProblem(password);
          if (weak) return setupPage(ctx, team.name, `The password ${weak}.`, 400);
          const passwordHash = await hashPassword(password);
          if (!(await consumeToken(db, 'owner_setup', ctx.req.params.token))) return gone(ctx);
          try {
            // Only ever a new person: an account made meanwhile keeps its own password.
            user = await db.user.create({ data: { email, passwordHash } });
          } catch (error) {
            if (sqlState(error) !== UNIQUE_VIOLATION) throw error;
            return message(
              ctx,
              'Link not valid',
              'This address got an account meanwhile: ask for a new set-up link.',
              409,
            );
          }
        }
      }
      await setMembership(db, team.id, user.id, 'owner');
      await audit(
        db,
        { ...ctx.actor, id: user.id, email: user.email },
        { teamId: team.id, action: 'member.joined', target: user.email, details: { role: 'owner', via: 'setup link' } },
      );
      await signIn(ctx, user, method, team.id);
      ctx.res.redirect(303, ctx.href('/'));
    },
  },
];
