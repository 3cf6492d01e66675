import type { BrowserPool } from '@pageprobe/browser';
import { kindNamed, type KindRunner } from '@pageprobe/test-kinds';
import { runSeoTest } from './run-seo-test.ts';

export interface SeoCrawlRunnerConfig {
  ALLOW_PRIVATE_TARGETS: boolean;
  ALLOW_TARGETS: string[];
  /** The local address the crawl's requests and the egress proxy's connections bind to (unset: the system chooses). */
  SOURCE_ADDRESS?: string | undefined;
  SEO_CONCURRENCY: number;
  SEO_MAX_PAGES: number;
  SEO_MAX_DEPTH: number;
  SEO_BUDGET_MS: number;
  SEO_HOST_CONCURRENCY: number;
  SEO_REQUEST_TIMEOUT_MS: number;
}

/** The crawl runs over `got`; the start page is rendered in the process's warm Chromium (`browsers`). */
export function seoCrawlRunner(config: SeoCrawlRunnerConfig, browsers: BrowserPool): KindRunner {
  const deps = {
    browsers,
    allowPrivate: config.ALLOW_PRIVATE_TARGETS,
    allowTargets: config.ALLOW_TARGETS,
    localAddress: config.SOURCE_ADDRESS,
    maxPages: config.SEO_MAX_PAGES,
    maxDepth: config.SEO_MAX_DEPTH,
    budgetMs: config.SEO_BUDGET_MS,
    hostConcurrency: config.SEO_HOST_CONCURRENCY,
    requestTimeoutMs: config.SEO_REQUEST_TIMEOUT_MS,
  };
  return {
    kind: kindNamed('seo_crawl'),
    concurrency: config.SEO_CONCURRENCY,
    run: (test, ctx) => runSeoTest(test, deps, ctx),
  };
}
