import type { RumSite } from '@pageprobe/db';
import type { SafeHtml } from '@pageprobe/html';
import { html } from '@pageprobe/html';
import { ASSETS } from '../../../assets.ts';
import { callerOf } from '../../../http/caller.ts';
import type { PageContext, PageRoute } from '../../../http/page-context.ts';
import { siteFiguresView } from './figures-view.ts';
import { figuresQuery, loadSiteFigures } from './load-figures.ts';

// A RUM site's figures (issue 61), drawn on the site's page (/rum/:id, pages/rum/routes.ts).

/** The site's charts, breakdowns and attribution, for the site's page (`self`: the page's own path). */
export async function siteFigures(ctx: PageContext, site: RumSite, self: string): Promise<SafeHtml> {
  const caller = await callerOf(ctx);
  return siteFiguresView(self, await loadSiteFigures(ctx.deps, caller, site, figuresQuery(ctx.req.query)));
}

/** The head a page with the figures needs: the charts' stylesheet. */
export const siteFiguresHead = (ctx: PageContext) =>
  html`<link rel="stylesheet" href="${ctx.href(ASSETS.reportCss.path)}">`;

/** The figures' first address, before they moved onto the site's page: sent there, with their query. */
function figuresMoved(ctx: PageContext) {
  const query = ctx.req.originalUrl.includes('?') ? ctx.req.originalUrl.slice(ctx.req.originalUrl.indexOf('?')) : '';
  ctx.res.redirect(301, ctx.href(`/rum/${encodeURIComponent(String(ctx.req.params.id))}${query}`));
}

export const rumFiguresRoutes: PageRoute[] = [
  { method: 'get', path: '/rum/sites/:id/figures', access: 'team.read', handle: figuresMoved },
];
