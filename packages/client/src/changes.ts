import type { Comparison } from './types.ts';

/** One figure of a comparison that changed significantly, named by its path in `deltas` (`vitals.lcp_ms`). */
export interface Change {
  name: string;
  change: 'better' | 'worse';
  head: unknown;
  base: unknown;
  delta: number;
}

/** The figures of a comparison whose change is significant, in document order. */
export function significantChanges(c: Comparison): Change[] {
  const out: Change[] = [];
  const walk = (value: unknown, name: string) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return;
    const d = value as Record<string, unknown>;
    if ('delta' in d && 'change' in d) {
      if (d.change === 'better' || d.change === 'worse') {
        out.push({ name, change: d.change, head: d.head, base: d.base, delta: Number(d.delta) });
      }
      return;
    }
    for (const [k, v] of Object.entries(d)) walk(v, name ? `${name}.${k}` : k);
  };
  walk(c.deltas, '');
  return out;
}
