import { describeStep, type LighthouseOptions, type Step, STEP_TIMEOUT_MS } from '@pageprobe/test-kinds';
import { startFlow } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { Page } from 'puppeteer-core';
import type { Lhr } from './lhr.ts';
import { forgetTraces, type LighthouseRun } from './run-lighthouse.ts';
import { lighthouseFlags } from './settings.ts';
import { num, summarise } from './summarise.ts';
import { type InpAttribution, inpBreakdown, type LongFrameWatch, watchLongFrames } from './inp-attribution.ts';

/** A step the page would not let us do (its selector never appeared): the test fails `step_failed`. */
export class StepFailed extends Error {
  override readonly name = 'StepFailed';
}

/** One step of a flow as the result lists it. */
export interface FlowStepResult {
  index: number;
  type: Step['type'] | 'load';
  description: string;
  /** Navigations: categories as 0–100 and the vitals; timespans: the interaction's INP, CLS and TBT. */
  scores?: Record<string, number | null>;
  vitals?: Record<string, number | null>;
  interaction?: { inp_ms: number | null; cls: number | null; tbt_ms: number | null; attribution?: InpAttribution };
}

async function waitFor(page: Page, selector: string, index: number, step: Step) {
  try {
    return await page.waitForSelector(selector, { timeout: STEP_TIMEOUT_MS, visible: true });
  } catch {
    throw new StepFailed(
      `Step ${index + 1} (${describeStep(step)}): the selector did not appear within ${STEP_TIMEOUT_MS / 1000} s.`,
    );
  }
}

/**
 * The test's URL, then its steps, with Lighthouse's user-flow API on one page (same browser context, so
 * cookies set by a login carry on). Returns every step's figures and the last navigation as the run the
 * test reports (its LHR, the flow's HTML report, its DevTools log for the HAR).
 */
export async function runFlow(
  page: Page,
  url: string,
  steps: Step[],
  typed: Record<number, string>,
  {
    device,
    maxWaitForLoad,
    options,
  }: { device: 'mobile' | 'desktop'; maxWaitForLoad: number; options: LighthouseOptions },
): Promise<{ run: LighthouseRun; steps: FlowStepResult[] }> {
  const flow = await startFlow(page, {
    ...(device === 'desktop' ? { config: desktopConfig } : {}),
    flags: { maxWaitForLoad, logLevel: 'error', ...lighthouseFlags(device, options) },
  });
  const done: Array<{
    index: number;
    type: FlowStepResult['type'];
    description: string;
    measured: boolean;
    scripts?: InpAttribution['scripts'];
  }> = [];
  let watch: LongFrameWatch | undefined;
  try {
    await flow.navigate(url, { name: `Load ${url}` });
    done.push({ index: 0, type: 'load', description: `load ${url}`, measured: true });
    for (const [i, step] of steps.entries()) {
      const index = i + 1;
      const entry: (typeof done)[number] = { index, type: step.type, description: describeStep(step), measured: false };
      switch (step.type) {
        case 'navigate':
          await flow.navigate(step.url, { name: entry.description });
          entry.measured = true;
          break;
        case 'click':
          await (await waitFor(page, step.selector, i, step))!.click();
          break;
        case 'type':
          await (await waitFor(page, step.selector, i, step))!.type(typed[i] ?? step.text);
          break;
        case 'wait_for':
          await waitFor(page, step.selector, i, step);
          break;
        case 'wait':
          await new Promise((r) => setTimeout(r, step.ms));
          break;
        case 'start_timespan':
          watch = await watchLongFrames(page);
          await flow.startTimespan({ name: step.name ?? `Timespan from step ${index}` });
          break;
        case 'end_timespan':
          await flow.endTimespan();
          // Read now: the page may navigate before the flow ends.
          entry.scripts = (await watch?.longestScripts()) ?? [];
          watch = undefined;
          entry.measured = true;
          break;
      }
      done.push(entry);
    }
    const result = await flow.createFlowResult();
    const artifacts = flow.createArtifactsJson();
    const measured = done.filter((d) => d.measured);
    const out: FlowStepResult[] = done.map((d) => ({ index: d.index, type: d.type, description: d.description }));
    let last = -1;
    measured.forEach((d, k) => {
      const lhr = result.steps[k]!.lhr as unknown as Lhr;
      const row = out.find((o) => o.index === d.index)!;
      if (d.type === 'end_timespan') {
        const parts = inpBreakdown(lhr);
        const scripts = d.scripts ?? [];
        row.interaction = {
          inp_ms: num(lhr, 'interaction-to-next-paint'),
          cls: num(lhr, 'cumulative-layout-shift', 3),
          tbt_ms: num(lhr, 'total-blocking-time'),
          ...(parts.input_delay_ms !== null || scripts.length ? { attribution: { ...parts, scripts } } : {}),
        };
      } else {
        last = k;
        // As a test shows them: the same names and rounding as its own scores and vitals.
        const { scores, vitals } = summarise(lhr);
        row.scores = scores;
        row.vitals = vitals;
      }
    });
    const lhr = result.steps[last]!.lhr as unknown as Lhr;
    const devtoolsLog = (
      artifacts.gatherSteps[last]!.artifacts as unknown as { DevtoolsLog: LighthouseRun['devtoolsLog'] }
    ).DevtoolsLog;
    return {
      run: { lhr, lhrJson: JSON.stringify(lhr), reportHtml: await flow.generateReport(), devtoolsLog },
      steps: out,
    };
  } finally {
    // As in runLighthouse: the trace engine's memo would keep every parsed trace of the flow.
    forgetTraces();
  }
}
