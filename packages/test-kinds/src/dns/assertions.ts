import type { KeyRules, Measure } from '../assertions/assertions.ts';

/** dns's keys: `dns:up` and `dns:timings:total` (ms). */
export const dnsAssertionRules: KeyRules = (key) => {
  if (key === 'dns:up') return { operators: ['minScore'], implied: { operator: 'minScore', expected: 1 } };
  if (key === 'dns:timings:total') return { operators: ['maxNumericValue'] };
  return null;
};

export const measureDns =
  (result: { up: boolean; timings_ms: { total: number | null } }): Measure =>
  (key) => {
    if (key === 'dns:up') return result.up ? 1 : 0;
    if (key === 'dns:timings:total') return result.timings_ms.total;
    return null;
  };
