import { allows, audit, deleteTeam, keyRevokedChannel, MAX_TEAM_NAME, renameTeam } from '@pageprobe/accounts';
import { html, type SafeHtml } from '@pageprobe/test-kinds';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { field, form, message, page, problem } from '../views/layout.ts';

/** Team settings: its name (admins), and deleting it (owners, who type its name to confirm). */
async function settingsPage(ctx: PageContext, top: SafeHtml | string = '', status = 200) {
  const team = await ctx.deps.db.team.findUniqueOrThrow({ where: { id: ctx.session!.teamId! } });
  page(
    ctx,
    'Team settings',
    html`${top}
${form(
  ctx,
  '/team/name',
  html`${field('Team name', 'team_name', 'text', html`required maxlength="${MAX_TEAM_NAME}" value="${team.name}"`)}
<p><button type="submit">Rename team</button></p>`,
)}
${
  allows(ctx.session!.role!, 'team.own')
    ? html`<h2>Delete the team</h2>
<p>Its keys stop working at once, its monitors and status pages are deleted, and nobody can open it any more.
Its credit ledger and audit log are kept. This cannot be undone.</p>
${form(
  ctx,
  '/team/delete',
  html`${field(`Type the team's name (${team.name}) to confirm`, 'confirm', 'text', html`required autocomplete="off"`)}
<p><button type="submit" class="secondary">Delete team</button></p>`,
)}`
    : ''
}`,
    status,
  );
}

export const teamSettingsRoutes: PageRoute[] = [
  { method: 'get', path: '/team', access: 'members.manage', handle: (ctx) => settingsPage(ctx) },
  {
    method: 'post',
    path: '/team/name',
    access: 'members.manage',
    async handle(ctx) {
      const name = String(ctx.req.body.team_name ?? '').trim();
      if (!name || name.length > MAX_TEAM_NAME)
        return settingsPage(ctx, problem(`Give the team a name (at most ${MAX_TEAM_NAME} characters).`), 400);
      const teamId = ctx.session!.teamId!;
      await renameTeam(ctx.deps.db, teamId, name);
      await audit(ctx.deps.db, ctx.actor, { teamId, action: 'team.renamed', target: name });
      ctx.res.redirect(303, ctx.href('/team'));
    },
  },
  {
    method: 'post',
    path: '/team/delete',
    access: 'team.own',
    async handle(ctx) {
      const teamId = ctx.session!.teamId!;
      if (String(ctx.req.body.confirm ?? '').trim() !== ctx.session!.teamName)
        return settingsPage(ctx, problem("That is not the team's name: nothing was deleted."), 400);
      // Audited first: the entry stays with the team's row.
      await audit(ctx.deps.db, ctx.actor, { teamId, action: 'team.deleted', target: ctx.session!.teamName });
      const revoked = await deleteTeam(ctx.deps.db, teamId);
      const channel = keyRevokedChannel(ctx.deps.config.QUEUE_PREFIX);
      for (const id of revoked) await ctx.deps.redis.publish(channel, id).catch(() => 0);
      message(ctx, 'Team deleted', `${ctx.session!.teamName} is deleted.`);
    },
  },
];
