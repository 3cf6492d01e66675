import type { SafeHtml } from '@pageprobe/html';
import { ownedRumSite, type PresentedSite } from '@pageprobe/services';
import { callerOf } from '../../http/caller.ts';
import type { PageContext } from '../../http/page-context.ts';
import { siteFigures as figuresOf } from './figures/routes.ts';

// The site's charts on its page (issue 61): p50/p75/p95 and the good, needs-improvement and poor shares
// per metric, split by page group, device or country, beside the lab's and CrUX's; what made LCP and INP
// slow. Their range and split links come back to the site's page.

export async function siteFigures(ctx: PageContext, site: PresentedSite): Promise<SafeHtml> {
  const caller = await callerOf(ctx);
  const row = await ownedRumSite(ctx.deps, caller.teamId, site.id);
  return figuresOf(ctx, row, ctx.href(`/rum/${site.id}`));
}
