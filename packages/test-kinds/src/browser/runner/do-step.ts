import { type BrowserStep, STEP_TIMEOUT_MS } from '@pageprobe/test-kinds';
import type { KeyInput, Page } from 'puppeteer-core';
import type { PageGlobals } from './page-globals.ts';

// One step's action on the page. A step the page does not let us do throws StepError with its reason
// (step_failed: no element, no option, an unknown key; assertion_failed: the page is not as expected), in
// words the alert carries after `Step N "name" failed: `.

export class StepError extends Error {
  override readonly name = 'StepError';
  readonly reason: 'step_failed' | 'assertion_failed' | 'timeout';
  constructor(reason: StepError['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

async function element(page: Page, selector: string, timeoutMs: number) {
  try {
    return (await page.waitForSelector(selector, { visible: true, timeout: timeoutMs }))!;
  } catch {
    throw new StepError('step_failed', `no visible element matches ${selector} within ${seconds(timeoutMs)}`);
  }
}

/** Whether the page (or the element) shows `text` within the wait. */
async function waitForText(page: Page, text: string, selector: string | undefined, timeoutMs: number) {
  try {
    await page.waitForFunction(
      (wanted: string, within: string | null) => {
        const { document } = globalThis as unknown as PageGlobals;
        const root = within ? document.querySelector(within) : document.body;
        // innerText, not textContent: the text a person sees (hidden elements' text is left out).
        // biome-ignore lint/performance/useDomNodeTextContent: visibility is the point
        return root?.innerText?.includes(wanted) ?? false;
      },
      { timeout: timeoutMs, polling: 100 },
      text,
      selector ?? null,
    );
  } catch {
    const where = selector ? ` in ${selector}` : ' on the page';
    throw new StepError('assertion_failed', `the text "${text}" did not appear${where} within ${seconds(timeoutMs)}`);
  }
}

/**
 * Does `step`; `typed` is the text of a `type` step (its secret, kept apart from the stored steps).
 * `budgetMs` is what is left of the run: no step waits past it.
 */
export async function doStep(
  page: Page,
  step: BrowserStep,
  { typed, budgetMs, loadTimeoutMs }: { typed: string | undefined; budgetMs: number; loadTimeoutMs: number },
): Promise<void> {
  const wait = Math.max(0, Math.min(STEP_TIMEOUT_MS, budgetMs));
  switch (step.type) {
    case 'navigate':
      await goto(page, step.url, Math.min(loadTimeoutMs, budgetMs));
      return;
    case 'click':
      await (await element(page, step.selector, wait)).click();
      return;
    case 'type':
      await (await element(page, step.selector, wait)).type(typed ?? step.text);
      return;
    case 'wait_for':
      await element(page, step.selector, wait);
      return;
    case 'wait':
      await new Promise((resolve) => setTimeout(resolve, Math.min(step.ms, budgetMs)));
      return;
    case 'hover':
      await (await element(page, step.selector, wait)).hover();
      return;
    case 'select': {
      await element(page, step.selector, wait);
      const chosen = await page.select(step.selector, step.value);
      if (!chosen.includes(step.value))
        throw new StepError('step_failed', `${step.selector} has no option with the value "${step.value}"`);
      return;
    }
    case 'press':
      try {
        await page.keyboard.press(step.key as KeyInput);
      } catch (error) {
        throw new StepError('step_failed', `cannot press ${step.key} (${(error as Error).message})`);
      }
      return;
    case 'assert_visible':
      try {
        await page.waitForSelector(step.selector, { visible: true, timeout: wait });
      } catch {
        throw new StepError('assertion_failed', `${step.selector} is not visible within ${seconds(wait)}`);
      }
      return;
    case 'assert_text':
      await waitForText(page, step.text, step.selector, wait);
      return;
    case 'assert_js':
      await assertJs(page, step.expression, wait);
      return;
    // A screenshot is taken after every step anyway; timespans mark nothing a browser check needs.
    case 'screenshot':
    case 'start_timespan':
    case 'end_timespan':
      return;
  }
}

/** Loads `url` in the page, waiting for its load event; a page that answers an error status fails the step. */
export async function goto(page: Page, url: string, timeoutMs: number): Promise<void> {
  let response: Awaited<ReturnType<Page['goto']>>;
  try {
    response = await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
  } catch (error) {
    const message = (error as Error).message;
    if (/timeout/i.test(message)) throw new StepError('timeout', `${url} did not load within ${seconds(timeoutMs)}`);
    throw new StepError('step_failed', `${url} could not be loaded (${message.split('\n')[0]})`);
  }
  const status = response?.status() ?? 0;
  if (status >= 400) throw new StepError('step_failed', `${url} answered HTTP ${status}`);
}

/**
 * The expression, evaluated in the page (never in our process): true passes; anything else, or an error
 * it throws, fails. A promise it returns is awaited, within the step's wait.
 */
async function assertJs(page: Page, expression: string, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StepError('assertion_failed', `${expression} did not settle within ${seconds(timeoutMs)}`)),
      timeoutMs,
    );
  });
  let value: unknown;
  try {
    // A string is evaluated as the page's own code; the result comes back as JSON.
    value = await Promise.race([page.evaluate(`(async () => (${expression}))()`), late]);
  } catch (error) {
    if (error instanceof StepError) throw error;
    throw new StepError('assertion_failed', `${expression} threw: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    clearTimeout(timer);
  }
  if (value !== true)
    throw new StepError('assertion_failed', `${expression} was ${JSON.stringify(value) ?? 'undefined'}, not true`);
}
