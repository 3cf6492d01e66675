import { z } from 'zod';
import { upDelta, upDeltaSchema } from '../compare/check-compare.ts';
import { type Comparison, delta, deltaSchema, THRESHOLDS } from '../compare/delta.ts';
import { obj } from '../report/read-json.ts';

const stepsOf = (r: Record<string, unknown>) =>
  new Map(
    (Array.isArray(r.steps) ? r.steps : []).map((s) => {
      const step = obj(s);
      return [String(step.name), step] as const;
    }),
  );

/** Two browser checks: the verdict, the whole run's time, and each step both have (by name), lower better. */
export const browserComparison: Comparison = {
  schema: z
    .object({
      up: upDeltaSchema,
      duration_ms: deltaSchema,
      steps: z.record(z.string(), deltaSchema).describe('Each step both runs have, by its name: its time in ms.'),
    })
    .meta({ id: 'BrowserDeltas', description: 'head − base of two browser checks.' }),
  compare(head, base) {
    const [h, b] = [obj(head.result), obj(base.result)];
    const [hs, bs] = [stepsOf(h), stepsOf(b)];
    return {
      up: upDelta(h, b),
      duration_ms: delta(h.duration_ms, b.duration_ms, 'lower', THRESHOLDS.ms),
      steps: Object.fromEntries(
        [...hs]
          .filter(([name]) => bs.has(name))
          .map(([name, step]) => [name, delta(step.duration_ms, bs.get(name)!.duration_ms, 'lower', THRESHOLDS.ms)]),
      ),
    };
  },
};
