import { loadArtifacts } from '@pageprobe/services';
import type { ReportArtifact } from '@pageprobe/test-kinds';
import type { Test } from '@pageprobe/db';
import type { PageContext } from '../../http/page-context.ts';
import { testOf } from './test-page.ts';

/** What a test's page shows from storage: its images and Lighthouse's own report (the JSONs stay behind the API key). */
const SHOWN_KINDS = new Set(['final_screenshot', 'filmstrip_frame', 'full_page_screenshot', 'lighthouse_html']);

/** Lighthouse's report runs its own inline script: sandboxed (an opaque origin), framed by the dashboard only. */
const LIGHTHOUSE_CSP =
  "sandbox allow-scripts allow-popups allow-downloads; default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; frame-ancestors 'self'";

/** A completed test's artifacts while they are kept (none once they expired: the sweeper deletes them). */
export async function artifactsOf(ctx: PageContext, test: Test): Promise<ReportArtifact[]> {
  if (test.status !== 'completed') return [];
  if (test.artifactsExpireAt && test.artifactsExpireAt.getTime() <= Date.now()) return [];
  return loadArtifacts(ctx.deps.pool, test.id);
}

/** The address the dashboard serves an artifact at (its route checks the session's team). */
export const artifactHref = (ctx: PageContext, testId: string, a: ReportArtifact) =>
  ctx.href(`/tests/${testId}/artifacts/${a.id}`);

/** GET /tests/:id/artifacts/:artifactId: one of the team's test's images or its Lighthouse report. */
export async function artifactFile(ctx: PageContext): Promise<void> {
  const test = await testOf(ctx);
  const artifact =
    test && (await artifactsOf(ctx, test)).find((a) => a.id === ctx.req.params.artifactId && SHOWN_KINDS.has(a.kind));
  if (!artifact) {
    ctx.res.status(404).type('text').send('Not found');
    return;
  }
  let body: Buffer;
  try {
    body = await ctx.deps.storage.get(artifact.storageKey);
  } catch (error) {
    ctx.deps.logger.warn({ err: error, artifact: artifact.id }, 'test artifact missing from storage');
    ctx.res.status(404).type('text').send('Not found');
    return;
  }
  if (artifact.kind === 'lighthouse_html') {
    ctx.res.set({ 'content-security-policy': LIGHTHOUSE_CSP, 'x-frame-options': 'SAMEORIGIN' });
  }
  // A finished test's artifacts never change: the browser keeps them (private: they are the team's).
  ctx.res.set('cache-control', 'private, max-age=86400, immutable');
  ctx.res.type(artifact.contentType).send(body);
}
