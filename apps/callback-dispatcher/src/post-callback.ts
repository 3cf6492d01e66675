import { StringDecoder } from 'node:string_decoder';
import { guardedRequest, RequestFailed } from '@pageprobe/net-guard';
import { withoutNul } from '@pageprobe/test-lifecycle';
import { SIGNATURE_HEADER, signPayload } from '@pageprobe/webhook-verify';

export const USER_AGENT = 'Pageprobe-Callbacks/1.0 (+https://pageprobe.dev/docs/callbacks)';
/** How much of the receiver's answer is read and kept; the rest is never downloaded. */
export const SNIPPET_BYTES = 512;

export interface CallbackRequest {
  url: string;
  deliveryId: string;
  event: string;
  body: string;
  /** The team's secret at the time of this attempt; null sends no signature. */
  secret: string | null;
}

export interface AttemptResult {
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  /** The receiver's address is refused by the guard: retrying cannot help. */
  blocked: boolean;
  responseSnippet: string | null;
}

/**
 * One attempt: POST the stored bytes, signed afresh, within a timeout covering connect to the end of
 * the answer. Redirects are never followed; the host is resolved and checked by the guard, and the
 * socket is given only the address that passed. At most SNIPPET_BYTES of the answer are read.
 */
export async function postCallback(
  request: CallbackRequest,
  { timeoutMs, allowPrivate }: { timeoutMs: number; allowPrivate: boolean },
): Promise<AttemptResult> {
  const startedAt = new Date();
  const started = performance.now();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'x-service-event': request.event,
    'x-service-delivery': request.deliveryId,
  };
  if (request.secret) headers[SIGNATURE_HEADER.toLowerCase()] = signPayload(request.secret, request.body);
  const result = (
    statusCode: number | null,
    error: RequestFailed | null,
    snippet: { body: Buffer | null; truncated: boolean } | null,
  ): AttemptResult => ({
    startedAt,
    durationMs: Math.round(performance.now() - started),
    statusCode,
    // An error's message can quote the receiver too (a certificate's names).
    error: error && withoutNul(describe(error)),
    blocked: error?.code === 'blocked',
    responseSnippet: snippet?.body ? snippetText(snippet.body, snippet.truncated) : null,
  });

  try {
    const answer = await guardedRequest(request.url, {
      method: 'POST',
      body: request.body,
      headers,
      policy: { allowPrivate },
      timeoutMs,
      maxRedirects: 0,
      maxBytes: SNIPPET_BYTES,
    });
    return result(answer.status, null, answer);
  } catch (error) {
    if (!(error instanceof RequestFailed)) throw error;
    return result(null, error, null);
  }
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
  return error.message.startsWith(code) ? error.message : `${code}: ${error.message}`;
}

/** Network errors, timeouts and 5xx get the one retry; 2xx is done; 3xx and 4xx are final. */
export function classify(result: AttemptResult): 'delivered' | 'retry' | 'final' {
  if (result.statusCode === null) return result.blocked ? 'final' : 'retry';
  if (result.statusCode >= 200 && result.statusCode < 300) return 'delivered';
  if (result.statusCode >= 500) return 'retry';
  return 'final';
}
