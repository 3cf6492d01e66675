import {
  type LighthouseOptions,
  matchesPattern,
  measureLighthouse,
  medianMeasure,
  type Outcome,
  pageCredentials,
  REDACTED,
  type RunContext,
} from '@pageprobe/test-kinds';
import {
  applyCredentials,
  type BlockedRequest,
  type BrowserPool,
  buildHar,
  startEgressProxy,
} from '@pageprobe/browser';
import { Prisma, type Test } from '@pageprobe/db';
import { collectArtifacts } from './collect-artifacts.ts';
import { type FieldLookup, startFieldLookup } from './field-lookup.ts';
import { type FlowStepResult, runFlow, StepFailed } from './run-flow.ts';
import { type LighthouseRun, runLighthouse } from './run-lighthouse.ts';
import { representativeIndex, runEntries, spreadOf } from './runs.ts';
import { resourceSummary, summarise, userTimings, viewOf } from './summarise.ts';

export interface LighthouseTestDeps {
  browsers: BrowserPool;
  allowPrivate: boolean;
  allowTargets: string[];
  /** The local address the egress proxy's connections bind to; undefined: the system chooses. */
  localAddress: string | undefined;
  timeoutMs: number;
  maxWaitForLoadMs: number;
  /** The test URL's field data (CrUX); undefined: the result has no `field` (the warm-up's local page). */
  field?: FieldLookup | undefined;
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

const targetFailure = (code: string, message: string): Outcome => ({
  status: 'failed',
  error: { code, message },
  refund: false,
});

/**
 * One lighthouse test: `runCount` Lighthouse runs in sequence, each in a fresh context behind one
 * egress guard, all within the time budget; then scores, vitals, audits, artifacts and HAR of the
 * representative run, every run's scores and vitals, and their spread. The page's failures end the
 * test `failed` with a code; ours throw (the job is retried, then failed with the credit back).
 */
export async function runLighthouseTest(
  test: Test,
  deps: LighthouseTestDeps,
  { log, storeArtifacts, secrets }: RunContext,
): Promise<Outcome> {
  // Field data is asked for first, so that CrUX answers while Lighthouse runs: it adds no time to the test.
  // A user flow's too: the page its flow starts on.
  const field = deps.field ? startFieldLookup(deps.field, test.url, test.device, log) : null;
  const credentials = pageCredentials(secrets, test.url);
  const options = (test.options ?? {}) as LighthouseOptions;
  const proxy = await startEgressProxy({
    allowPrivate: deps.allowPrivate,
    allowTargets: deps.allowTargets,
    localAddress: deps.localAddress,
  });
  let timer: NodeJS.Timeout | undefined;
  const runs: LighthouseRun[] = [];
  let repeat: LighthouseRun | undefined;
  try {
    const budget = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new BudgetExceeded()), deps.timeoutMs);
    });
    let flowSteps: FlowStepResult[] | null = null;
    const all = (async () => {
      if (options.steps?.length) {
        // A user flow runs once: the URL, then the steps, on one page.
        const flow = await deps.browsers.withPage(proxy.url, async (page) => {
          if (credentials) await applyCredentials(page, credentials);
          return runFlow(page, test.url, options.steps!, secrets?.typed ?? {}, {
            device: test.device,
            maxWaitForLoad: deps.maxWaitForLoadMs,
            options,
          });
        });
        runs.push(flow.run);
        flowSteps = flow.steps;
        return;
      }
      while (runs.length < test.runCount) {
        const first = runs.length === 0;
        const run = await deps.browsers.withPage(proxy.url, async (page) => {
          if (credentials) await applyCredentials(page, credentials);
          const settings = { device: test.device, maxWaitForLoad: deps.maxWaitForLoadMs, options };
          const done = await runLighthouse(page, test.url, settings);
          // The repeat view: the same page in the same browser context, its cache as the first run left it.
          if (first && options.repeat_view && !done.lhr.runtimeError)
            repeat = await runLighthouse(page, test.url, { ...settings, keepCache: true });
          return done;
        });
        runs.push(run);
        // A page that failed once fails the test: the runs after it would only spend time.
        if (run.lhr.runtimeError) return;
      }
    })();
    try {
      await Promise.race([all, budget]);
    } catch (error) {
      if (error instanceof StepFailed) return targetFailure('step_failed', error.message);
      if (!(error instanceof BudgetExceeded)) throw error;
      all.catch(() => {});
      await deps.browsers.abort();
      const done = test.runCount > 1 ? ` (${runs.length} of its ${test.runCount} runs finished)` : '';
      return targetFailure(
        'timeout',
        `The page did not finish loading within ${Math.round(deps.timeoutMs / 1000)} s${done}.`,
      );
    }
    const blocked = describeBlocked(proxy.blocked);
    const main = new URL(test.url);
    const mainHost = main.hostname.replace(/^\[|\]$/g, '');
    const mainPort = Number(main.port || (main.protocol === 'https:' ? 443 : 80));
    if (proxy.blocked.some((b) => b.host === mainHost && b.port === mainPort)) {
      return targetFailure('url_not_allowed', `${mainHost} resolves to an address tests may not reach.`);
    }
    const failedRun = runs.find((r) => r.lhr.runtimeError);
    if (failedRun?.lhr.runtimeError) {
      const { code, message } = failedRun.lhr.runtimeError;
      log.info({ runtimeError: code }, 'page failed to load');
      return targetFailure(PAGE_ERRORS[code] ?? 'page_error', message);
    }

    const lhrs = runs.map((r) => r.lhr);
    const summaries = lhrs.map(summarise);
    const chosen = representativeIndex(lhrs);
    const { lhr, lhrJson, reportHtml, devtoolsLog } = runs[chosen]!;
    const summary = summaries[chosen]!;
    const har = buildHar(devtoolsLog, test.url, {
      secretHeaders: Object.keys(secrets?.headers ?? {}),
      marker: REDACTED,
    });
    await storeArtifacts(
      collectArtifacts(
        lhr,
        lhrJson,
        reportHtml,
        JSON.stringify(har),
        runs.map((r) => r.lhrJson),
      ),
    );
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
          resources: resourceSummary(lhr),
          ...userTimings(lhr),
          ...(repeat ? { views: [viewOf('first', runs[0]!.lhr, summaries[0]), viewOf('repeat', repeat.lhr)] } : {}),
          ...(options.block_urls?.length ? { blocked_urls: blockedByPattern(devtoolsLog, options.block_urls) } : {}),
          ...(flowSteps ? { steps: flowSteps } : {}),
          ...(field ? { field: await field.settle(summary.vitals) } : {}),
        },
        runResults: runEntries(summaries, chosen),
        spread: spreadOf(summaries.map((s) => s.performanceScore)) ?? Prisma.DbNull,
      },
      measure: medianMeasure(lhrs.map(measureLighthouse)),
    };
  } finally {
    clearTimeout(timer);
    await proxy.close();
  }
}

/** Requests the guard refused, once each, for the result (and the report). */
function describeBlocked(blocked: BlockedRequest[]) {
  const unique = new Map(blocked.map((b) => [`${b.host}:${b.port}`, b]));
  // The address itself stays out: it would tell a tester what internal names resolve to.
  return [...unique.values()].map((b) => ({ host: b.host, port: b.port, reason: b.reason }));
}

/** How many of the page's requests each `block_urls` pattern kept in Chromium (blocked by the inspector). */
function blockedByPattern(devtoolsLog: Array<{ method: string; params: unknown }>, patterns: string[]) {
  const urls = new Map<string, string>();
  const blocked: string[] = [];
  for (const { method, params } of devtoolsLog) {
    const p = params as { requestId: string; request?: { url: string }; blockedReason?: string };
    if (method === 'Network.requestWillBeSent' && p.request) urls.set(p.requestId, p.request.url);
    if (method === 'Network.loadingFailed' && p.blockedReason === 'inspector')
      blocked.push(urls.get(p.requestId) ?? '');
  }
  return patterns.map((pattern) => ({ pattern, requests: blocked.filter((u) => matchesPattern(u, pattern)).length }));
}
