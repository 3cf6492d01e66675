import { type Advice, COMMON_FAILURES } from '../report/advice.ts';

/** An uptime check's reasons in plain words: the common network ones, and an expectation that failed. */
export const uptimeFailures: Record<string, Advice> = {
  ...COMMON_FAILURES,
  expectation_failed: {
    what: 'The site answered, but not as expected.',
    tryThis:
      'Read which expectation failed and what was found instead; fix the service, or the expectation if the answer changed on purpose.',
  },
};
