import { credentialsFor, measureSeo, type Outcome, pageCredentials, type RunContext } from '@pageprobe/test-kinds';
import { applyCredentials, type BrowserPool, startEgressProxy } from '@pageprobe/browser';
import type { Test } from '@pageprobe/db';
import type { NetworkErrorCode } from '@pageprobe/net-guard';
import { auditCrawl } from './audit.ts';
import { crawlSite } from './crawl.ts';
import { readLlmsTxt } from './llms-txt.ts';
import { compareText, type RenderComparison, renderedText } from './render-compare.ts';

export interface SeoTestDeps {
  browsers: BrowserPool;
  allowPrivate: boolean;
  allowTargets: string[];
  /** The local address every connection binds to, the crawl's and the egress proxy's; undefined: the system chooses. */
  localAddress: string | undefined;
  maxPages: number;
  maxDepth: number;
  budgetMs: number;
  hostConcurrency: number;
  requestTimeoutMs: number;
}

/** The start page's own failures that leave nothing to audit, with the code users see. */
const START_FAILURES: Partial<Record<NetworkErrorCode, string>> = {
  dns_error: 'dns_error',
  connection_failed: 'connection_failed',
  connection_refused: 'connection_failed',
  connection_reset: 'connection_failed',
  timeout: 'timeout',
  tls_error: 'tls_error',
  blocked: 'url_not_allowed',
};
/** The start page in Chromium gets at most this long (inside the budget). */
const RENDER_TIMEOUT_MS = 30_000;

/**
 * One seo_crawl test: the crawl (robots.txt, sitemaps, llms.txt, pages) over `got` behind the egress
 * guard, and meanwhile the start page rendered in Chromium behind the egress proxy; then the checks, the
 * score and the raw crawl in storage.
 */
export async function runSeoTest(
  test: Test,
  deps: SeoTestDeps,
  { log, storeArtifacts, secrets }: RunContext,
): Promise<Outcome> {
  const policy = { allowPrivate: deps.allowPrivate, allowTargets: deps.allowTargets, localAddress: deps.localAddress };
  const origin = new URL(test.url).origin;
  const proxy = await startEgressProxy(policy);
  try {
    const rendering = deps.browsers
      .withPage(proxy.url, async (page) => {
        const credentials = pageCredentials(secrets, test.url);
        if (credentials) await applyCredentials(page, credentials);
        return renderedText(page, test.url, Math.min(RENDER_TIMEOUT_MS, deps.budgetMs));
      })
      .then((text) => ({ text, error: null }))
      .catch((error: Error) => ({ text: null, error: error.message.split('\n')[0] ?? 'render failed' }));
    const crawl = await crawlSite(test.url, {
      policy,
      maxPages: deps.maxPages,
      maxDepth: deps.maxDepth,
      budgetMs: deps.budgetMs,
      concurrency: deps.hostConcurrency,
      requestTimeoutMs: deps.requestTimeoutMs,
      hopHeaders: credentialsFor(secrets, test.url),
    });
    const start = crawl.pages[0]!;
    if (start.error && START_FAILURES[start.error]) {
      rendering.catch(() => {});
      return {
        status: 'failed',
        error: { code: START_FAILURES[start.error]!, message: start.errorMessage ?? start.error },
        refund: false,
      };
    }
    const rendered = await rendering;
    log.info({ pages: crawl.pages.length, stoppedBy: crawl.stoppedBy, ms: crawl.durationMs }, 'crawl finished');
    const audit = auditCrawl(
      crawl,
      readLlmsTxt(`${origin}/llms.txt`, crawl.llmsTxt),
      compare(crawl.startText, rendered),
    );
    await storeArtifacts([
      {
        kind: 'crawl_json',
        name: 'crawl.json',
        body: Buffer.from(JSON.stringify(audit.raw)),
        contentType: 'application/json',
        timingMs: null,
      },
    ]);
    return {
      status: 'completed',
      fields: {
        performanceScore: null,
        structureScore: audit.structureScore,
        grade: audit.grade,
        scores: { structure: audit.structureScore },
        seoIssues: audit.issues,
        audits: audit.audits,
        result: audit.result,
      },
      measure: measureSeo({ structureScore: audit.structureScore, issues: audit.issues }),
    };
  } finally {
    await proxy.close();
  }
}

function compare(startText: string | null, rendered: { text: string | null; error: string | null }): RenderComparison {
  if (startText === null)
    return { raw_words: 0, rendered_words: 0, js_only_share: null, error: 'the start page is not an HTML page' };
  if (rendered.text === null) return { raw_words: 0, rendered_words: 0, js_only_share: null, error: rendered.error };
  return compareText(startText, rendered.text);
}
