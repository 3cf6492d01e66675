import type { KeyRules, Measure } from '../assertions/assertions.ts';

const PHASES = new Set(['dns', 'connect', 'tls', 'total']);

/** tcp's keys: `tcp:up`, `tcp:timings:<dns|connect|tls|total>` (ms) and `tcp:certificate:days_remaining`. */
export const tcpAssertionRules: KeyRules = (key) => {
  if (key === 'tcp:up') return { operators: ['minScore'], implied: { operator: 'minScore', expected: 1 } };
  const phase = /^tcp:timings:(.+)$/.exec(key);
  if (phase) return PHASES.has(phase[1]!) ? { operators: ['maxNumericValue'] } : null;
  if (key === 'tcp:certificate:days_remaining') return { operators: ['minNumericValue'] };
  return null;
};

export interface TcpSubject {
  up: boolean;
  timings_ms: Record<string, number | null>;
  tls: { days_remaining: number | null } | null;
}

export const measureTcp =
  (result: TcpSubject): Measure =>
  (key) => {
    if (key === 'tcp:up') return result.up ? 1 : 0;
    const phase = /^tcp:timings:(.+)$/.exec(key);
    if (phase) return result.timings_ms[phase[1]!] ?? null;
    if (key === 'tcp:certificate:days_remaining') return result.tls?.days_remaining ?? null;
    return null;
  };
