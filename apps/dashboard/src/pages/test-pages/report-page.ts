import { html } from '@pageprobe/html';
import type { PageContext } from '../../http/page-context.ts';
import { message, page } from '../../views/layout.ts';
import { artifactHref, artifactsOf } from './artifacts.ts';
import { testOf } from './test-page.ts';
import { testTitle } from './view-parts.ts';

/**
 * GET /tests/:id/report: Lighthouse's own report inside the dashboard, under its header, with the way
 * back. The report is framed from the dashboard's artifact route, sandboxed there (its inline script runs
 * in an opaque origin, away from the session).
 */
export async function reportPage(ctx: PageContext): Promise<void> {
  const test = await testOf(ctx);
  const report = test && (await artifactsOf(ctx, test)).find((a) => a.kind === 'lighthouse_html');
  if (!test || !report) return message(ctx, 'Not found', 'This test has no Lighthouse report (or it expired).', 404);
  const back = html`<p class="back"><a href="${ctx.href(`/tests/${test.id}`)}">Back to the test</a></p>`;
  page(
    ctx,
    `Lighthouse report · ${testTitle(test.url)}`,
    html`${back}<iframe class="lighthouse-report" src="${artifactHref(ctx, test.id, report)}" title="Lighthouse’s report of ${test.url}"></iframe>${back}`,
  );
}
