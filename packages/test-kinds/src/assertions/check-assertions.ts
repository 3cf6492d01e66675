import type { KeyRules, Measure } from './assertions.ts';

/** What a check that times phases and may hold a certificate (uptime, tcp, smtp) is measured on. */
export interface PhasedCheckSubject {
  up: boolean;
  timings_ms: Record<string, number | null>;
  tls: { days_remaining: number | null } | null;
}

/**
 * Such a check's assertion keys and their measure: `<kind>:up` (a bare level: it must be up),
 * `<kind>:timings:<phase>` (maxNumericValue in ms) and `<kind>:certificate:days_remaining` (minNumericValue).
 */
export function phasedCheckAssertions(kind: string, phases: readonly string[]) {
  const known = new Set(phases);
  const timing = new RegExp(`^${kind}:timings:(.+)$`);
  const rules: KeyRules = (key) => {
    if (key === `${kind}:up`) return { operators: ['minScore'], implied: { operator: 'minScore', expected: 1 } };
    const phase = timing.exec(key);
    if (phase) return known.has(phase[1]!) ? { operators: ['maxNumericValue'] } : null;
    if (key === `${kind}:certificate:days_remaining`) return { operators: ['minNumericValue'] };
    return null;
  };
  const measure =
    (result: PhasedCheckSubject): Measure =>
    (key) => {
      if (key === `${kind}:up`) return result.up ? 1 : 0;
      const phase = timing.exec(key);
      if (phase) return known.has(phase[1]!) ? (result.timings_ms[phase[1]!] ?? null) : null;
      if (key === `${kind}:certificate:days_remaining`) return result.tls?.days_remaining ?? null;
      return null;
    };
  return { rules, measure };
}
