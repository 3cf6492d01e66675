import { z } from 'zod';
import { delta, deltaSchema, THRESHOLDS } from '../compare/delta.ts';
import { upDelta, upDeltaSchema } from '../compare/check-compare.ts';
import { arr, obj } from '../report/read-json.ts';
import type { Comparison } from '../compare/delta.ts';

/** Each step's total time by its name, from a stored result. */
const stepTimes = (result: Record<string, unknown>) =>
  new Map(arr(result.steps).map((s) => [String(obj(s).name), obj(obj(s).timings_ms).total]));

/** Two multistep checks: the verdict, the whole time, and each step both ran, by its name. */
export const multistepComparison: Comparison = {
  schema: z
    .object({
      up: upDeltaSchema,
      duration_ms: deltaSchema,
      steps: z.record(z.string(), deltaSchema).describe('Each request both checks made, by its name: its total time.'),
    })
    .meta({ id: 'MultistepDeltas', description: 'head − base of two multistep checks.' }),
  compare(head, base) {
    const [h, b] = [obj(head.result), obj(base.result)];
    const [hs, bs] = [stepTimes(h), stepTimes(b)];
    return {
      up: upDelta(h, b),
      duration_ms: delta(h.duration_ms, b.duration_ms, 'lower', THRESHOLDS.ms),
      steps: Object.fromEntries(
        [...hs.keys()].filter((k) => bs.has(k)).map((k) => [k, delta(hs.get(k), bs.get(k), 'lower', THRESHOLDS.ms)]),
      ),
    };
  },
};
