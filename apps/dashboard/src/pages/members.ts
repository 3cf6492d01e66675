import { allows, audit, isEmail, isRole, LastOwner, mayAssign, ROLES, setMembership } from '@pageprobe/accounts';
import { html, type SafeHtml } from '@pageprobe/test-kinds';
import { invite } from '../invitation-mail.ts';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { field, form, page, problem } from '../views/layout.ts';
import { teamNav } from './team.ts';

const roleSelect = (ctx: PageContext, name: string, selected: string) =>
  html`<select id="${name}" name="${name}">${ROLES.filter((r) => mayAssign(ctx.session!.role!, r)).map(
    (r) => html`<option value="${r}" ${r === selected ? 'selected' : ''}>${r}</option>`,
  )}</select>`;

/** The members page: who is in the team with which role, open invitations, and (for admins) the forms. */
async function membersPage(ctx: PageContext, top: SafeHtml | string = '', status = 200) {
  const teamId = ctx.session!.teamId!;
  const role = ctx.session!.role!;
  const manages = allows(role, 'members.manage');
  const [members, invitations] = await Promise.all([
    ctx.deps.db.membership.findMany({
      where: { teamId },
      include: { user: { select: { email: true } } },
      orderBy: { createdAt: 'asc' },
    }),
    ctx.deps.db.invitation.findMany({
      where: { teamId, acceptedAt: null, expiresAt: { gt: new Date() } },
      orderBy: { createdAt: 'desc' },
    }),
  ]);
  page(
    ctx,
    'Members',
    html`${teamNav(ctx)}${top}
${
  manages
    ? html`<h2>Invite someone</h2>${form(
        ctx,
        '/members/invite',
        html`${field('Email', 'email', 'email', html`required`)}<p><label for="role">Role</label>${roleSelect(ctx, 'role', 'viewer')}</p><p><button type="submit">Invite</button></p>`,
      )}`
    : ''
}
<h2>Members</h2>
<div class="scroll" role="region" tabindex="0" aria-label="Members"><table><thead><tr><th>Email</th><th>Role</th>${manages ? html`<th><span class="visually-hidden">Change or remove</span></th>` : ''}</tr></thead><tbody>
${members.map((m) => {
  const mine = m.userId === ctx.session!.userId;
  const editable = manages && mayAssign(role, m.role);
  return html`<tr><td>${m.user.email}${mine ? ' (you)' : ''}</td><td>${
    editable
      ? form(
          ctx,
          `/members/${m.userId}/role`,
          html`<label for="role-${m.userId}" class="visually-hidden">Role of ${m.user.email}</label>${roleSelect(ctx, `role-${m.userId}`, m.role)}<button type="submit" class="secondary">Change role</button>`,
          html`class="inline"`,
        )
      : m.role
  }</td>${
    manages
      ? html`<td>${editable ? form(ctx, `/members/${m.userId}/remove`, html`<button type="submit" class="secondary" aria-label="Remove ${m.user.email}">Remove</button>`, html`class="inline"`) : ''}</td>`
      : ''
  }</tr>`;
})}
</tbody></table></div>
${
  invitations.length
    ? html`<h2>Open invitations</h2><div class="scroll" role="region" tabindex="0" aria-label="Open invitations"><table><thead><tr><th>Email</th><th>Role</th><th>Expires</th></tr></thead><tbody>${invitations.map(
        (i) => html`<tr><td>${i.email}</td><td>${i.role}</td><td>${i.expiresAt.toISOString().slice(0, 10)}</td></tr>`,
      )}</tbody></table></div>`
    : ''
}`,
    status,
  );
}

/** The target's membership, if the actor may manage it (and give it `role`, when one is asked). */
async function manageable(ctx: PageContext, role?: string) {
  const userId = String(ctx.req.params.userId);
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const membership = await ctx.deps.db.membership.findUnique({
    where: { teamId_userId: { teamId: ctx.session!.teamId!, userId } },
    include: { user: { select: { email: true } } },
  });
  const actor = ctx.session!.role!;
  if (!membership || !mayAssign(actor, membership.role)) return null;
  if (role !== undefined && !(isRole(role) && mayAssign(actor, role))) return null;
  return membership;
}

export const memberRoutes: PageRoute[] = [
  { method: 'get', path: '/members', access: 'team.read', handle: (ctx) => membersPage(ctx) },
  {
    method: 'post',
    path: '/members/invite',
    access: 'members.manage',
    async handle(ctx) {
      const email = String(ctx.req.body.email ?? '').trim();
      const role = String(ctx.req.body.role ?? '');
      if (!isEmail(email)) return membersPage(ctx, problem('That is not an email address.'), 400);
      if (!isRole(role) || !mayAssign(ctx.session!.role!, role))
        return membersPage(ctx, problem('You cannot give that role.'), 403);
      const sent = await invite(ctx.deps, ctx.actor, { teamId: ctx.session!.teamId!, email, role });
      await membersPage(
        ctx,
        sent.mailed
          ? html`<p role="status">Invitation mailed to ${email}.</p>`
          : html`<p role="status">No mail server is set up: send ${email} this link (it works once, for 7 days):</p><pre><code data-testid="invitation-link">${sent.url}</code></pre>`,
        201,
      );
    },
  },
  {
    method: 'post',
    path: '/members/:userId/role',
    access: 'members.manage',
    async handle(ctx) {
      const userId = String(ctx.req.params.userId);
      const role = String(ctx.req.body[`role-${userId}`] ?? ctx.req.body.role ?? '');
      const membership = await manageable(ctx, role);
      if (!membership || !isRole(role))
        return membersPage(ctx, problem('You cannot give that role to that member.'), 403);
      try {
        await setMembership(ctx.deps.db, membership.teamId, membership.userId, role);
      } catch (error) {
        if (!(error instanceof LastOwner)) throw error;
        return membersPage(ctx, problem(error.message), 409);
      }
      await audit(ctx.deps.db, ctx.actor, {
        teamId: membership.teamId,
        action: 'member.role_changed',
        target: membership.user.email,
        details: { from: membership.role, to: role },
      });
      ctx.res.redirect(303, ctx.href('/members'));
    },
  },
  {
    method: 'post',
    path: '/members/:userId/remove',
    access: 'members.manage',
    async handle(ctx) {
      const membership = await manageable(ctx);
      if (!membership) return membersPage(ctx, problem('You cannot remove that member.'), 403);
      try {
        await setMembership(ctx.deps.db, membership.teamId, membership.userId, null);
      } catch (error) {
        if (!(error instanceof LastOwner)) throw error;
        return membersPage(ctx, problem(error.message), 409);
      }
      await audit(ctx.deps.db, ctx.actor, {
        teamId: membership.teamId,
        action: 'member.removed',
        target: membership.user.email,
      });
      ctx.res.redirect(303, ctx.href('/members'));
    },
  },
];
