import { alertLinks } from '../http/alert-links.ts';
import { allows, audit, deleteTeam, keyRevokedChannel, MAX_TEAM_NAME, renameTeam } from '@pageprobe/accounts';
import { auditCaller, updateTeam } from '@pageprobe/services';
import { html, type SafeHtml } from '@pageprobe/html';
import { liveLocations } from '@pageprobe/jobs';
import { callerOf } from '../http/caller.ts';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { fieldError } from '../views/form-errors.ts';
import { field, form, message, page, problem } from '../views/layout.ts';
import { teamNav } from './team.ts';

/** The default location's choices: the live ones (GET /locations), and the current one even if it is not. */
async function locationChoices(ctx: PageContext, current: string | null) {
  const live = await liveLocations(ctx.deps.redis, ctx.deps.config.QUEUE_PREFIX).catch(() => null);
  const choices = (live ?? []).map((l) => ({ id: l.id, name: `${l.name} (${l.id})` }));
  if (current && !choices.some((c) => c.id === current))
    choices.push({ id: current, name: `${current} (no live worker)` });
  return { live, choices };
}

/** Where the team's tests without locations run: a select of the live locations (admins). */
async function locationForm(ctx: PageContext, current: string | null, error?: string) {
  const { live, choices } = await locationChoices(ctx, current);
  const option = (id: string, name: string) =>
    html`<option value="${id}"${id === (current ?? '') ? html` selected` : ''}>${name}</option>`;
  return html`<h2>Default location</h2>
<p>Where the team's tests and monitors run when they name no location.${
    live === null ? html` <span class="muted">The live locations cannot be listed right now.</span>` : ''
  }</p>
${form(
  ctx,
  '/team/default-location',
  html`<p><label for="default_location">Default location</label>
<select id="default_location" name="default_location"${error ? html` aria-invalid="true" aria-describedby="default_location-error"` : ''}>
${option('', 'The default location (default)')}
${choices.map((c) => option(c.id, c.name))}
</select>${fieldError('default_location', error)}</p>
<p><button type="submit">Save</button></p>`,
)}`;
}

/** Whether new monitors' pages are public (anyone with the link) or for the team's members (admins). */
function monitorPagesForm(ctx: PageContext, publicByDefault: boolean) {
  const option = (value: string, words: string) =>
    html`<option value="${value}"${value === String(publicByDefault) ? html` selected` : ''}>${words}</option>`;
  return html`<h2>Monitors' pages</h2>
<p>Whether a new monitor's page opens for anyone with its link, or only for the team's members, here.
A monitor can say otherwise (its form, <code>public_page</code> in the API); monitors made before keep theirs.
Status pages and badges stay public.</p>
${form(
  ctx,
  '/team/monitor-pages',
  html`<p><label for="default_public_page">New monitors' pages</label>
<select id="default_public_page" name="default_public_page">
${option('true', 'Public: anyone with the link (default)')}
${option('false', 'Private: only this team’s members')}
</select></p>
<p><button type="submit">Save</button></p>`,
)}`;
}

/** Team settings: its name and default location (admins), and deleting it (owners, who type its name). */
async function settingsPage(ctx: PageContext, top: SafeHtml | string = '', status = 200, locationError?: string) {
  const team = await ctx.deps.db.team.findUniqueOrThrow({ where: { id: ctx.session!.teamId! } });
  page(
    ctx,
    'Team settings',
    html`${teamNav(ctx)}${top}
<h2>Name</h2>
${form(
  ctx,
  '/team/name',
  html`${field('Team name', 'team_name', 'text', html`required maxlength="${MAX_TEAM_NAME}" value="${team.name}"`)}
<p><button type="submit">Rename team</button></p>`,
)}
${await locationForm(ctx, team.defaultLocation, locationError)}
${monitorPagesForm(ctx, team.defaultPublicPage)}
${
  allows(ctx.session!.role!, 'team.own')
    ? html`<h2>Delete the team</h2>
<p>Its keys stop working at once, its monitors and status pages are deleted, and nobody can open it any more.
Its credit ledger and audit log are kept. This cannot be undone.</p>
${form(
  ctx,
  '/team/delete',
  html`${field(`Type the team's name (${team.name}) to confirm`, 'confirm', 'text', html`required autocomplete="off"`)}
<p><button type="submit" class="danger">Delete team</button></p>`,
)}`
    : ''
}`,
    status,
  );
}

export const teamSettingsRoutes: PageRoute[] = [
  { method: 'get', path: '/team/settings', access: 'members.manage', handle: (ctx) => settingsPage(ctx) },
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
      ctx.res.redirect(303, ctx.href('/team/settings'));
    },
  },
  {
    // The admin API's change (PATCH /admin/v1/teams/{id}), audited for the person who made it.
    method: 'post',
    path: '/team/default-location',
    access: 'members.manage',
    async handle(ctx) {
      const caller = await callerOf(ctx);
      const chosen = String(ctx.req.body.default_location ?? '').trim();
      const { live } = await locationChoices(ctx, null);
      const allowed = chosen === '' || chosen === caller.defaultLocation || live?.some((l) => l.id === chosen);
      if (!allowed) {
        return settingsPage(
          ctx,
          problem('That location has no live worker: pick one of the list.'),
          400,
          'is not a live location',
        );
      }
      const to = chosen || null;
      if (to !== caller.defaultLocation) {
        await updateTeam(ctx.deps.db, caller.teamId, { default_location: to });
        await auditCaller(ctx.deps.db, caller, 'team.default_location_changed', to ?? 'default', {
          from: caller.defaultLocation,
          to,
        });
      }
      ctx.res.redirect(303, ctx.href('/team/settings'));
    },
  },
  {
    method: 'post',
    path: '/team/monitor-pages',
    access: 'members.manage',
    async handle(ctx) {
      const chosen = String(ctx.req.body.default_public_page ?? '');
      if (chosen !== 'true' && chosen !== 'false')
        return settingsPage(ctx, problem('Choose public or private for new monitors’ pages.'), 400);
      const caller = await callerOf(ctx);
      const to = chosen === 'true';
      const team = await updateTeam(ctx.deps.db, caller.teamId, { default_public_page: to });
      await auditCaller(ctx.deps.db, caller, 'team.default_public_page_changed', String(to), {
        to: team.default_public_page,
      });
      ctx.res.redirect(303, ctx.href('/team/settings'));
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
      const revoked = await deleteTeam(ctx.deps.db, teamId, alertLinks(ctx.deps.config));
      const channel = keyRevokedChannel(ctx.deps.config.QUEUE_PREFIX);
      for (const id of revoked) await ctx.deps.redis.publish(channel, id).catch(() => 0);
      message(ctx, 'Team deleted', `${ctx.session!.teamName} is deleted.`);
    },
  },
];
