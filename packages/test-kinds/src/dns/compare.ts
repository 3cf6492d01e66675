import { z } from 'zod';
import { type Comparison, delta, deltaSchema, THRESHOLDS } from '../compare/delta.ts';
import { arr, obj, str } from '../report/read-json.ts';

const dnsDeltas = z
  .object({
    up: z.object({
      head: z.boolean().nullable(),
      base: z.boolean().nullable(),
      change: z.enum(['better', 'worse', 'same']),
    }),
    answers: z.object({
      added: z.array(z.string()).describe('In head, not in base.'),
      removed: z.array(z.string()).describe('In base, not in head.'),
    }),
    total_ms: deltaSchema,
  })
  .meta({ id: 'DnsDeltas', description: 'What changed between two DNS checks: the verdict, the answers, the time.' });

const bool = (v: unknown) => (typeof v === 'boolean' ? v : null);
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
    const up = { head: bool(h.up), base: bool(b.up) };
    const [now, before] = [values(h), values(b)];
    return {
      up: {
        ...up,
        change: up.head === up.base || up.head === null || up.base === null ? 'same' : up.head ? 'better' : 'worse',
      },
      answers: {
        added: [...now].filter((v) => !before.has(v)).sort(),
        removed: [...before].filter((v) => !now.has(v)).sort(),
      },
      total_ms: delta(obj(h.timings_ms).total, obj(b.timings_ms).total, 'lower', THRESHOLDS.ms),
    };
  },
};
