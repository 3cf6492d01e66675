import { parse } from 'css-what';
import { describeStep, type Step } from '../lighthouse/steps.ts';
import type { Operator } from '../expect/expectation.ts';

// A browser check's journey (issue 59): the user-flow language lighthouse tests speak, plus assertions and
// the interactions a journey needs, each step measured. It runs in Puppeteer, not Lighthouse: a run costs
// a page's work and no audit.

/** What a step's budget reads from its figures. */
export const STEP_BUDGET_SOURCES = ['step_ms', 'lcp_ms', 'inp_ms', 'cls', 'requests_failed', 'console_errors'] as const;
export type StepBudgetSource = (typeof STEP_BUDGET_SOURCES)[number];
/** A budget compares a number: these operators only. */
export const STEP_BUDGET_OPERATORS = ['lt', 'lte', 'eq', 'gt', 'gte'] as const satisfies readonly Operator[];

/**
 * What a missed budget makes of the run: `regressed` (the default) keeps it up and its monitor says
 * monitor.regressed (a slow step is a regression, not an outage); `degraded` makes it up but degraded,
 * `down` fails it, as a check's expectations of those severities do.
 */
export const BUDGET_SEVERITIES = ['regressed', 'degraded', 'down'] as const;

/** One budget of a step. */
export interface StepBudget {
  source: StepBudgetSource;
  operator: (typeof STEP_BUDGET_OPERATORS)[number];
  value: number;
  severity?: (typeof BUDGET_SEVERITIES)[number];
}

/** What every browser step may carry besides its action. */
interface StepExtras {
  /** A name for the step in results and alerts (default: the step in words, "click #checkout"). */
  name?: string;
  expect?: StepBudget[];
}

export type BrowserStep = (
  | Step
  | { type: 'assert_text'; selector?: string; text: string }
  | { type: 'assert_visible'; selector: string }
  | { type: 'select'; selector: string; value: string }
  | { type: 'press'; key: string }
  | { type: 'hover'; selector: string }
  | { type: 'screenshot'; name?: string }
  | { type: 'assert_js'; expression: string }
) &
  StepExtras;

/** The step types only a browser check takes (a lighthouse flow refuses them). */
export const BROWSER_ONLY_STEPS = [
  'assert_text',
  'assert_visible',
  'select',
  'press',
  'hover',
  'screenshot',
  'assert_js',
] as const;

/** The field a step type takes its one value in, besides a selector and a name. */
export type StepValueField = 'url' | 'text' | 'value' | 'key' | 'expression' | 'ms';

/**
 * What a form asks of each step type (the dashboard's step rows): whether it takes a selector, and its
 * one value with what a person calls it. Every type takes a name; budgets are written as JSON.
 */
export interface StepFormFields {
  selector?: 'required' | 'optional';
  value?: { field: StepValueField; label: string; optional?: true };
}

export const BROWSER_STEP_FIELDS: Readonly<Record<BrowserStep['type'], StepFormFields>> = {
  navigate: { value: { field: 'url', label: 'the absolute URL to open' } },
  click: { selector: 'required' },
  type: { selector: 'required', value: { field: 'text', label: 'the text to type (kept secret)' } },
  wait_for: { selector: 'required' },
  wait: { value: { field: 'ms', label: 'milliseconds to wait' } },
  start_timespan: {},
  end_timespan: {},
  assert_text: { selector: 'optional', value: { field: 'text', label: 'the text the page (or the selector) shows' } },
  assert_visible: { selector: 'required' },
  select: {
    selector: 'required',
    value: { field: 'value', label: 'the value of the option to choose', optional: true },
  },
  press: { value: { field: 'key', label: 'the key, e.g. Enter' } },
  hover: { selector: 'required' },
  screenshot: {},
  assert_js: { value: { field: 'expression', label: 'a JavaScript expression the page finds truthy' } },
};

/** Every step type a browser check takes, in the order a form offers them. */
export const BROWSER_STEP_TYPES = Object.keys(BROWSER_STEP_FIELDS) as Array<BrowserStep['type']>;

export const MAX_BROWSER_STEPS = 50;
/** A whole run, every step and the page's first load, at most (the kind's default budget). */
export const BROWSER_RUN_MS = 120_000;
/** Steps that navigate, measured as page loads (TTFB, FCP, LCP, CLS). */
export const NAVIGATING = new Set<string>(['load', 'navigate']);
/** Steps that act on the page, measured as interactions (INP and the shifts they caused). */
export const INTERACTING = new Set<string>(['click', 'type', 'select', 'press', 'hover']);

const cut = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** A step as people read it: `click #checkout`, `assert_text "Thank you"`. */
export function describeBrowserStep(step: BrowserStep): string {
  switch (step.type) {
    case 'assert_text':
      return `assert_text ${step.selector ? `${step.selector} ` : ''}"${cut(step.text)}"`;
    case 'select':
      return `select ${step.selector} "${cut(step.value)}"`;
    case 'press':
      return `press ${step.key}`;
    case 'screenshot':
      return step.name ? `screenshot ${step.name}` : 'screenshot';
    case 'assert_js':
      return `assert_js ${cut(step.expression)}`;
    default:
      return describeStep(step as Step);
  }
}

/** A step's label in results and alerts: its name, or the step in words. */
export const stepLabel = (step: BrowserStep) => step.name ?? describeBrowserStep(step);

/**
 * What the document cannot check of a browser journey: selector syntax, navigations' URLs, budgets'
 * sources and values. Null when fine. Timespans are accepted and change nothing: every step is measured.
 */
export function checkBrowserSteps(steps: BrowserStep[]): { path: string; message: string } | null {
  if (steps.length > MAX_BROWSER_STEPS) return { path: 'body.steps', message: `at most ${MAX_BROWSER_STEPS} steps` };
  for (const [i, step] of steps.entries()) {
    const path = `body.steps.${i}`;
    if ('selector' in step && step.selector !== undefined) {
      try {
        parse(step.selector);
      } catch (error) {
        return { path: `${path}.selector`, message: `is not a CSS selector (${(error as Error).message})` };
      }
    }
    if (step.type === 'navigate' && (!URL.canParse(step.url) || !/^https?:$/.test(new URL(step.url).protocol))) {
      return { path: `${path}.url`, message: 'must be an absolute http(s) URL' };
    }
    for (const [k, budget] of (step.expect ?? []).entries()) {
      const at = `${path}.expect.${k}`;
      if (!STEP_BUDGET_SOURCES.includes(budget.source))
        return { path: `${at}.source`, message: `must be one of ${STEP_BUDGET_SOURCES.join(', ')}` };
      if (!(STEP_BUDGET_OPERATORS as readonly string[]).includes(budget.operator))
        return { path: `${at}.operator`, message: `must be one of ${STEP_BUDGET_OPERATORS.join(', ')}` };
      if (typeof budget.value !== 'number' || !Number.isFinite(budget.value))
        return { path: `${at}.value`, message: 'must be a number' };
      if (budget.severity !== undefined && !BUDGET_SEVERITIES.includes(budget.severity))
        return { path: `${at}.severity`, message: `must be one of ${BUDGET_SEVERITIES.join(', ')}` };
    }
  }
  return null;
}

/** Whether `actual` meets a budget; a figure the step does not have (an LCP of a click) meets none. */
export function meetsBudget(budget: StepBudget, actual: number | null): boolean {
  if (actual === null) return false;
  switch (budget.operator) {
    case 'lt':
      return actual < budget.value;
    case 'lte':
      return actual <= budget.value;
    case 'eq':
      return actual === budget.value;
    case 'gt':
      return actual > budget.value;
    case 'gte':
      return actual >= budget.value;
  }
}

const OPERATOR_WORDS: Record<StepBudget['operator'], string> = {
  lt: 'below',
  lte: 'at most',
  eq: 'exactly',
  gt: 'above',
  gte: 'at least',
};

/** A missed budget in the alert's words: `step_ms was 2400, expected at most 1500`. */
export const budgetMessage = (budget: StepBudget, actual: number | null) =>
  `${budget.source} was ${actual === null ? 'not measured' : actual}, expected ${OPERATOR_WORDS[budget.operator]} ${budget.value}`;
