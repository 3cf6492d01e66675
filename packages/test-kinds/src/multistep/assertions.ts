import type { KeyRules, Measure } from '../assertions/assertions.ts';

/**
 * multistep's keys: `multistep:up` (every request passed), `multistep:duration` (maxNumericValue: all the
 * requests, in ms) and `multistep:step:<name>` (maxNumericValue: one request's total time, by its name).
 */
export const multistepAssertionRules: KeyRules = (key) => {
  if (key === 'multistep:up') return { operators: ['minScore'], implied: { operator: 'minScore', expected: 1 } };
  if (key === 'multistep:duration' || /^multistep:step:.{1,100}$/.test(key)) return { operators: ['maxNumericValue'] };
  return null;
};

export interface MultistepSubject {
  up: boolean;
  duration_ms: number;
  steps: Array<{ name: string; status: string; timings_ms: { total: number | null } }>;
}

export const measureMultistep =
  (result: MultistepSubject): Measure =>
  (key) => {
    if (key === 'multistep:up') return result.up ? 1 : 0;
    if (key === 'multistep:duration') return result.duration_ms;
    const step = /^multistep:step:(.+)$/.exec(key);
    if (step) return result.steps.find((s) => s.name === step[1] && s.status !== 'skipped')?.timings_ms.total ?? null;
    return null;
  };
