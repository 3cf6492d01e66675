import { z } from 'zod';
import { BUDGET_SEVERITIES, STEP_BUDGET_OPERATORS, STEP_BUDGET_SOURCES } from './steps.ts';

export const BROWSER_REASONS = ['step_failed', 'assertion_failed', 'budget_exceeded', 'timeout'] as const;

const ms = z.number().min(0).nullable();

const budgetResult = z.object({
  source: z.enum(STEP_BUDGET_SOURCES),
  operator: z.enum(STEP_BUDGET_OPERATORS),
  value: z.number(),
  severity: z.enum(BUDGET_SEVERITIES).optional(),
  actual: z.number().nullable().describe('What the step measured; null when it has no such figure.'),
  passed: z.boolean(),
  message: z.string().nullable().describe('Why it failed, in words; null when it held.'),
});

export const browserStepResult = z
  .object({
    index: z.int().min(0).describe('0 is loading the test URL; then the steps in order, from 1.'),
    type: z.string().describe('`load`, then each step’s type.'),
    name: z.string().describe('The step’s name, or the step in words (`click #checkout`).'),
    status: z.enum(['passed', 'failed', 'skipped']).describe('Steps after a failed one are skipped.'),
    error: z.string().nullable().describe('Why the step failed, in words.'),
    started_ms: z.number().min(0).describe('When the step started, from the start of the run.'),
    duration_ms: z.number().min(0),
    navigation: z
      .object({
        url: z.string(),
        ttfb_ms: ms,
        fcp_ms: ms,
        lcp_ms: ms,
        cls: z.number().min(0).nullable(),
      })
      .optional()
      .describe('A load or navigate step: the page it reached and its vitals, as the page measured them.'),
    interaction: z
      .object({
        inp_ms: ms.describe(
          'The slowest interaction the step caused, as INP counts it (Event Timing); null when the browser reported none of 16 ms or more (it was faster: within any upper budget of 16 ms or more).',
        ),
        input_delay_ms: ms,
        processing_ms: ms,
        presentation_delay_ms: ms,
        target: z.string().nullable().describe('The element the interaction reached, e.g. button#checkout.'),
        cls: z.number().min(0).describe('Layout shift the step caused.'),
      })
      .optional()
      .describe('An interaction step (click, type, select, press, hover): INP with its attribution.'),
    requests: z.int().min(0).describe('Requests the page made during the step.'),
    bytes: z.int().min(0).describe('Bytes they transferred (encoded).'),
    requests_failed: z.int().min(0).describe('Requests that failed, or answered 4xx or 5xx.'),
    console_errors: z.int().min(0).describe('console.error calls and uncaught errors during the step.'),
    screenshot: z.string().nullable().describe('The artifact name of the page as the step left it.'),
    expect: z.array(budgetResult).describe('The step’s budgets with what was measured; empty without.'),
  })
  .meta({ id: 'BrowserStepResult', description: 'One step of a browser check, measured.' });

export const browserResult = z
  .object({
    up: z.boolean().describe('Every step passed and no budget of severity down was missed.'),
    over_budget: z
      .array(
        z.object({
          step: z.int().min(1),
          severity: z.enum(BUDGET_SEVERITIES),
          message: z
            .string()
            .describe('`Step 10 "add to basket" is over its budget: inp_ms was 412, expected below 200`.'),
        }),
      )
      .describe('Every budget the run missed, in step order.'),
    degraded: z.boolean().describe('Up, but a budget of severity degraded was missed.'),
    reason: z.enum(BROWSER_REASONS).nullable(),
    error: z.string().nullable().describe('Why it is down, naming the step: `Step 4 "click #checkout" failed: …`.'),
    failed_step: z
      .int()
      .min(0)
      .nullable()
      .describe('The index of the step that failed (0: loading the test URL), if one did.'),
    final_url: z.string(),
    duration_ms: z.number().min(0).describe('The whole run, from the first load to the last step.'),
    cpu_ms: z.number().min(0).nullable().describe('CPU the page’s renderer and scripts took (Chromium’s task time).'),
    requests: z.int().min(0),
    bytes: z.int().min(0),
    requests_failed: z.int().min(0),
    console_errors: z
      .array(z.object({ step: z.int().min(0), text: z.string() }))
      .describe('The first 20 console errors, each with its step, cut to 300 characters.'),
    steps: z.array(browserStepResult),
  })
  .meta({
    id: 'BrowserResult',
    description: 'A browser check: each step of the journey with its time and figures, and the one that failed.',
  });

export type BrowserResult = z.output<typeof browserResult>;
export type BrowserStepResult = z.output<typeof browserStepResult>;

/** A browser check stores no audits. */
export const browserAudits = z.null();
