import type { KeyRules, Measure } from '../assertions/assertions.ts';

const PHASES = new Set(['dns', 'connect', 'tls', 'first_byte', 'download', 'total']);

/**
 * uptime's keys: `uptime:up` (a bare level: the site must be up), `uptime:timings:<phase>`
 * (maxNumericValue in ms: dns, connect, tls, first_byte, download, total) and
 * `uptime:certificate:days_remaining` (minNumericValue).
 */
export const uptimeAssertionRules: KeyRules = (key) => {
  if (key === 'uptime:up') return { operators: ['minScore'], implied: { operator: 'minScore', expected: 1 } };
  const phase = /^uptime:timings:(.+)$/.exec(key);
  if (phase) return PHASES.has(phase[1]!) ? { operators: ['maxNumericValue'] } : null;
  if (key === 'uptime:certificate:days_remaining') return { operators: ['minNumericValue'] };
  return null;
};

export interface UptimeSubject {
  up: boolean;
  timings_ms: Record<string, number | null>;
  tls: { days_remaining: number | null } | null;
}

export const measureUptime =
  (result: UptimeSubject): Measure =>
  (key) => {
    if (key === 'uptime:up') return result.up ? 1 : 0;
    const phase = /^uptime:timings:(.+)$/.exec(key);
    if (phase) return result.timings_ms[phase[1]!] ?? null;
    if (key === 'uptime:certificate:days_remaining') return result.tls?.days_remaining ?? null;
    return null;
  };
