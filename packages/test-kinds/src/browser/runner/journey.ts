import {
  type BrowserStep,
  type BrowserStepResult,
  budgetMessage,
  INTERACTING,
  meetsBudget,
  NAVIGATING,
  stepLabel,
} from '@pageprobe/test-kinds';
import type { Page } from 'puppeteer-core';
import { doStep, goto, StepError } from './do-step.ts';
import { type InteractionVitals, nextFrames, pageNow, readInteraction, readNavigation } from './page-vitals.ts';
import type { Recorder } from './recorder.ts';

/** A step's screenshot, kept in memory until the run decides what to store. */
export interface Shot {
  name: string;
  body: Buffer;
  atMs: number;
}

export interface Journey {
  steps: BrowserStepResult[];
  shots: Shot[];
  /** The step that failed (its index) and why, or null. */
  failure: { index: number; reason: StepError['reason']; message: string } | null;
}

/** Event Timing reports interactions of at least this many ms (the smallest durationThreshold). */
const EVENT_TIMING_FLOOR_MS = 16;

/** A screenshot never holds a run up longer than this (a renderer that hangs still lets the run end). */
const SHOT_TIMEOUT_MS = 5_000;

async function screenshot(page: Page): Promise<Buffer | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), SHOT_TIMEOUT_MS);
  });
  try {
    const shot = page.screenshot({ type: 'jpeg', quality: 60 }).then(
      (b) => Buffer.from(b),
      () => null,
    );
    return await Promise.race([shot, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a budget's source reads from a measured step. */
function figure(step: BrowserStepResult, source: string): number | null {
  switch (source) {
    case 'step_ms':
      return step.duration_ms;
    case 'lcp_ms':
      return step.navigation?.lcp_ms ?? null;
    case 'inp_ms':
      return step.interaction?.inp_ms ?? null;
    case 'cls':
      return step.navigation?.cls ?? step.interaction?.cls ?? null;
    case 'requests_failed':
      return step.requests_failed;
    case 'console_errors':
      return step.console_errors;
    default:
      return null;
  }
}

/**
 * The test URL's load (step 0), then each step in order on the same page: timed, measured (a load's
 * vitals, an interaction's INP and shifts, its requests and console errors), its budgets held, a
 * screenshot after it. The first step that fails ends the journey (the rest are skipped) with its
 * screenshot; a deadline past `deadline` (performance.now()) fails the step it falls in.
 */
export async function runJourney(
  page: Page,
  recorder: Recorder,
  url: string,
  steps: BrowserStep[],
  {
    typed,
    deadline,
    loadTimeoutMs,
    fill,
  }: {
    typed: Record<number, string>;
    deadline: number;
    loadTimeoutMs: number;
    /** The team's placeholders filled in a step as it is done (its label keeps them as written). */
    fill?: <V>(value: V) => V;
  },
): Promise<Journey> {
  const all: Array<BrowserStep | { type: 'load' }> = [{ type: 'load' }, ...steps];
  const results: BrowserStepResult[] = [];
  const shots: Shot[] = [];
  let failure: Journey['failure'] = null;
  for (const [index, step] of all.entries()) {
    const name = step.type === 'load' ? `load ${url}` : stepLabel(step);
    const base = { index, type: step.type, name, screenshot: null as string | null, expect: [] };
    if (failure) {
      results.push({
        ...base,
        status: 'skipped',
        error: null,
        started_ms: recorder.now(),
        duration_ms: 0,
        requests: 0,
        bytes: 0,
        requests_failed: 0,
        console_errors: 0,
      });
      continue;
    }
    recorder.beginStep(index);
    const started = recorder.now();
    const since = INTERACTING.has(step.type) ? await pageNow(page) : null;
    const budgetMs = deadline - performance.now();
    let error: StepError | null = null;
    try {
      if (budgetMs <= 0) throw new StepError('timeout', 'the run’s time budget was spent before this step');
      if (step.type === 'load') await goto(page, url, Math.min(loadTimeoutMs, budgetMs));
      else await doStep(page, fill ? fill(step) : step, { typed: typed[index - 1], budgetMs, loadTimeoutMs });
    } catch (thrown) {
      if (!(thrown instanceof StepError)) throw thrown;
      error = thrown;
    }
    const duration = recorder.now() - started;
    // The figures come after the step's time: reading them is ours, not the page's.
    let interaction: InteractionVitals | undefined;
    if (!error && INTERACTING.has(step.type)) {
      await nextFrames(page);
      interaction = await readInteraction(page, since);
    }
    const navigation = !error && NAVIGATING.has(step.type) ? await readNavigation(page) : undefined;
    const counts = recorder.stepCounts();
    const result: BrowserStepResult = {
      ...base,
      status: error ? 'failed' : 'passed',
      error: error ? error.message : null,
      started_ms: started,
      duration_ms: duration,
      ...(navigation ? { navigation } : {}),
      ...(interaction ? { interaction } : {}),
      ...counts,
    };
    if (!error && step.type !== 'load') {
      result.expect = (step.expect ?? []).map((budget) => {
        const actual = figure(result, budget.source);
        // An interaction the browser did not report took less than its Event Timing floor: within any
        // upper budget at least that high.
        const underFloor =
          budget.source === 'inp_ms' &&
          actual === null &&
          interaction !== undefined &&
          (budget.operator === 'lt' || budget.operator === 'lte') &&
          budget.value >= EVENT_TIMING_FLOOR_MS;
        const passed = underFloor || meetsBudget(budget, actual);
        return { ...budget, actual, passed, message: passed ? null : budgetMessage(budget, actual) };
      });
    }
    const shot = await screenshot(page);
    if (shot) {
      const file = `steps/${String(index).padStart(2, '0')}${error ? '-failed' : ''}.jpg`;
      shots.push({ name: file, body: shot, atMs: recorder.now() });
      result.screenshot = file;
    }
    results.push(result);
    if (error) failure = { index, reason: error.reason, message: error.message };
  }
  return { steps: results, shots, failure };
}
