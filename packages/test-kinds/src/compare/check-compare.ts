import { z } from 'zod';
import { type Comparison, delta, deltaSchema, THRESHOLDS } from './delta.ts';
import { obj } from '../report/read-json.ts';

// What two checks' comparisons share (uptime, tcp, dns): the verdict, each phase's time, the certificate.

/** The verdict of both, and whether it got better (down to up) or worse. */
export const upDeltaSchema = z.object({
  head: z.boolean().nullable(),
  base: z.boolean().nullable(),
  change: z.enum(['better', 'worse', 'same']),
});

const bool = (v: unknown) => (typeof v === 'boolean' ? v : null);

export function upDelta(h: Record<string, unknown>, b: Record<string, unknown>): z.infer<typeof upDeltaSchema> {
  const up = { head: bool(h.up), base: bool(b.up) };
  const same = up.head === up.base || up.head === null || up.base === null;
  return { ...up, change: same ? 'same' : up.head ? 'better' : 'worse' };
}

/** A delta per phase of `timings_ms`, lower better. */
export const timingsSchema = <const P extends string>(phases: readonly P[]) =>
  z.object(Object.fromEntries(phases.map((p) => [p, deltaSchema])) as Record<P, typeof deltaSchema>);

export const timingDeltas = (phases: readonly string[], h: Record<string, unknown>, b: Record<string, unknown>) =>
  Object.fromEntries(phases.map((p) => [p, delta(obj(h.timings_ms)[p], obj(b.timings_ms)[p], 'lower', THRESHOLDS.ms)]));

/** The certificate's days left (a TLS check's), higher better. */
export const certificateDelta = (h: Record<string, unknown>, b: Record<string, unknown>) =>
  delta(obj(h.tls).days_remaining, obj(b.tls).days_remaining, 'higher', THRESHOLDS.count);

/**
 * The comparison of a check that times phases and may hold a certificate (uptime, tcp): the verdict, each
 * phase's time, the certificate's days left, and what `more` adds (uptime's status codes).
 */
export function checkComparison<const P extends string, M extends z.ZodRawShape>(options: {
  id: string;
  description: string;
  phases: readonly P[];
  more?: { shape: M; compare: (h: Record<string, unknown>, b: Record<string, unknown>) => Record<string, unknown> };
}): Comparison {
  const { phases, more } = options;
  return {
    schema: z
      .object({
        up: upDeltaSchema,
        ...more?.shape,
        timings_ms: timingsSchema(phases),
        certificate_days_remaining: deltaSchema,
      })
      .meta({ id: options.id, description: options.description }),
    compare(head, base) {
      const [h, b] = [obj(head.result), obj(base.result)];
      return {
        up: upDelta(h, b),
        ...more?.compare(h, b),
        timings_ms: timingDeltas(phases, h, b),
        certificate_days_remaining: certificateDelta(h, b),
      };
    },
  };
}
