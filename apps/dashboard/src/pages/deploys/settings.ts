import { html, type SafeHtml } from '@pageprobe/html';
import { auditCaller, rotateDeploySecret } from '@pageprobe/services';
import { callerOf } from '../../http/caller.ts';
import type { PageContext, PageRoute } from '../../http/page-context.ts';
import { confirmed, confirmPage } from '../../views/confirm.ts';
import { field, form, may, problem } from '../../views/layout.ts';

// The team's deploy settings (issue 62), for its admins: the secret GitHub's deployment_status webhook is
// signed with, and how long after a deploy an alert names it.

/** The longest window: a week (an alert a week after a release is not the release's). */
export const MAX_WINDOW_MINUTES = 7 * 24 * 60;

/** The settings' section of the deploys page: what an admin may change there. */
export async function deploySettings(ctx: PageContext, shownSecret: string | null = null): Promise<SafeHtml | string> {
  if (!may(ctx, 'members.manage')) return '';
  const team = await ctx.deps.db.team.findUniqueOrThrow({
    where: { id: ctx.session!.teamId! },
    select: { id: true, deploySecret: true, deployAlertWindowMinutes: true },
  });
  const hook = `${ctx.deps.config.PUBLIC_BASE_URL}/api/v1/deploys/github/${team.id}?tags=<tags>`;
  return html`<h2>Settings</h2>
<h3>GitHub deployments</h3>
<p>In the repository's Settings → Webhooks, add <code id="deploy-hook">${hook}</code> (replace <code>&lt;tags&gt;</code> with the tags of the monitors to run, comma-separated) as the payload URL, <code>application/json</code>, the event “Deployment statuses”, and this team's deploy secret as its secret.</p>
${shownSecret ? html`<p class="notice" role="status">The new secret, shown this once: <code id="deploy-secret">${shownSecret}</code> <button type="button" data-copy="deploy-secret" hidden>Copy</button></p>` : ''}
${form(
  ctx,
  '/deploys/secret',
  html`<p>${team.deploySecret ? 'A secret is set. A new one replaces it at once: GitHub needs the new one.' : 'No secret yet: the webhook refuses every delivery until there is one.'}</p>
<p><button type="submit"${team.deploySecret ? html` class="danger"` : ''}>${team.deploySecret ? 'Replace the deploy secret' : 'Make the deploy secret'}</button></p>`,
)}
<h3>Alerts after a deploy</h3>
${form(
  ctx,
  '/deploys/window',
  html`${field('Name the latest deploy in alerts raised within (minutes)', 'window_minutes', 'number', html`required min="0" max="${MAX_WINDOW_MINUTES}" value="${team.deployAlertWindowMinutes}"`)}
<p><button type="submit">Save</button></p>`,
)}`;
}

export const deploySettingsRoutes = (
  listPage: (ctx: PageContext, top?: SafeHtml | string, status?: number, secret?: string) => Promise<void>,
): PageRoute[] => [
  {
    method: 'post',
    path: '/deploys/secret',
    access: 'members.manage',
    async handle(ctx) {
      // Replacing a secret breaks GitHub's deliveries until it is given the new one: asked first.
      const set = await ctx.deps.db.team.findUniqueOrThrow({
        where: { id: ctx.session!.teamId! },
        select: { deploySecret: true },
      });
      if (set.deploySecret && !confirmed(ctx)) {
        return confirmPage(ctx, {
          title: 'Replace the deploy secret?',
          consequence: 'GitHub’s deliveries are refused until its webhook is given the new secret.',
          action: '/deploys/secret',
          button: 'Replace the deploy secret',
          back: '/deploys',
        });
      }
      const { secret } = await rotateDeploySecret(ctx.deps, await callerOf(ctx));
      await listPage(ctx, '', 200, secret);
    },
  },
  {
    method: 'post',
    path: '/deploys/window',
    access: 'members.manage',
    async handle(ctx) {
      const minutes = Number(ctx.req.body.window_minutes);
      if (!Number.isInteger(minutes) || minutes < 0 || minutes > MAX_WINDOW_MINUTES)
        return listPage(ctx, problem(`Give the window in whole minutes, from 0 to ${MAX_WINDOW_MINUTES}.`), 400);
      const caller = await callerOf(ctx);
      await ctx.deps.db.team.update({ where: { id: caller.teamId }, data: { deployAlertWindowMinutes: minutes } });
      await auditCaller(ctx.deps.db, caller, 'deploy_window.changed', String(minutes), { minutes });
      ctx.res.redirect(303, ctx.href('/deploys'));
    },
  },
];
