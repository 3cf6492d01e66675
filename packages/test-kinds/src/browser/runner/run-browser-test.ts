import { applyCredentials, type BrowserPool, buildHar, startEgressProxy } from '@pageprobe/browser';
import type { Prisma, Test } from '@pageprobe/db';
import {
  type ArtifactUpload,
  type BrowserResult,
  type BrowserStep,
  measureBrowser,
  type Outcome,
  pageCredentials,
  REDACTED,
  type RunContext,
} from '@pageprobe/test-kinds';
import type { Page } from 'puppeteer-core';
import { type Journey, runJourney } from './journey.ts';
import { installProbe } from './page-vitals.ts';
import { Recorder } from './recorder.ts';

export interface BrowserTestDeps {
  browsers: BrowserPool;
  allowPrivate: boolean;
  allowTargets: string[];
  localAddress: string | undefined;
  timeoutMs: number;
}

/** A navigation waits for its load event at most this long (and never past the run's budget). */
const LOAD_TIMEOUT_MS = 30_000;
/** Kept from the budget for what follows the steps: the trace, the HAR and the uploads. */
const WIND_DOWN_MS = 5_000;
/**
 * The trace's categories: the main thread's tasks, scripts, layout and paint, and network, as DevTools'
 * Performance panel records them, without its screenshots (the filmstrip has its own frames).
 */
const TRACE_CATEGORIES = [
  '-*',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'latencyInfo',
];

/**
 * A run's secrets (what `type` steps typed) out of a text: the HAR's form posts, the trace, console lines.
 * Each as typed, as JSON escapes it, and as a URL or a form encodes it (a login form's POST body).
 */
function scrubber(typed: Record<number, string>) {
  const forms = Object.values(typed)
    .filter((s) => s.length >= 3)
    .flatMap((s) => {
      const url = encodeURIComponent(s);
      return [s, JSON.stringify(s).slice(1, -1), url, url.replaceAll('%20', '+')];
    });
  const unique = [...new Set(forms)].sort((a, b) => b.length - a.length);
  return (text: string) => unique.reduce((out, secret) => out.replaceAll(secret, REDACTED), text);
}

/** Starts Chromium's trace of the page; null when another run in this Chromium is tracing (one at a time). */
async function startTrace(page: Page): Promise<boolean> {
  return page.tracing.start({ categories: TRACE_CATEGORIES }).then(
    () => true,
    () => false,
  );
}

/** Missed budgets, in step order; the first of severity down fails the run, one of severity degraded degrades it. */
function budgetsOf(journey: Journey) {
  const over = journey.steps.flatMap((step) =>
    step.expect
      .filter((b) => !b.passed)
      .map((b) => ({
        step: step.index,
        severity: b.severity ?? ('regressed' as const),
        message: `Step ${step.index} "${step.name}" is over its budget: ${b.message}`,
      })),
  );
  return {
    over,
    down: over.find((b) => b.severity === 'down')?.message ?? null,
    degraded: over.some((b) => b.severity === 'degraded'),
  };
}

/**
 * One browser check: the test URL, then its steps, in a fresh context of the worker's Chromium behind the
 * egress guard, each step timed and measured. A failed step (or a budget of severity down) makes a
 * completed test with `up: false` naming the step, and keeps what shows why: the step's screenshot, the
 * filmstrip, Chrome's trace and the HAR. A passing run keeps its figures and a screenshot a step.
 */
export async function runBrowserTest(test: Test, deps: BrowserTestDeps, ctx: RunContext): Promise<Outcome> {
  const steps = ((test.options as { steps?: BrowserStep[] } | null)?.steps ?? []) as BrowserStep[];
  const typed = ctx.secrets?.typed ?? {};
  // What was typed, and the team secrets the test used (issue 59: a header's {{secrets.X}}), out of the
  // trace, the HAR and the console lines.
  const scrubTyped = scrubber(typed);
  const scrub = ctx.redact ? (text: string) => ctx.redact!(scrubTyped(text)) : scrubTyped;
  const credentials = pageCredentials(ctx.secrets, test.url);
  const proxy = await startEgressProxy({
    allowPrivate: deps.allowPrivate,
    allowTargets: deps.allowTargets,
    localAddress: deps.localAddress,
  });
  try {
    const started = performance.now();
    const deadline = started + deps.timeoutMs - WIND_DOWN_MS;
    const run = await deps.browsers.withPage(proxy.url, async (page) => {
      if (credentials) await applyCredentials(page, credentials);
      if (test.device === 'desktop') await page.setViewport({ width: 1350, height: 940 });
      else await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      await installProbe(page);
      const recorder = await Recorder.start(page, { filmstrip: true });
      const tracing = await startTrace(page);
      try {
        const journey = await runJourney(page, recorder, test.url, steps, {
          typed,
          deadline,
          ...(ctx.fill ? { fill: ctx.fill } : {}),
          loadTimeoutMs: LOAD_TIMEOUT_MS,
        });
        const trace = tracing ? await page.tracing.stop().catch(() => undefined) : undefined;
        return { journey, recorder, trace, cpuMs: await recorder.cpuMs(), finalUrl: page.url() };
      } finally {
        await recorder.stop();
      }
    });
    const main = new URL(test.url);
    const mainHost = main.hostname.replace(/^\[|\]$/g, '');
    const mainPort = Number(main.port || (main.protocol === 'https:' ? 443 : 80));
    if (proxy.blocked.some((b) => b.host === mainHost && b.port === mainPort)) {
      return {
        status: 'failed',
        error: { code: 'url_not_allowed', message: `${mainHost} resolves to an address tests may not reach.` },
        refund: false,
      };
    }
    const { journey, recorder, trace, cpuMs, finalUrl } = run;
    const failed = journey.failure;
    const budgets = budgetsOf(journey);
    const up = failed === null && budgets.down === null;
    const failedStep = failed ? journey.steps[failed.index]! : null;
    const totals = recorder.totals();
    const result: BrowserResult = {
      up,
      over_budget: budgets.over,
      degraded: up && budgets.degraded,
      reason: failed
        ? failed.reason === 'timeout'
          ? 'timeout'
          : failed.reason
        : budgets.down
          ? 'budget_exceeded'
          : null,
      error: failedStep
        ? scrub(`Step ${failedStep.index} "${failedStep.name}" failed: ${failed!.message}`)
        : budgets.down,
      failed_step: failed ? failed.index : null,
      final_url: finalUrl,
      duration_ms: Math.round(performance.now() - started),
      cpu_ms: cpuMs,
      requests: totals.requests,
      bytes: totals.bytes,
      requests_failed: totals.requests_failed,
      console_errors: recorder.consoleErrors.map((e) => ({ ...e, text: scrub(e.text) })),
      steps: journey.steps.map((s) => (s.error ? { ...s, error: scrub(s.error) } : s)),
    };
    await ctx.storeArtifacts(artifactsOf(journey, recorder, up ? undefined : trace, test.url, scrub, ctx));
    return {
      status: 'completed',
      // A plain JSON object by construction.
      fields: { result: result as unknown as Prisma.InputJsonObject },
      measure: measureBrowser(result),
    };
  } finally {
    await proxy.close();
  }
}

/**
 * What a run keeps in storage: a screenshot a step, always; for a failed run, the filmstrip, the trace
 * (openable in DevTools' Performance panel) and the HAR, each with the typed secrets scrubbed.
 */
function artifactsOf(
  journey: Journey,
  recorder: Recorder,
  trace: Uint8Array | undefined,
  testUrl: string,
  scrub: (text: string) => string,
  ctx: RunContext,
): ArtifactUpload[] {
  const out: ArtifactUpload[] = journey.shots.map((shot) => ({
    kind: 'step_screenshot',
    name: shot.name,
    body: shot.body,
    contentType: 'image/jpeg',
    timingMs: shot.atMs,
  }));
  const failed = journey.failure !== null || journey.steps.some((s) => s.expect.some((b) => !b.passed));
  if (!failed) return out;
  for (const [i, frame] of recorder.frames.entries()) {
    out.push({
      kind: 'filmstrip_frame',
      name: `filmstrip/${String(i).padStart(2, '0')}-${frame.atMs}ms.jpg`,
      body: frame.body,
      contentType: 'image/jpeg',
      timingMs: frame.atMs,
    });
  }
  if (trace)
    out.push({
      kind: 'trace',
      name: 'trace.json',
      body: Buffer.from(scrub(Buffer.from(trace).toString('utf8'))),
      contentType: 'application/json',
      timingMs: null,
    });
  const har = buildHar(recorder.log, testUrl, {
    secretHeaders: Object.keys(ctx.secrets?.headers ?? {}),
    marker: REDACTED,
  });
  out.push({
    kind: 'har',
    name: 'har.json',
    body: Buffer.from(scrub(JSON.stringify(har))),
    contentType: 'application/json',
    timingMs: null,
  });
  return out;
}
