import {
  audit,
  ensureUser,
  findUserByEmail,
  hashPassword,
  MAX_PASSWORD_LENGTH,
  openInvitation,
  passwordProblem,
  rank,
  setMembership,
  useInvitation,
  verifyPassword,
} from '@pageprobe/accounts';
import { html } from '@pageprobe/html';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { passwordAttempt, slowedNotice, tooManyAttempts } from '../http/password-attempts.ts';
import { field, form, message, page, problem } from '../views/layout.ts';
import { signIn } from './sign-in.ts';

type Open = NonNullable<Awaited<ReturnType<typeof openInvitation>>>;

const gone = (ctx: PageContext) =>
  message(ctx, 'Invitation not valid', 'This invitation has expired or was used. Ask for a new one.', 410);

async function invitationPage(ctx: PageContext, invitation: Open, error: string | null = null, status = 200) {
  const token = String(ctx.req.params.token);
  const signedInAsInvited = ctx.session?.email === invitation.email;
  // One form whether or not the address has an account: the page tells whoever holds the link nothing.
  page(
    ctx,
    `Join ${invitation.team.name}`,
    html`<p>You are invited to ${invitation.team.name} as ${invitation.role}.</p>${problem(error)}
${form(
  ctx,
  `/invite/${token}`,
  signedInAsInvited
    ? html`<p><button type="submit">Join ${invitation.team.name}</button></p>`
    : html`${field('Email', 'email', 'email', html`value="${invitation.email}" readonly autocomplete="username"`)}
${field('Password', 'password', 'password', html`required autocomplete="current-password" aria-describedby="password-rule"`)}
<p class="muted" id="password-rule">The password of your Pageprobe account if this address has one; if not, a new one of at least 12 characters.</p>
<p><button type="submit">Join ${invitation.team.name}</button></p>`,
)}`,
    status,
  );
}

/** Accepting an invitation: once, by the invited address (signed in as it, or with its password, or a new one). */
export const inviteRoutes: PageRoute[] = [
  {
    method: 'get',
    path: '/invite/:token',
    access: 'public',
    async handle(ctx) {
      const invitation = await openInvitation(ctx.deps.db, ctx.req.params.token);
      return invitation ? invitationPage(ctx, invitation) : gone(ctx);
    },
  },
  {
    method: 'post',
    path: '/invite/:token',
    access: 'public',
    async handle(ctx) {
      const { db } = ctx.deps;
      const invitation = await openInvitation(db, ctx.req.params.token);
      if (!invitation) return gone(ctx);
      let user: { id: string; email: string } | null = null;
      if (ctx.session?.email === invitation.email) user = { id: ctx.session.userId, email: ctx.session.email };
      else {
        const password = String(ctx.req.body.password ?? '').slice(0, MAX_PASSWORD_LENGTH + 1);
        const existing = await findUserByEmail(db, invitation.email);
        if (existing) {
          const outcome = await passwordAttempt(ctx, existing.email, () =>
            verifyPassword(existing.passwordHash, password),
          );
          if (typeof outcome === 'object')
            return invitationPage(ctx, invitation, tooManyAttempts(ctx, outcome.retryAfterSeconds), 429);
          if (outcome === 'wrong')
            return invitationPage(
              ctx,
              invitation,
              `Wrong password. ${await slowedNotice(ctx, existing.email)}`.trim(),
              401,
            );
          user = existing;
        } else {
          const weak = passwordProblem(password);
          if (weak) return invitationPage(ctx, invitation, `The password ${weak}.`, 400);
          // The link reached the address: it is verified.
          user = await ensureUser(db, {
            email: invitation.email,
            passwordHash: await hashPassword(password),
            verified: true,
          });
        }
      }
      if (!(await useInvitation(db, invitation.id))) return gone(ctx);
      const current = await db.membership.findUnique({
        where: { teamId_userId: { teamId: invitation.teamId, userId: user.id } },
      });
      // Joining never lowers a role someone already has.
      if (!current || rank(current.role) < rank(invitation.role))
        await setMembership(db, invitation.teamId, user.id, invitation.role);
      await audit(
        db,
        { ...ctx.actor, id: user.id, email: user.email },
        {
          teamId: invitation.teamId,
          action: 'member.joined',
          target: user.email,
          details: { role: invitation.role },
        },
      );
      // Labelled by what was checked: the invited person's own session, else the password given here (never
      // the method of a session that is someone else's).
      const method = ctx.session?.email === invitation.email ? ctx.session.method : 'password';
      await signIn(ctx, user, method, invitation.teamId);
      ctx.res.redirect(303, ctx.href('/'));
    },
  },
];
