import { StringDecoder } from 'node:string_decoder';
import { withoutNul } from '@pageprobe/db';
import { guardedRequest, RequestFailed } from '@pageprobe/net-guard';

/** How much of the receiver's answer is read and kept; the rest is never downloaded. */
export const SNIPPET_BYTES = 512;

/** One try at delivering: a callback's, or a message's to a channel (HTTP or SMTP). */
export interface AttemptResult {
  startedAt: Date;
  durationMs: number;
  /** The HTTP status, or for email the SMTP server's reply code. */
  statusCode: number | null;
  error: string | null;
  /** The receiver's address is refused by the guard: retrying cannot help. */
  blocked: boolean;
  responseSnippet: string | null;
  /** What a 429's Retry-After asked for, in ms. */
  retryAfterMs: number | null;
}

/** A clock for an attempt: what it returns when it is over. */
export function attemptClock() {
  const startedAt = new Date();
  const started = performance.now();
  return (fields: Partial<Omit<AttemptResult, 'startedAt' | 'durationMs'>>): AttemptResult => ({
    startedAt,
    durationMs: Math.round(performance.now() - started),
    statusCode: null,
    error: null,
    blocked: false,
    responseSnippet: null,
    retryAfterMs: null,
    ...fields,
  });
}

/**
 * The receiver's bytes as text PostgreSQL takes: a NUL made it refuse the attempt row, which left the
 * delivery pending for ever (issue 28). Invalid UTF-8 becomes U+FFFD; a character cut by the byte cap is
 * dropped, not half-kept.
 */
function snippetText(body: Buffer, truncated: boolean): string {
  const decoder = new StringDecoder('utf8');
  return withoutNul(truncated ? decoder.write(body) : decoder.end(body));
}

/** What an attempt row keeps: the system's own code (ECONNREFUSED, EBLOCKEDADDRESS...) before the message. */
function describe(error: RequestFailed): string {
  const code = error.systemCode ?? error.code;
  return withoutNul(error.message.startsWith(code) ? error.message : `${code}: ${error.message}`);
}

/** Retry-After in seconds or as an HTTP date (RFC 9110), in ms from now; null when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | null {
  const header = Array.isArray(value) ? value[0] : value;
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** How an attempt may connect: its time budget, the address policy and the local address it leaves from. */
export interface AttemptOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** The local address the connection binds to (the dispatcher's SOURCE_ADDRESS); unset: the system chooses. */
  localAddress?: string | undefined;
}

/**
 * One POST of the stored bytes within a timeout covering connect to the end of the answer. Redirects are
 * never followed; the host is resolved and checked by the guard, and the socket is given only the address
 * that passed, from the local address when one is given. At most SNIPPET_BYTES of the answer are read.
 */
export async function postAttempt(
  url: string,
  body: string,
  headers: Record<string, string>,
  { timeoutMs, allowPrivate, localAddress }: AttemptOptions,
): Promise<AttemptResult> {
  const done = attemptClock();
  try {
    const answer = await guardedRequest(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
      policy: { allowPrivate, localAddress },
      timeoutMs,
      maxRedirects: 0,
      maxBytes: SNIPPET_BYTES,
    });
    return done({
      statusCode: answer.status,
      responseSnippet: answer.body ? snippetText(answer.body, answer.truncated) : null,
      retryAfterMs: answer.status === 429 ? retryAfterMs(answer.headers['retry-after']) : null,
    });
  } catch (error) {
    if (!(error instanceof RequestFailed)) throw error;
    return done({ error: describe(error), blocked: error.code === 'blocked' });
  }
}
