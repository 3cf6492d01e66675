import type { FinishedCheck } from '@pageprobe/monitors';

/**
 * An uptime check of a monitor at a time, as a worker finishes it: up (200, 60 ms) or down (a timeout),
 * and up but degraded when asked. Files that record history through recordChecks build theirs with it.
 */
export function uptimeCheck(monitorId: string, at: number, up: boolean, { degraded = false } = {}): FinishedCheck {
  return {
    monitorId,
    location: 'default',
    plan: 'pro',
    slot: new Date(at),
    startedAt: new Date(at),
    figures: {
      up,
      ...(degraded ? { degraded } : {}),
      reason: up ? null : 'timeout',
      status_code: up ? 200 : null,
      timings_ms: up
        ? { dns: 1, connect: 1, tls: null, first_byte: 50, download: 1, total: 60 }
        : { dns: 1, connect: null, tls: null, first_byte: null, download: null, total: null },
      tls: null,
    },
    passed: null,
    failing: [],
  };
}
