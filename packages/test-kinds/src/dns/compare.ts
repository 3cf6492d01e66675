import { z } from 'zod';
import { upDelta, upDeltaSchema } from '../compare/check-compare.ts';
import { type Comparison, delta, deltaSchema, THRESHOLDS } from '../compare/delta.ts';
import { arr, obj, str } from '../report/read-json.ts';

const dnsDeltas = z
  .object({
    up: upDeltaSchema,
    answers: z.object({
      added: z.array(z.string()).describe('In head, not in base.'),
      removed: z.array(z.string()).describe('In base, not in head.'),
    }),
    total_ms: deltaSchema,
  })
  .meta({ id: 'DnsDeltas', description: 'What changed between two DNS checks: the verdict, the answers, the time.' });

const values = (result: unknown) =>
  new Set(
    arr(obj(result).answers)
      .map((a) => str(obj(a).value))
      .filter((v): v is string => v !== null),
  );

export const dnsComparison: Comparison = {
  schema: dnsDeltas,
  compare(head, base) {
    const h = obj(head.result);
    const b = obj(base.result);
    const [now, before] = [values(h), values(b)];
    return {
      up: upDelta(h, b),
      answers: {
        added: [...now].filter((v) => !before.has(v)).sort(),
        removed: [...before].filter((v) => !now.has(v)).sort(),
      },
      total_ms: delta(obj(h.timings_ms).total, obj(b.timings_ms).total, 'lower', THRESHOLDS.ms),
    };
  },
};
