import {
  audit,
  consumeToken,
  ensureUser,
  hashPassword,
  isEmail,
  MAX_PASSWORD_LENGTH,
  passwordProblem,
  peekToken,
  setMembership,
} from '@pageprobe/accounts';
import { html } from '@pageprobe/test-kinds';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { field, form, message, page, problem } from '../views/layout.ts';
import { signIn } from './sign-in.ts';

const gone = (ctx: PageContext) => message(ctx, 'Link not valid', 'This set-up link was used or has expired.', 410);

function setupPage(ctx: PageContext, teamName: string, error: string | null = null, status = 200) {
  page(
    ctx,
    `The first owner of ${teamName}`,
    html`<p>This link works once. It makes you the owner of ${teamName}.</p>${problem(error)}
${form(
  ctx,
  `/setup/${String(ctx.req.params.token)}`,
  html`${field('Email', 'email', 'email', html`required autocomplete="username" value="${String(ctx.req.body?.email ?? '')}"`)}
${field('Password (at least 12 characters)', 'password', 'password', html`required autocomplete="new-password"`)}
<p><button type="submit">Create the owner</button></p>`,
)}`,
    status,
  );
}

/** The one-time link `npm start` prints (and `pnpm admin` makes): the first owner of a team. */
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
      const email = String(ctx.req.body.email ?? '').trim();
      const password = String(ctx.req.body.password ?? '').slice(0, MAX_PASSWORD_LENGTH + 1);
      if (!isEmail(email)) return setupPage(ctx, team.name, 'That is not an email address.', 400);
      const weak = passwordProblem(password);
      if (weak) return setupPage(ctx, team.name, `The password ${weak}.`, 400);
      const passwordHash = await hashPassword(password);
      if (!(await consumeToken(db, 'owner_setup', ctx.req.params.token))) return gone(ctx);
      const user = await ensureUser(db, { email, passwordHash });
      if (!user.passwordHash) await db.user.update({ where: { id: user.id }, data: { passwordHash } });
      await setMembership(db, team.id, user.id, 'owner');
      await audit(
        db,
        { ...ctx.actor, id: user.id, email: user.email },
        { teamId: team.id, action: 'member.joined', target: user.email, details: { role: 'owner', via: 'setup link' } },
      );
      await signIn(ctx, user, 'password', team.id);
      ctx.res.redirect(303, ctx.href('/'));
    },
  },
];
