import { type Advice, COMMON_FAILURES } from '../report/advice.ts';

/** What a browser check's reasons mean to whoever owns the journey, and what to try. */
export const browserFailures: Record<string, Advice> = {
  ...COMMON_FAILURES,
  step_failed: {
    what: 'A step of the journey could not be done: an element never appeared, or the page did not respond.',
    tryThis: 'Open the run’s screenshot of the failed step: the page as it was then usually shows why.',
  },
  assertion_failed: {
    what: 'The journey ran, but the page did not show what a step expected.',
    tryThis: 'Compare the failed step’s screenshot with what the step asks for; a changed text or selector is common.',
  },
  budget_exceeded: {
    what: 'The journey worked, but a step was slower (or made more errors) than its budget allows.',
    tryThis: 'Look at the step’s figures and the run’s trace for what took the time.',
  },
  timeout: {
    what: 'The journey did not finish within its time budget.',
    tryThis: 'Look for a step that waits on something slow, or shorten the journey.',
  },
};
