import type { Pool } from '@pageprobe/db';
import { html, type SafeHtml } from '@pageprobe/html';
import type { Logger } from '@pageprobe/logger';
import type { Storage } from '@pageprobe/storage';
import { type Response, Router } from 'express';
import {
  compareView,
  failedBody,
  kindNamed,
  layout,
  pendingBody,
  type ReportArtifact,
  type ReportContext,
  utc,
} from '@pageprobe/test-kinds';
import { CSS_PATH, notFoundPage, REPORT_CSP, secure } from '../pages/page-security.ts';
import { monitorPageUrl } from '@pageprobe/services';
import { artifactsExpired, retentionSentence } from '../test-routes/artifact-expiry.ts';
import { loadArtifacts, loadReportTest, type ReportRow } from '@pageprobe/services';

/** How often a queued or running test's report reloads itself. */
const REFRESH_SECONDS = 5;

const LIGHTHOUSE_CSP =
  "sandbox allow-scripts allow-popups allow-downloads; default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; frame-ancestors 'none'";

/**
 * What a report links to: its images (a browser check's screenshot of each step among them) and
 * Lighthouse's own report. The JSON artifacts (HAR, Chrome trace, lighthouse.json, crawl.json) stay
 * behind the API key.
 */
const SHOWN_KINDS = new Set([
  'final_screenshot',
  'filmstrip_frame',
  'full_page_screenshot',
  'step_screenshot',
  'lighthouse_html',
]);

const notFound = (res: Response) => notFoundPage(res);

/** Said in place of the screenshots, filmstrip and waterfall once a test's artifacts expired (issue 29). */
function expiredNotice(test: ReportRow & { artifactsExpireAt: Date }): SafeHtml {
  return html`<section class="card notice" role="note" aria-labelledby="expired"><h2 id="expired">Screenshots, filmstrip and HAR expired</h2>
<p>This test's screenshots, filmstrip, request waterfall (its HAR) and Lighthouse's own report expired ${utc(test.artifactsExpireAt)}. ${retentionSentence(test)}</p>
<p class="detail">The scores, vitals and audits below are kept.</p>
</section>`;
}

/** A test's artifacts as its report may show them: none once they expired. */
const shownArtifacts = async (pool: Pool, test: ReportRow): Promise<ReportArtifact[]> =>
  artifactsExpired(test) ? [] : loadArtifacts(pool, test.id);

export interface ReportDeps {
  pool: Pool;
  storage: Storage;
  logger: Logger;
  publicBaseUrl: string;
}

/** Finished reports kept rendered: a finished test's page never changes, and a HAR is costly to read. */
const CACHED_REPORTS = 200;
/** A page larger than this is rendered each time rather than held. */
const MAX_CACHED_BYTES = 2 * 1024 * 1024;

/**
 * GET /reports/{token}: a test's human-readable report, for anyone with the link (the token is 256
 * random bits); /reports/{token}/artifacts/{id}: its images and Lighthouse's own report, from storage.
 */
export function reportRoutes({ pool, storage, logger, publicBaseUrl }: ReportDeps): Router {
  const router = Router();
  // A page is kept until its test's artifacts expire (then it is rendered again, saying so).
  const rendered = new Map<string, { page: string; until: number }>();

  router.get('/reports/:token', async (req, res) => {
    const token = req.params.token;
    const cached = rendered.get(token);
    if (cached && cached.until > Date.now()) {
      secure(res);
      return res.type('html').send(cached.page);
    }
    if (cached) rendered.delete(token);
    const test = await loadReportTest(pool, token);
    if (!test) return notFound(res);
    let body: SafeHtml;
    const finished = test.status === 'completed' || test.status === 'failed';
    if (!finished) {
      res.set('refresh', String(REFRESH_SECONDS));
      body = pendingBody(test, REFRESH_SECONDS);
    } else if (test.status === 'failed') {
      body = failedBody(test);
    } else {
      let artifacts: Promise<ReportArtifact[]> | undefined;
      const ctx: ReportContext = {
        artifacts: () => (artifacts ??= shownArtifacts(pool, test)),
        read: (artifact, maxBytes) => storage.get(artifact.storageKey, { maxBytes }),
        href: (a) => `/reports/${token}/artifacts/${a.id}`,
        warn: (message, error) => logger.warn({ err: error, testId: test.id }, message),
      };
      body = await kindNamed(test.type).report(test, ctx);
      if (artifactsExpired(test))
        body = html`${expiredNotice(test)}
${body}`;
    }
    const page = layout(
      test,
      {
        css: CSS_PATH,
        json: `${publicBaseUrl}/api/v1/tests/${test.id}`,
        monitor: test.monitorToken ? monitorPageUrl(publicBaseUrl, test.monitorToken) : null,
      },
      body,
    ).value;
    if (finished && page.length <= MAX_CACHED_BYTES) {
      if (rendered.size >= CACHED_REPORTS) rendered.delete(rendered.keys().next().value!);
      const until = test.artifactsExpireAt && !artifactsExpired(test) ? test.artifactsExpireAt.getTime() : Infinity;
      rendered.set(token, { page, until });
    }
    secure(res);
    res.type('html').send(page);
  });

  // Two reports side by side (issue 15): both tokens are the credential, so whoever holds both reports sees it.
  router.get('/reports/:token/compare/:baseToken', async (req, res) => {
    const [head, base] = await Promise.all([
      loadReportTest(pool, req.params.token),
      loadReportTest(pool, req.params.baseToken),
    ]);
    if (!head || !base || head.type !== base.type || head.status !== 'completed' || base.status !== 'completed') {
      return notFound(res);
    }
    const side = async (test: typeof head, token: string) => ({
      test,
      artifacts: (await shownArtifacts(pool, test)).filter((a) => a.kind === 'filmstrip_frame'),
      reportHref: `/reports/${token}`,
      href: (a: ReportArtifact) => `/reports/${token}/artifacts/${a.id}`,
    });
    const [h, b] = await Promise.all([side(head, req.params.token), side(base, req.params.baseToken)]);
    const deltas = kindNamed(head.type).comparison.compare(head, base);
    secure(res);
    res.type('html').send(compareView(h, b, deltas, CSS_PATH).value);
  });

  router.get('/reports/:token/artifacts/:artifactId', async (req, res) => {
    const test = await loadReportTest(pool, req.params.token);
    // Only this test's artifacts: the id is looked up among the token's test's own, while they are kept.
    const artifact =
      test && (await shownArtifacts(pool, test)).find((a) => a.id === req.params.artifactId && SHOWN_KINDS.has(a.kind));
    if (!artifact) return notFound(res);
    let body: Buffer;
    try {
      body = await storage.get(artifact.storageKey);
    } catch (error) {
      logger.warn({ err: error, artifact: artifact.id }, 'report artifact missing from storage');
      return notFound(res);
    }
    secure(res, artifact.kind === 'lighthouse_html' ? LIGHTHOUSE_CSP : REPORT_CSP);
    // Artifacts never change once the test is done.
    res.set('cache-control', 'private, max-age=86400, immutable');
    res.type(artifact.contentType).send(body);
  });

  return router;
}
