import type { Expectation } from '../expect/expectation.ts';

// The uptime check's own request fields (issue 47): how it asks (method, body) and what the answer must
// show (expect). Not secret: the test and monitor keep them as given; credentials go in headers, which
// are sealed.

export const UPTIME_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type UptimeMethod = (typeof UPTIME_METHODS)[number];

export interface UptimeOptions {
  /** Default GET. */
  method?: UptimeMethod;
  /** Sent as given, up to MAX_REQUEST_BODY_BYTES; not with GET or HEAD. */
  body?: string;
  /** The body's Content-Type (default text/plain; charset=utf-8). */
  content_type?: string;
  /** Checks of the answer, all of which must hold; replaces the 2xx/3xx rule only if one is about the status. */
  expect?: Expectation[];
}

export const UPTIME_OPTIONS = ['method', 'body', 'content_type', 'expect'] as const;

export const MAX_REQUEST_BODY_BYTES = 64 * 1024;
export const DEFAULT_CONTENT_TYPE = 'text/plain; charset=utf-8';

/** What the document cannot say about uptime's request fields; null when all is well. */
export function checkUptimeOptions(input: UptimeOptions): { path: string; message: string } | null {
  const method = input.method ?? 'GET';
  if (input.body !== undefined) {
    if (method === 'GET' || method === 'HEAD') {
      return { path: 'body.body', message: `cannot be sent with ${method} (use POST, PUT, PATCH, DELETE or OPTIONS)` };
    }
    if (Buffer.byteLength(input.body) > MAX_REQUEST_BODY_BYTES) {
      return { path: 'body.body', message: `must be at most ${MAX_REQUEST_BODY_BYTES} bytes (64 KB) as UTF-8` };
    }
  }
  if (input.content_type !== undefined && input.body === undefined) {
    return { path: 'body.content_type', message: 'is the type of body, which is missing' };
  }
  if (method === 'HEAD') {
    const i = (input.expect ?? []).findIndex((e) => e.source === 'body' || e.source === 'json');
    if (i >= 0) return { path: `body.expect.${i}.source`, message: 'a HEAD answer has no body to check' };
  }
  return null;
}

/** Whether the check must keep the answer's body: an expectation reads it. */
export const needsBody = (expect: readonly Expectation[] | undefined) =>
  (expect ?? []).some((e) => e.source === 'body' || e.source === 'json');

/** The uptime fields of stored options (a test's or monitor's, checked when written); the rest is ignored. */
export function uptimeRequestOf(options: unknown): UptimeOptions {
  if (!options || typeof options !== 'object') return {};
  const { method, body, content_type, expect } = options as UptimeOptions;
  return {
    ...(method ? { method } : {}),
    ...(typeof body === 'string' ? { body } : {}),
    ...(typeof content_type === 'string' ? { content_type } : {}),
    ...(Array.isArray(expect) ? { expect } : {}),
  };
}
