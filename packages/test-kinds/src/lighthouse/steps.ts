import { parse } from 'css-what';

// A user flow (issue 18): after the test's URL loads, the steps run in order on the same page with
// Lighthouse's user-flow API. Navigations are measured like a test; a timespan measures what happens
// between its start and end (INP, CLS, TBT of the interaction).

export type Step =
  | { type: 'navigate'; url: string }
  | { type: 'click'; selector: string }
  | { type: 'type'; selector: string; text: string }
  | { type: 'wait_for'; selector: string }
  | { type: 'wait'; ms: number }
  | { type: 'start_timespan'; name?: string }
  | { type: 'end_timespan' };

export const MAX_STEPS = 20;
/** How long a step waits for its selector before the test fails with step_failed. */
export const STEP_TIMEOUT_MS = 10_000;

/** A step as people read it: "click #menu". */
export const describeStep = (s: Step) =>
  s.type === 'navigate'
    ? `navigate ${s.url}`
    : 'selector' in s
      ? `${s.type} ${s.selector}`
      : s.type === 'wait'
        ? `wait ${s.ms} ms`
        : s.type;

/** What the document cannot check: selector syntax, timespans that open and close, URLs. Null when fine. */
export function checkSteps(steps: Step[]): { path: string; message: string } | null {
  let open = -1;
  for (const [i, step] of steps.entries()) {
    const path = `body.steps.${i}`;
    if ('selector' in step) {
      try {
        parse(step.selector);
      } catch (error) {
        return { path: `${path}.selector`, message: `is not a CSS selector (${(error as Error).message})` };
      }
    }
    if (step.type === 'navigate') {
      if (!URL.canParse(step.url) || !/^https?:$/.test(new URL(step.url).protocol)) {
        return { path: `${path}.url`, message: 'must be an absolute http(s) URL' };
      }
      if (open >= 0) return { path, message: 'a navigation cannot happen inside a timespan' };
    }
    if (step.type === 'start_timespan') {
      if (open >= 0) return { path, message: `a timespan is already open (step ${open})` };
      open = i;
    }
    if (step.type === 'end_timespan') {
      if (open < 0) return { path, message: 'no timespan is open' };
      open = -1;
    }
  }
  return open >= 0 ? { path: `body.steps.${open}`, message: 'this timespan is never ended' } : null;
}

/** The step types a lighthouse flow runs (a browser check's journey takes these and more). */
const FLOW_TYPES = new Set(['navigate', 'click', 'type', 'wait_for', 'wait', 'start_timespan', 'end_timespan']);

/**
 * A lighthouse flow's `steps` as the request gives them: at most MAX_STEPS of the flow's own types,
 * without budgets (a flow's step is measured by Lighthouse, not judged), then checkSteps.
 */
export function checkFlowSteps(
  steps: Array<{ type: string; expect?: unknown }>,
): { path: string; message: string } | null {
  if (steps.length > MAX_STEPS) return { path: 'body.steps', message: `at most ${MAX_STEPS} steps` };
  for (const [i, step] of steps.entries()) {
    if (!FLOW_TYPES.has(step.type))
      return {
        path: `body.steps.${i}.type`,
        message: `${step.type} is not a step of a Lighthouse flow (browser checks take it)`,
      };
    if (step.expect !== undefined)
      return {
        path: `body.steps.${i}.expect`,
        message: 'a Lighthouse flow’s steps take no budgets (browser checks do)',
      };
  }
  return checkSteps(steps as Step[]);
}
