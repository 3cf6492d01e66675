import type { AttemptResult } from './attempt.ts';

// Alerts to channels retry for about half an hour (the spec's one retry after 30 s stays for test
// callbacks): 7 tries (jobs.alert.attempts), the first at once and each next one twice as late as the one before, from
// ALERT_RETRY_BASE_MS (30 s): 30 s, 1, 2, 4, 8 and 16 min, the last 31.5 min after the first. A 429's
// Retry-After is obeyed instead, up to an hour.

export const DEFAULT_ALERT_RETRY_BASE_MS = 30_000;
export const MAX_RETRY_AFTER_MS = 3_600_000;

/** The wait before the next try, after `attemptsMade` tries (1 after the first). */
export function alertRetryDelay(attemptsMade: number, baseMs: number, retryAfter: number | null = null): number {
  if (retryAfter !== null) return Math.min(retryAfter, MAX_RETRY_AFTER_MS);
  return baseMs * 2 ** (attemptsMade - 1);
}

/**
 * What an alert's attempt means: delivered (2xx, or SMTP's 2xx), worth another try (no answer, a
 * timeout, 5xx, 429, 408; SMTP's 4xx) or final (other answers: the receiver says the message is wrong or
 * it is gone; the guard refused its address).
 */
export function classifyAlert(result: AttemptResult, protocol: 'http' | 'smtp'): 'delivered' | 'retry' | 'final' {
  const status = result.statusCode;
  if (status === null) return result.blocked ? 'final' : 'retry';
  if (status >= 200 && status < 300) return 'delivered';
  if (protocol === 'smtp') return status >= 400 && status < 500 ? 'retry' : 'final';
  return status >= 500 || status === 429 || status === 408 ? 'retry' : 'final';
}
