import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Pool } from '@pageprobe/db';
import type { Logger } from '@pageprobe/logger';
import type { Storage } from '@pageprobe/storage';
import { type Response, Router } from 'express';
import {
  compareView,
  failedBody,
  html,
  kindNamed,
  layout,
  pendingBody,
  type ReportArtifact,
  type ReportContext,
  type SafeHtml,
  utc,
} from '@pageprobe/test-kinds';
import { PerAddressWindow } from '../limits/per-address.ts';
import { artifactsExpired, retentionSentence } from '../test-routes/artifact-expiry.ts';
import { loadArtifacts, loadReportTest, type ReportRow } from './load-report.ts';

/** How often a queued or running test's report reloads itself. */
const REFRESH_SECONDS = 5;

const CSS = readFileSync(new URL('./report.css', import.meta.url));
const CSS_PATH = `/reports/assets/report-${createHash('sha256').update(CSS).digest('hex').slice(0, 12)}.css`;

// Reports carry their credential in the URL: no referrer leaves the page, nothing runs on it, it
// cannot be framed. Lighthouse's own report (its inline scripts) is served sandboxed, in an opaque origin.
const REPORT_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const LIGHTHOUSE_CSP =
  "sandbox allow-scripts allow-popups allow-downloads; default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; frame-ancestors 'none'";

/** What a report links to: its images and Lighthouse's own report (the JSON artifacts stay behind the API key). */
const SHOWN_KINDS = new Set(['final_screenshot', 'filmstrip_frame', 'full_page_screenshot', 'lighthouse_html']);

function secure(res: Response, csp = REPORT_CSP): void {
  res.set({
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-robots-tag': 'noindex, nofollow',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'private, no-store',
  });
  // Not on Lighthouse's report: browsers refuse to open a sandboxed document that sets an opener policy.
  if (csp === REPORT_CSP) res.set('cross-origin-opener-policy', 'same-origin');
}

function notFound(res: Response): void {
  secure(res);
  res
    .status(404)
    .type('html')
    .send(
      html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Report not found · Pageprobe</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${CSS_PATH}"></head>
<body><main><h1>Report not found</h1><p>This report link is not valid. Check that it was copied in full.</p></main></body></html>`
        .value,
    );
}

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
  /** Report pages and artifacts per client address per minute (this replica). */
  perMinute: number;
}

/** Finished reports kept rendered: a finished test's page never changes, and a HAR is costly to read. */
const CACHED_REPORTS = 200;
/** A page larger than this is rendered each time rather than held. */
const MAX_CACHED_BYTES = 2 * 1024 * 1024;

/**
 * GET /reports/{token}: a test's human-readable report, for anyone with the link (the token is 256
 * random bits); /reports/{token}/artifacts/{id}: its images and Lighthouse's own report, from storage.
 */
export function reportRoutes({ pool, storage, logger, publicBaseUrl, perMinute }: ReportDeps): Router {
  const router = Router();
  // A page is kept until its test's artifacts expire (then it is rendered again, saying so).
  const rendered = new Map<string, { page: string; until: number }>();
  const hits = new PerAddressWindow(perMinute);

  router.get(CSS_PATH, (_req, res) => {
    res
      .set({ 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' })
      .type('css')
      .send(CSS);
  });

  // Reports answer without an API key, so each address gets a budget of them (the stylesheet aside).
  router.use('/reports/:token', (req, res, next) => {
    const address = req.ip ?? 'unknown';
    const wait = hits.blockedFor(address);
    if (wait === 0) {
      hits.add(address);
      return next();
    }
    secure(res);
    res
      .status(429)
      .set('retry-after', String(wait))
      .type('html')
      .send(
        html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Too many requests · Pageprobe</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${CSS_PATH}"></head>
<body><main><h1>Too many requests</h1><p>Too many report pages were opened from this address. Try again in ${wait} seconds.</p></main></body></html>`
          .value,
      );
  });

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
    const page = layout(test, { css: CSS_PATH, json: `${publicBaseUrl}/api/v1/tests/${test.id}` }, body).value;
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
