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
