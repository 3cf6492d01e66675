import type { KeyRules, Measure } from '../assertions/assertions.ts';

/**
 * browser's keys: `browser:up` (minScore 1 implied), `browser:duration` (maxNumericValue: the whole run in
 * ms), `browser:step:<index>:duration` (maxNumericValue: that step's ms).
 */
export const browserAssertionRules: KeyRules = (key) => {
  if (key === 'browser:up') return { operators: ['minScore'], implied: { operator: 'minScore', expected: 1 } };
  if (key === 'browser:duration' || /^browser:step:\d{1,2}:duration$/.test(key))
    return { operators: ['maxNumericValue'] };
  return null;
};

export interface BrowserSubject {
  up: boolean;
  duration_ms: number;
  steps: Array<{ index: number; duration_ms: number; status: string }>;
}

export const measureBrowser =
  (result: BrowserSubject): Measure =>
  (key) => {
    if (key === 'browser:up') return result.up ? 1 : 0;
    if (key === 'browser:duration') return result.duration_ms;
    const step = /^browser:step:(\d+):duration$/.exec(key);
    const found = step ? result.steps.find((s) => s.index === Number(step[1])) : undefined;
    return found && found.status !== 'skipped' ? found.duration_ms : null;
  };
