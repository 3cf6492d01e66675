import { type Advice, COMMON_FAILURES } from '../report/advice.ts';

/** A multistep check's reasons in plain words: the network's, and what a step of the journey did not do. */
export const multistepFailures: Record<string, Advice> = {
  ...COMMON_FAILURES,
  expectation_failed: {
    what: 'A request was answered, but not as expected.',
    tryThis: 'Read which step failed, which expectation, and what was found instead.',
  },
  extract_failed: {
    what: 'A request’s answer did not hold a value the next requests need.',
    tryThis: 'Check the step’s extract (its JSON path, header or pattern) against what the answer now holds.',
  },
  missing_value: {
    what: 'A request uses a variable or secret the team no longer has.',
    tryThis: 'Add it again under Variables, or change the request.',
  },
};
