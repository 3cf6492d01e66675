import { alertLinks } from '../http/alert-links.ts';
import {
  allows,
  audit,
  changeMembership,
  findOpenInvitation,
  invitationUrl,
  isEmail,
  isRole,
  keyRevokedChannel,
  LastOwner,
  liveKeysMadeBy,
  mayAssign,
  ROLES,
  type RevokedKeys,
  reissueInvitation,
  revokeInvitation,
  revokesKeys,
} from '@pageprobe/accounts';
import type { TeamRole } from '@pageprobe/db';
import { html, type SafeHtml } from '@pageprobe/html';
import { invite } from '../invitation-mail.ts';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { confirmed, confirmPage, dangerButton } from '../views/confirm.ts';
import { field, form, page, problem } from '../views/layout.ts';
import { teamNav } from './team.ts';
import { listTable } from '../views/list-table.ts';

const roleSelect = (ctx: PageContext, name: string, selected: string) =>
  html`<select id="${name}" name="${name}">${ROLES.filter((r) => mayAssign(ctx.session!.role!, r)).map(
    (r) => html`<option value="${r}" ${r === selected ? 'selected' : ''}>${r}</option>`,
  )}</select>`;

/** The members page: who is in the team with which role, open invitations, and (for admins) the forms. */
async function membersPage(ctx: PageContext, top: SafeHtml | string = '', status = 200) {
  const teamId = ctx.session!.teamId!;
  const role = ctx.session!.role!;
  const manages = allows(role, 'members.manage');
  const [members, invitations, keyMakers] = await Promise.all([
    ctx.deps.db.membership.findMany({
      where: { teamId },
      include: { user: { select: { email: true } } },
      orderBy: { createdAt: 'asc' },
    }),
    ctx.deps.db.invitation.findMany({
      where: { teamId, acceptedAt: null, expiresAt: { gt: new Date() } },
      orderBy: { createdAt: 'desc' },
    }),
    keysMadeIn(ctx, teamId, manages),
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
${listTable(
  'Members',
  [{ head: 'Email' }, { head: 'Role' }, ...(manages ? [{ head: 'Change or remove', hidden: true }] : [])],
  members.map((m) => {
    const mine = m.userId === ctx.session!.userId;
    const editable = manages && mayAssign(role, m.role);
    const keys = keyMakers.get(m.userId) ?? 0;
    return [
      html`${m.user.email}${mine ? ' (you)' : ''}${
        keys
          ? html`<br><small class="muted">${keysOf(keys)} they made: removing them, or a role below admin, revokes ${keys === 1 ? 'it' : 'them'}</small>`
          : ''
      }`,
      editable
        ? form(
            ctx,
            `/members/${m.userId}/role`,
            html`<label for="role-${m.userId}" class="visually-hidden">Role of ${m.user.email}</label>${roleSelect(ctx, `role-${m.userId}`, m.role)}<button type="submit" class="secondary">Change role</button>`,
            html`class="inline"`,
          )
        : m.role,
      ...(manages
        ? [
            editable
              ? form(
                  ctx,
                  `/members/${m.userId}/remove`,
                  dangerButton('Remove', html`aria-label="Remove ${m.user.email}"`),
                  html`class="inline"`,
                )
              : '',
          ]
        : []),
    ];
  }),
)}
${
  invitations.length
    ? html`<h2>Open invitations</h2>${listTable(
        'Open invitations',
        [
          { head: 'Email' },
          { head: 'Role' },
          { head: 'Expires' },
          ...(manages ? [{ head: 'Link or revoke', hidden: true }] : []),
        ],
        invitations.map((i) => [
          i.email,
          i.role,
          i.expiresAt.toISOString().slice(0, 10),
          ...(manages
            ? [
                {
                  cls: 'row-actions',
                  content: html`${form(ctx, `/members/invitations/${i.id}/link`, html`<button type="submit" class="secondary" aria-label="Copy link for ${i.email}">Copy link</button>`, html`class="inline"`)} ${form(ctx, `/members/invitations/${i.id}/revoke`, dangerButton('Revoke', html`aria-label="Revoke the invitation of ${i.email}"`), html`class="inline"`)}`,
                },
              ]
            : []),
        ]),
      )}${
        manages
          ? html`<p class="muted">Only a fingerprint of each link is kept: Copy link makes a new one, and the one sent before stops working.</p>`
          : ''
      }`
    : ''
}`,
    status,
  );
}

/** "1 live API key", "3 live API keys". */
const keysOf = (n: number) => `${n} live API key${n === 1 ? '' : 's'}`;

/** How many live keys each member made in the team (those a removal or demotion revokes), for admins. */
async function keysMadeIn(ctx: PageContext, teamId: string, manages: boolean): Promise<Map<string, number>> {
  if (!manages) return new Map();
  const rows = await ctx.deps.db.apiKey.groupBy({
    by: ['createdById'],
    where: {
      teamId,
      createdById: { not: null },
      revokedAt: null,
      OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }],
    },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.createdById!, r._count._all]));
}

/**
 * A removal or a demotion that revokes keys is confirmed first (issue 56 item 6): the page names the keys
 * and the monitors that will pause, and sends the same form again with `confirm`. True when that page was
 * answered; false when there is nothing to confirm (no key would be revoked, or it is confirmed).
 */
async function confirmation(
  ctx: PageContext,
  membership: { teamId: string; userId: string; role: TeamRole; user: { email: string } },
  to: TeamRole | null,
) {
  if (!revokesKeys(membership.role, to) || ctx.req.body.confirm === 'revoke-keys') return false;
  const keys = await liveKeysMadeBy(ctx.deps.db, membership.teamId, membership.userId);
  if (keys.length === 0) return false;
  const monitors = await ctx.deps.db.monitor.count({
    where: { apiKeyId: { in: keys.map((k) => k.id) }, status: 'active', deletedAt: null },
  });
  const who = membership.user.email;
  const change = to === null ? `Remove ${who}` : `Make ${who} ${to}`;
  const action = to === null ? `/members/${membership.userId}/remove` : `/members/${membership.userId}/role`;
  const they = keys.length === 1 ? 'it' : 'them';
  page(
    ctx,
    'Confirm',
    html`${teamNav(ctx)}<h2>${change}?</h2>
<p role="alert" data-testid="keys-to-revoke">Their ${keysOf(keys.length)} will be revoked: ${
      to === null ? 'they leave the team' : `${to === 'editor' ? 'an' : 'a'} ${to} cannot manage keys`
    }, so what they made stops working within a second on every API replica${
      monitors
        ? `, and the ${monitors} monitor${monitors === 1 ? '' : 's'} made with ${they} pause${monitors === 1 ? 's' : ''}`
        : ''
    }.</p>
<ul>${keys.map((k) => html`<li><code>${k.prefix}…</code>${k.name ? html` ${k.name}` : ''}</li>`)}</ul>
${form(
  ctx,
  action,
  html`<input type="hidden" name="confirm" value="revoke-keys"><input type="hidden" name="confirmed" value="yes">${
    to === null ? '' : html`<input type="hidden" name="role" value="${to}">`
  }${dangerButton(`${change} and revoke ${keys.length === 1 ? 'the key' : `${keys.length} keys`}`)} <a href="${ctx.href('/members')}">Cancel</a>`,
)}`,
  );
  return true;
}

/** Every API replica forgets the revoked keys at once; each revocation is in the audit log. */
async function announceRevoked(ctx: PageContext, teamId: string, email: string, revoked: RevokedKeys, by: string) {
  const channel = keyRevokedChannel(ctx.deps.config.QUEUE_PREFIX);
  for (const key of revoked.keys) {
    await ctx.deps.redis.publish(channel, key.id).catch(() => 0);
    await audit(ctx.deps.db, ctx.actor, {
      teamId,
      action: 'key.revoked',
      target: key.id,
      details: { reason: by, member: email, prefix: key.prefix },
    });
  }
}

/** The target's membership, if the actor may manage it (and give it `role`, when one is asked). */
/**
 * Changes the membership (null: out of the team), revoking the keys it takes away; null after answering
 * 409 when it would leave the team without an owner.
 */
async function changeOrRefuse(
  ctx: PageContext,
  membership: { teamId: string; userId: string },
  role: TeamRole | null,
): Promise<RevokedKeys | null> {
  try {
    return (
      await changeMembership(ctx.deps.db, membership.teamId, membership.userId, role, alertLinks(ctx.deps.config))
    ).revoked;
  } catch (error) {
    if (!(error instanceof LastOwner)) throw error;
    await membersPage(ctx, problem(error.message), 409);
    return null;
  }
}

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
      if (await confirmation(ctx, membership, role)) return;
      const revoked = await changeOrRefuse(ctx, membership, role);
      if (!revoked) return;
      await audit(ctx.deps.db, ctx.actor, {
        teamId: membership.teamId,
        action: 'member.role_changed',
        target: membership.user.email,
        details: {
          from: membership.role,
          to: role,
          ...(revoked.keys.length
            ? { revoked_keys: revoked.keys.length, paused_monitors: revoked.pausedMonitors.length }
            : {}),
        },
      });
      await announceRevoked(ctx, membership.teamId, membership.user.email, revoked, 'member.role_changed');
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
      if (await confirmation(ctx, membership, null)) return;
      // The page that listed the keys to revoke asked already: its answer is the confirmation.
      if (!confirmed(ctx) && ctx.req.body.confirm !== 'revoke-keys')
        return confirmPage(ctx, {
          title: `Remove ${membership.user.email}?`,
          consequence: `They leave the team at their next request and can join again only with a new invitation.`,
          action: `/members/${membership.userId}/remove`,
          button: `Remove ${membership.user.email}`,
          back: '/members',
        });
      const revoked = await changeOrRefuse(ctx, membership, null);
      if (!revoked) return;
      await audit(ctx.deps.db, ctx.actor, {
        teamId: membership.teamId,
        action: 'member.removed',
        target: membership.user.email,
        ...(revoked.keys.length
          ? { details: { revoked_keys: revoked.keys.length, paused_monitors: revoked.pausedMonitors.length } }
          : {}),
      });
      await announceRevoked(ctx, membership.teamId, membership.user.email, revoked, 'member.removed');
      ctx.res.redirect(303, ctx.href('/members'));
    },
  },
  {
    method: 'post',
    path: '/members/invitations/:id/revoke',
    access: 'members.manage',
    async handle(ctx) {
      const invitation = await openInvitationOf(ctx);
      if (!invitation) return membersPage(ctx, problem('That invitation is no longer open.'), 404);
      if (!confirmed(ctx))
        return confirmPage(ctx, {
          title: `Revoke the invitation of ${invitation.email}?`,
          consequence: 'Its link stops working at once. You can invite the address again later.',
          action: `/members/invitations/${invitation.id}/revoke`,
          button: 'Revoke the invitation',
          back: '/members',
        });
      if (await revokeInvitation(ctx.deps.db, invitation.teamId, invitation.id))
        await audit(ctx.deps.db, ctx.actor, {
          teamId: invitation.teamId,
          action: 'member.invitation_revoked',
          target: invitation.email,
          details: { role: invitation.role },
        });
      ctx.res.redirect(303, ctx.href('/members'));
    },
  },
  {
    method: 'post',
    path: '/members/invitations/:id/link',
    access: 'members.manage',
    async handle(ctx) {
      const invitation = await openInvitationOf(ctx);
      const fresh = invitation && (await reissueInvitation(ctx.deps.db, invitation.teamId, invitation.id));
      if (!invitation || !fresh) return membersPage(ctx, problem('That invitation is no longer open.'), 404);
      await audit(ctx.deps.db, ctx.actor, {
        teamId: invitation.teamId,
        action: 'member.invitation_reissued',
        target: invitation.email,
        details: { role: invitation.role },
      });
      const url = invitationUrl(ctx.deps.config.DASHBOARD_BASE_URL, fresh.token);
      await membersPage(
        ctx,
        html`<p role="status">A new link for ${invitation.email} (only a fingerprint of a link is kept, so the one sent before cannot be shown again and no longer works). It works once, for 7 days:</p><pre class="copy"><code id="invitation-link" data-testid="invitation-link">${url}</code></pre><button type="button" data-copy="invitation-link" hidden>Copy</button>`,
      );
    },
  },
];

/** The team's open invitation the route names, or null. */
async function openInvitationOf(ctx: PageContext) {
  const id = String(ctx.req.params.id);
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return findOpenInvitation(ctx.deps.db, ctx.session!.teamId!, id);
}
