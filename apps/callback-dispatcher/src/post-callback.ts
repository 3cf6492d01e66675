import { assertAllowedLiteral, guardedLookup } from '@pageprobe/net-guard';
import { SIGNATURE_HEADER, signPayload } from '@pageprobe/webhook-verify';
import got, { type RequestError } from 'got';

export const USER_AGENT = 'Pageprobe-Callbacks/1.0 (+https://pageprobe.dev/docs/callbacks)';
/** The receiver's answer kept for the record. */
const SNIPPET_BYTES = 512;

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
  responseSnippet: string | null;
}

/**
 * One attempt: POST the stored bytes, signed afresh, with a timeout covering connect to last byte.
 * Redirects are never followed; the host is resolved and checked by the guard, and the socket is
 * given only the address that passed.
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
  const elapsed = () => Math.round(performance.now() - started);
  try {
    assertAllowedLiteral(new URL(request.url).hostname, { allowPrivate });
    const response = await got.post(request.url, {
      body: request.body,
      headers,
      followRedirect: false,
      throwHttpErrors: false,
      retry: { limit: 0 },
      timeout: { request: timeoutMs },
      dnsLookup: guardedLookup({ allowPrivate }),
      responseType: 'buffer',
    });
    return {
      startedAt,
      durationMs: elapsed(),
      statusCode: response.statusCode,
      error: null,
      responseSnippet: Buffer.from(response.rawBody.subarray(0, SNIPPET_BYTES)).toString('utf8'),
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    const code = (error as RequestError).code ?? cause?.code;
    const message = error instanceof Error ? error.message : String(error);
    return { startedAt, durationMs: elapsed(), statusCode: null, error: code ? `${code}: ${message}` : message, responseSnippet: null };
  }
}

/** Network errors, timeouts and 5xx get the one retry; 2xx is done; 3xx and 4xx are final. */
export function classify(result: AttemptResult): 'delivered' | 'retry' | 'final' {
  if (result.statusCode === null) return result.error?.startsWith('EBLOCKEDADDRESS') ? 'final' : 'retry';
  if (result.statusCode >= 200 && result.statusCode < 300) return 'delivered';
  if (result.statusCode >= 500) return 'retry';
  return 'final';
}
