import type { Db, Test } from '@pageprobe/db';
import type { Logger } from '@pageprobe/logger';
import type { Storage } from '@pageprobe/storage';
import type { Outcome } from '@pageprobe/test-lifecycle';
import type { BrowserPool } from './browser/browser-pool.ts';
import { type BlockedRequest, startEgressProxy } from './egress/egress-proxy.ts';
import { buildHar } from './lighthouse/build-har.ts';
import { runLighthouse } from './lighthouse/run-lighthouse.ts';
import { collectArtifacts } from './lighthouse/collect-artifacts.ts';
import { storeArtifacts } from './store-artifacts.ts';
import { summarise } from './lighthouse/summarise.ts';

export interface LighthouseTestDeps {
  db: Db;
  storage: Storage;
  browsers: BrowserPool;
  logger: Logger;
  allowPrivate: boolean;
  allowTargets: string[];
  timeoutMs: number;
  maxWaitForLoadMs: number;
}

// Lighthouse's runtime errors that mean the page (not we) failed, with the code users see.
const PAGE_ERRORS: Record<string, string> = {
  DNS_FAILURE: 'dns_error',
  FAILED_DOCUMENT_REQUEST: 'connection_failed',
  ERRORED_DOCUMENT_REQUEST: 'http_error',
  NO_FCP: 'no_first_paint',
  NO_LCP: 'no_largest_paint',
  PAGE_HUNG: 'page_hung',
  INSECURE_DOCUMENT_REQUEST: 'tls_error',
  CHROME_INTERSTITIAL_ERROR: 'interstitial',
  NOT_HTML: 'not_html',
};

class BudgetExceeded extends Error {}

const targetFailure = (code: string, message: string): Outcome => ({ status: 'failed', error: { code, message }, refund: false });

/**
 * One lighthouse test: Lighthouse in a fresh context behind the egress guard, within the time budget,
 * then scores, vitals, audits, artifacts and HAR. The page's failures end the test `failed` with a
 * code; ours throw (the job is retried, then failed with the credit back).
 */
export async function runLighthouseTest(test: Test, deps: LighthouseTestDeps, log: Logger): Promise<Outcome> {
  const proxy = await startEgressProxy({ allowPrivate: deps.allowPrivate, allowTargets: deps.allowTargets });
  let timer: NodeJS.Timeout | undefined;
  try {
    const budget = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new BudgetExceeded()), deps.timeoutMs);
    });
    const run = deps.browsers.withPage(proxy.url, (page) =>
      runLighthouse(page, test.url, { device: test.device, maxWaitForLoad: deps.maxWaitForLoadMs }),
    );
    let result: Awaited<typeof run>;
    try {
      result = await Promise.race([run, budget]);
    } catch (error) {
      if (!(error instanceof BudgetExceeded)) throw error;
      run.catch(() => {});
      await deps.browsers.abort();
      return targetFailure('timeout', `The page did not finish loading within ${Math.round(deps.timeoutMs / 1000)} s.`);
    }
    const { lhr } = result;
    const blocked = describeBlocked(proxy.blocked);
    const main = new URL(test.url);
    const mainHost = main.hostname.replace(/^\[|\]$/g, '');
    const mainPort = Number(main.port || (main.protocol === 'https:' ? 443 : 80));
    if (proxy.blocked.some((b) => b.host === mainHost && b.port === mainPort)) {
      return targetFailure('url_not_allowed', `${mainHost} resolves to an address tests may not reach.`);
    }
    if (lhr.runtimeError) {
      log.info({ runtimeError: lhr.runtimeError.code }, 'page failed to load');
      return targetFailure(PAGE_ERRORS[lhr.runtimeError.code] ?? 'page_error', lhr.runtimeError.message);
    }

    const summary = summarise(lhr);
    const har = buildHar(result.devtoolsLog, test.url);
    await storeArtifacts(deps.db, deps.storage, test.id, collectArtifacts(lhr, result.lhrJson, result.reportHtml, JSON.stringify(har)));
    return {
      status: 'completed',
      fields: {
        performanceScore: summary.performanceScore,
        structureScore: summary.structureScore,
        grade: summary.grade,
        scores: summary.scores,
        vitals: summary.vitals,
        audits: summary.audits,
        result: {
          final_url: lhr.finalDisplayedUrl ?? test.url,
          requests: har.log.entries.length,
          blocked_requests: blocked,
          warnings: lhr.runWarnings ?? [],
        },
      },
    };
  } finally {
    clearTimeout(timer);
    await proxy.close();
  }
}

/** Requests the guard refused, once each, for the result (and the report). */
function describeBlocked(blocked: BlockedRequest[]) {
  const unique = new Map(blocked.map((b) => [`${b.host}:${b.port}`, b]));
  return [...unique.values()].map((b) => ({ host: b.host, port: b.port, address: b.address, reason: b.reason }));
}
