import type { Logger } from '@pageprobe/logger';
import { errorResponse } from './api-schema.ts';

export type Endpoint = 'records:queryRecord' | 'records:queryHistoryRecord';

/** What one request to the API came to. */
export type PostOutcome =
  | { status: 'ok'; body: unknown }
  | { status: 'not_found' }
  | { status: 'rate_limited' }
  | { status: 'api_error' };

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * One POST to the API. The key travels in the query string (the API's only way), so the URL is never
 * logged nor put in an error we pass on: failures are logged by endpoint and status alone.
 */
export async function postQuery(
  opts: { apiUrl: string; apiKey: string; timeoutMs?: number | undefined; log?: Logger | undefined },
  endpoint: Endpoint,
  body: object,
): Promise<PostOutcome> {
  const fail = (detail: Record<string, unknown>): PostOutcome => {
    opts.log?.warn({ crux: { endpoint, ...detail } }, 'CrUX API query failed; field data unavailable');
    return { status: 'api_error' };
  };
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${opts.apiUrl}/${endpoint}?key=${encodeURIComponent(opts.apiKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    // Only the error's kind and code: undici's messages can quote the URL, and with it the key.
    const cause = (error as { cause?: { code?: unknown } }).cause;
    return fail({ error: (error as Error).name, code: typeof cause?.code === 'string' ? cause.code : undefined });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail({ status: response.status, error: 'malformed JSON' });
  }
  if (response.ok) return { status: 'ok', body: json };
  const apiStatus = errorResponse.safeParse(json).data?.error.status;
  // The API's "chrome ux report data not found": too little traffic. A 404 of another shape is a wrong
  // CRUX_API_URL, which must show as an error rather than as "no data" for ever.
  if (response.status === 404 && apiStatus === 'NOT_FOUND') return { status: 'not_found' };
  if (response.status === 429) {
    opts.log?.warn({ crux: { endpoint, status: 429 } }, 'CrUX API quota exhausted');
    return { status: 'rate_limited' };
  }
  return fail({ status: response.status, apiStatus });
}
