import { checkInput, rumSites } from '@pageprobe/services';
import { html } from '@pageprobe/html';
import { callerOf } from '../../http/caller.ts';
import type { PageContext, PageRoute } from '../../http/page-context.ts';
import { cursorOf, formValues, orProblem } from '../../http/request-input.ts';
import { confirmed, confirmPage, dangerButton } from '../../views/confirm.ts';
import { emptyForm, type FormState, formFromError } from '../../views/form-errors.ts';
import { form, may, page } from '../../views/layout.ts';
import { changesGroupRows, redrawnGroupValues } from './group-rows.ts';
import { siteFiguresHead } from './figures/routes.ts';
import { siteFigures } from './site-figures.ts';
import { newSiteValues, siteBody, siteForm, siteValues } from './site-form.ts';
import { noBeaconsYet, snippetBlock } from './snippet-view.ts';
import { listTable } from '../../views/list-table.ts';

// /rum (issue 61): the team's real-user monitoring sites ("Real users" in the navigation), a form to add
// or change one, and each site's page: its snippet to copy, then its figures once beacons arrive. The
// work is the site service's, as the API's.

const PAGE = 50;
type Site = Awaited<ReturnType<typeof rumSites.getSite>>;

async function listPage(ctx: PageContext) {
  const { data, next_cursor } = await rumSites.listSites(ctx.deps, await callerOf(ctx), cursorOf(ctx), PAGE);
  page(
    ctx,
    'Real users',
    html`<p>What your visitors’ browsers measure (Core Web Vitals from real page views), beside what the monitors measure in the lab.</p>
${may(ctx, 'team.write') ? html`<p><a class="button" href="${ctx.href('/rum/new')}">Add a site</a></p>` : ''}
${
  data.length
    ? html`${listTable(
        'Sites',
        [{ head: 'Site' }, { head: 'Origins' }, { head: 'Sampled' }, { head: 'Page groups' }],
        data.map((s) => [
          html`<a href="${ctx.href(`/rum/${s.id}`)}">${s.name}</a>`,
          s.origins.join(', '),
          String(s.sample_rate),
          String(s.page_groups.length),
        ]),
      )}
${next_cursor ? html`<p><a href="${ctx.href(`/rum?cursor=${encodeURIComponent(next_cursor)}`)}">Next page</a></p>` : ''}`
    : html`<p class="muted">No sites yet. Add one to get the line of script its pages load.</p>`
}`,
  );
}

/** The new site's page, or a site's page: its snippet, its figures (or how to get them), its form, Delete. */
async function sitePage(ctx: PageContext, site: Site | null, state: FormState) {
  const action = site ? `/rum/${site.id}` : '/rum';
  const editor = may(ctx, 'team.write') ? siteForm(ctx, action, state) : '';
  if (!site) return page(ctx, 'Add a site', html`${editor}`, state.status);
  const arrived = await rumSites.beaconsArrived(ctx.deps.db, site.id);
  const figures = arrived ? await siteFigures(ctx, site) : '';
  page(
    ctx,
    site.name,
    html`${snippetBlock(site)}
${arrived ? html`<section aria-labelledby="figures-h"><h2 id="figures-h">Real users’ figures</h2>${figures}</section>` : noBeaconsYet(site)}
${
  editor
    ? html`<h2>Edit</h2>${editor}<h2>Delete</h2>${form(ctx, `/rum/${site.id}/delete`, dangerButton('Delete'))}`
    : ''
}`,
    state.status,
    arrived ? siteFiguresHead(ctx) : '',
  );
}

/** A submitted form: a group row added or removed draws it again; else it saves through the service. */
async function submit(ctx: PageContext, site: Site | null) {
  const raw = (ctx.req.body ?? {}) as Record<string, string | string[]>;
  const values = formValues(ctx);
  delete values.action;
  if (changesGroupRows(raw)) return sitePage(ctx, site, emptyForm(redrawnGroupValues(raw, values)));
  const caller = await callerOf(ctx);
  try {
    const body = checkInput<Parameters<typeof rumSites.createSite>[2]>('RumSiteInput', siteBody(raw));
    const saved = site
      ? await rumSites.updateSite(ctx.deps, caller, site.id, body)
      : await rumSites.createSite(ctx.deps, caller, body);
    ctx.res.redirect(303, ctx.href(`/rum/${saved.id}`));
  } catch (error) {
    await sitePage(ctx, site, formFromError(error, redrawnGroupValues(raw, values)));
  }
}

const siteOf = async (ctx: PageContext) => rumSites.getSite(ctx.deps, await callerOf(ctx), String(ctx.req.params.id));

export const rumRoutes: PageRoute[] = [
  {
    method: 'get',
    path: '/rum',
    access: 'team.read',
    handle: (ctx) => orProblem(ctx, 'Real users', () => listPage(ctx)),
  },
  {
    method: 'get',
    path: '/rum/new',
    access: 'team.write',
    handle: (ctx) => sitePage(ctx, null, emptyForm(newSiteValues())),
  },
  { method: 'post', path: '/rum', access: 'team.write', handle: (ctx) => submit(ctx, null) },
  {
    method: 'get',
    path: '/rum/:id',
    access: 'team.read',
    handle: (ctx) =>
      orProblem(ctx, 'Site', async () => {
        const site = await siteOf(ctx);
        await sitePage(ctx, site, emptyForm(siteValues(site)));
      }),
  },
  {
    method: 'post',
    path: '/rum/:id',
    access: 'team.write',
    handle: (ctx) => orProblem(ctx, 'Site', async () => submit(ctx, await siteOf(ctx))),
  },
  {
    method: 'post',
    path: '/rum/:id/delete',
    access: 'team.write',
    handle: (ctx) =>
      orProblem(ctx, 'Site', async () => {
        const site = await siteOf(ctx);
        if (!confirmed(ctx))
          return confirmPage(ctx, {
            title: `Delete the site ${site.name}?`,
            consequence: `Its snippet stops counting at once: beacons with its key are refused. Its figures so far are kept until the plan’s retention drops them.`,
            action: `/rum/${site.id}/delete`,
            button: 'Delete the site',
            back: `/rum/${site.id}`,
          });
        await rumSites.deleteSite(ctx.deps, await callerOf(ctx), site.id);
        ctx.res.redirect(303, ctx.href('/rum'));
      }),
  },
];
