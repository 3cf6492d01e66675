import { assertAllowedLiteral, guardedLookup } from '@pageprobe/net-guard';
import { SIGNATURE_HEADER, signPayload } from '@pageprobe/webhook-verify';
import got from 'got';

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
  const result = (statusCode: number | null, error: string | null, snippet: Buffer | null): AttemptResult => ({
    startedAt,
    durationMs: Math.round(performance.now() - started),
    statusCode,
    error,
    responseSnippet: snippet ? snippet.toString('utf8') : null,
  });

  try {
    assertAllowedLiteral(new URL(request.url).hostname, { allowPrivate });
  } catch (error) {
    return result(null, describe(error), null);
  }
  return new Promise((resolve) => {
    const stream = got.stream.post(request.url, {
      body: request.body,
      headers,
      followRedirect: false,
      throwHttpErrors: false,
      retry: { limit: 0 },
      timeout: { request: timeoutMs },
      dnsLookup: guardedLookup({ allowPrivate }),
    });
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let kept = 0;
    const finish = (error: string | null) => {
      stream.destroy();
      resolve(result(statusCode, error, statusCode === null ? null : Buffer.concat(chunks).subarray(0, SNIPPET_BYTES)));
    };
    stream.on('response', (response: { statusCode: number }) => {
      statusCode = response.statusCode;
    });
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      kept += chunk.length;
      if (kept >= SNIPPET_BYTES) finish(null);
    });
    stream.on('end', () => finish(null));
    stream.on('error', (error: unknown) => {
      if (statusCode !== null && chunks.length > 0) return finish(null);
      statusCode = null;
      finish(describe(error));
    });
  });
}

function describe(error: unknown): string {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.startsWith(code) ? `${code}: ${message}` : message;
}

/** Network errors, timeouts and 5xx get the one retry; 2xx is done; 3xx and 4xx are final. */
export function classify(result: AttemptResult): 'delivered' | 'retry' | 'final' {
  if (result.statusCode === null) return result.error?.startsWith('EBLOCKEDADDRESS') ? 'final' : 'retry';
  if (result.statusCode >= 200 && result.statusCode < 300) return 'delivered';
  if (result.statusCode >= 500) return 'retry';
  return 'final';
}
