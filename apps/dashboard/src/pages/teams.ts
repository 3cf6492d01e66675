import { audit, renewSession, teamsOf } from '@pageprobe/accounts';
import { html } from '@pageprobe/html';
import { setSessionCookie } from '../http/cookies.ts';
import type { PageRoute } from '../http/page-context.ts';
import { form, message, page } from '../views/layout.ts';
import { listTable } from '../views/list-table.ts';

/** A person's teams, and switching between them (a new session id: the rights change). */
export const teamRoutes: PageRoute[] = [
  {
    method: 'get',
    path: '/teams',
    access: 'signed-in',
    async handle(ctx) {
      const teams = await teamsOf(ctx.deps.db, ctx.session!.userId);
      page(
        ctx,
        'Teams',
        listTable(
          'Teams',
          [{ head: 'Team' }, { head: 'Role' }, { head: 'Switch', hidden: true }],
          teams.map((m) => [
            m.team.name,
            m.role,
            m.teamId === ctx.session!.teamId
              ? html`<span class="muted">Working in it</span>`
              : form(
                  ctx,
                  '/teams/switch',
                  html`<input type="hidden" name="team_id" value="${m.teamId}"><button type="submit">Switch to ${m.team.name}</button>`,
                  html`class="inline"`,
                ),
          ]),
        ),
      );
    },
  },
  {
    method: 'post',
    path: '/teams/switch',
    access: 'signed-in',
    // Which team the session shows: nothing anyone else sees changes.
    limit: false,
    async handle(ctx) {
      const session = ctx.session!;
      const teamId = String(ctx.req.body.team_id ?? '');
      const membership = /^[0-9a-f-]{36}$/i.test(teamId)
        ? await ctx.deps.db.membership.findUnique({ where: { teamId_userId: { teamId, userId: session.userId } } })
        : null;
      if (!membership) return message(ctx, 'Not allowed', 'You are not in that team.', 403);
      setSessionCookie(ctx.res, ctx.deps.config, await renewSession(ctx.deps.db, session.id, { teamId }));
      await audit(ctx.deps.db, ctx.actor, { teamId, action: 'team.switched_to' });
      ctx.res.redirect(303, ctx.href('/'));
    },
  },
];
