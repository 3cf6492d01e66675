import type { Problem } from './types.ts';

/** An answer other than 2xx, with the API's problem+json fields (or what could be told without them). */
export class PageprobeError extends Error {
  override readonly name = 'PageprobeError';
  /** HTTP status; 0 when no answer came (network error, timeout). */
  readonly status: number;
  /** The API's error code (`validation_failed`, `rate_limited`, `insufficient_credits`, ...). */
  readonly code: string;
  readonly detail: string;
  /** Seconds the API asked to wait (Retry-After), when it did. */
  readonly retryAfterSeconds: number | null;
  /** Per-field problems of a 400. */
  readonly errors: Array<{ path: string; message: string }>;

  constructor(status: number, problem: Partial<Problem> & { detail?: string }, retryAfterSeconds: number | null) {
    const code = typeof problem.code === 'string' ? problem.code : status === 0 ? 'network_error' : `http_${status}`;
    const detail = typeof problem.detail === 'string' ? problem.detail : `HTTP ${status}`;
    super(`${code}: ${detail}`);
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.retryAfterSeconds = retryAfterSeconds;
    this.errors = Array.isArray(problem.errors) ? (problem.errors as Array<{ path: string; message: string }>) : [];
  }
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date); null without one. */
export function retryAfter(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
