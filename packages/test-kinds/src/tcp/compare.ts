import { z } from 'zod';
import { type Comparison, delta, deltaSchema, THRESHOLDS } from '../compare/delta.ts';
import { obj } from '../report/read-json.ts';

const PHASES = ['dns', 'connect', 'tls', 'total'] as const;

const tcpDeltas = z
  .object({
    up: z.object({
      head: z.boolean().nullable(),
      base: z.boolean().nullable(),
      change: z.enum(['better', 'worse', 'same']),
    }),
    timings_ms: z.object(
      Object.fromEntries(PHASES.map((p) => [p, deltaSchema])) as Record<(typeof PHASES)[number], typeof deltaSchema>,
    ),
    certificate_days_remaining: deltaSchema,
  })
  .meta({ id: 'TcpDeltas', description: 'head − base of two TCP checks.' });

const bool = (v: unknown) => (typeof v === 'boolean' ? v : null);

export const tcpComparison: Comparison = {
  schema: tcpDeltas,
  compare(head, base) {
    const h = obj(head.result);
    const b = obj(base.result);
    const up = { head: bool(h.up), base: bool(b.up) };
    return {
      up: {
        ...up,
        change: up.head === up.base || up.head === null || up.base === null ? 'same' : up.head ? 'better' : 'worse',
      },
      timings_ms: Object.fromEntries(
        PHASES.map((p) => [p, delta(obj(h.timings_ms)[p], obj(b.timings_ms)[p], 'lower', THRESHOLDS.ms)]),
      ),
      certificate_days_remaining: delta(
        obj(h.tls).days_remaining,
        obj(b.tls).days_remaining,
        'higher',
        THRESHOLDS.count,
      ),
    };
  },
};
