import {
  type GuardPolicy,
  type GuardedResponse,
  guardedRequest,
  type Hop,
  type NetworkErrorCode,
  RequestFailed,
} from '@pageprobe/net-guard';
import {
  DEFAULT_CONTENT_TYPE,
  evaluateExpectationsBounded,
  type Expectation,
  type ExpectationResult,
  firstFailure,
  needsBody,
  type UptimeOptions,
} from '@pageprobe/test-kinds';
import { probeTls, type TlsDetails } from './probe-tls.ts';

export type DownReason =
  | 'dns_error'
  | 'connection_refused'
  | 'connection_reset'
  | 'timeout'
  | 'tls_error'
  | 'http_error'
  | 'expectation_failed';

export interface UptimeResult {
  up: boolean;
  reason: DownReason | null;
  status_code: number | null;
  final_url: string | null;
  redirects: Array<{ url: string; status_code: number }>;
  ip_address: string | null;
  http_version: string | null;
  /** Body bytes read, after decompression: at most MAX_BODY_BYTES. */
  size_bytes: number | null;
  /** True when the body went on past MAX_BODY_BYTES and we stopped reading. */
  body_truncated: boolean;
  timings_ms: {
    dns: number | null;
    connect: number | null;
    tls: number | null;
    first_byte: number | null;
    download: number | null;
    total: number | null;
  };
  /** For https: the certificate of the last host reached. */
  tls: TlsDetails | null;
  error: string | null;
  /** With `expect`: each expectation with what was found (empty when no answer came). */
  expectations?: ExpectationResult[];
}

export interface CheckOptions {
  /** Who may be reached, by every connection the check makes (its requests and the TLS probe). */
  policy: GuardPolicy;
  timeoutMs: number;
  maxRedirects?: number;
  /** The test's credentials, for its own origin only (see credentialsFor). */
  hopHeaders?: (url: URL) => Record<string, string>;
  /** How to ask and what the answer must show (the test's or monitor's options); GET and 2xx/3xx without. */
  request?: Pick<UptimeOptions, 'method' | 'body' | 'content_type' | 'expect'>;
  /** More request headers (a multistep request's own), sent on every hop. */
  headers?: Record<string, string>;
  /** Keep the body even when no expectation reads it (a multistep request extracts from it). */
  keepBody?: boolean;
  /** Keep the body's first this many bytes (a monitor's page shows its last check's, issue 60). */
  keepHead?: number;
}

/**
 * The verdict needs only the status and timings; the body is read (for its size and the download
 * phase) up to this many decompressed bytes and no further, so a small compressed answer that
 * expands to gigabytes costs at most this much.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

const round = (n: number | undefined) => (n === undefined ? null : Math.round(n));

function timingsOf(timings: GuardedResponse['timings']): UptimeResult['timings_ms'] {
  const p = timings?.phases;
  return {
    dns: round(p?.dns),
    connect: round(p?.tcp),
    tls: round(p?.tls),
    first_byte: round(p?.firstByte),
    download: round(p?.download),
    total: round(p?.total),
  };
}

/** Uptime's reasons are the network codes, with anything that is not a network fault counted as HTTP's. */
const REASONS: Partial<Record<NetworkErrorCode, DownReason>> = {
  dns_error: 'dns_error',
  connection_refused: 'connection_refused',
  connection_reset: 'connection_reset',
  timeout: 'timeout',
  tls_error: 'tls_error',
};

/**
 * One uptime check: its request (GET unless told) with up to 5 redirects inside one time budget, through
 * the egress guard, then its expectations judged against the answer.
 * A site that is down is a result, not an error; only a blocked address throws (a NetworkError coded `blocked`).
 */
export async function checkUptime(url: string, options: CheckOptions): Promise<UptimeResult> {
  return (await checkUptimeAnswered(url, options)).result;
}

/** checkUptime, with the answer it judged (null when none came): a monitor keeps its last one (issue 60). */
export async function checkUptimeAnswered(
  url: string,
  options: CheckOptions,
): Promise<{ result: UptimeResult; answer: GuardedResponse | null }> {
  const { result: http, answer } = await checkHttp(url, options);
  return { result: await judged(url, options, http, answer), answer };
}

async function judged(
  url: string,
  options: CheckOptions,
  result: Omit<UptimeResult, 'tls'>,
  answer: GuardedResponse | null,
): Promise<UptimeResult> {
  const last = new URL(result.final_url ?? result.redirects.at(-1)?.url ?? url);
  const tls =
    last.protocol === 'https:'
      ? await probeTls(last, { policy: options.policy, timeoutMs: Math.min(10_000, options.timeoutMs) })
      : null;
  const expect = options.request?.expect;
  if (!expect?.length) return { ...result, tls };
  // No answer: nothing to judge, and the network's reason stands.
  if (!answer) return { ...result, tls, expectations: [] };
  // Judged off the event loop when a JSONPath or a body pattern may be costly (expect-thread.ts).
  const expectations = await evaluateExpectationsBounded(expect, {
    status: result.status_code,
    headers: answer.headers,
    // A body cut at the cap is judged as far as it was read (and a JSON one then fails to parse, saying so).
    body: answer.body?.toString('utf8') ?? null,
    body_truncated: result.body_truncated,
    response_time_ms: result.timings_ms.total,
    certificate_days: tls?.days_remaining ?? null,
  });
  const failed = result.up ? firstFailure(expectations) : null;
  if (!failed) return { ...result, tls, expectations };
  return { ...result, tls, expectations, up: false, reason: 'expectation_failed', error: failed };
}

const USER_AGENT = 'PageprobeUptime/1.0 (+https://pageprobe.dev/bot)';

/** Up by status: 2xx or 3xx, unless an expectation is about the status (it decides instead). */
const statusUp = (status: number, expect: readonly Expectation[] | undefined) =>
  expect?.some((e) => e.source === 'status') || (status >= 200 && status < 400);

/**
 * One request and its verdict by status, without the certificate probe or the expectations: the answer
 * is returned for the caller to judge (null when none came). A blocked address throws.
 */
export async function checkHttp(
  url: string,
  options: CheckOptions,
): Promise<{ result: Omit<UptimeResult, 'tls'>; answer: GuardedResponse | null }> {
  const hops = (redirects: Hop[]) => redirects.map((h) => ({ url: h.url, status_code: h.status }));
  const asked = options.request ?? {};
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, ...options.headers };
  if (asked.body !== undefined) headers['content-type'] = asked.content_type ?? DEFAULT_CONTENT_TYPE;
  try {
    const response = await guardedRequest(url, {
      policy: options.policy,
      timeoutMs: options.timeoutMs,
      maxRedirects: options.maxRedirects ?? 5,
      maxBytes: MAX_BODY_BYTES,
      // Kept only when an expectation reads it; counted either way.
      keepBody: options.keepBody === true || needsBody(asked.expect),
      ...(options.keepHead ? { keepHead: options.keepHead } : {}),
      method: asked.method ?? 'GET',
      headers,
      ...(asked.body !== undefined ? { body: asked.body } : {}),
      ...(options.hopHeaders ? { hopHeaders: options.hopHeaders } : {}),
    });
    const up = statusUp(response.status, asked.expect);
    const result = {
      up,
      reason: up ? null : ('http_error' as const),
      status_code: response.status,
      final_url: response.url,
      redirects: hops(response.redirects),
      ip_address: response.ip,
      http_version: response.httpVersion,
      size_bytes: response.size,
      body_truncated: response.truncated,
      timings_ms: timingsOf(response.timings),
      error: up ? null : `HTTP ${response.status}`,
    };
    return { result, answer: response };
  } catch (error) {
    if (!(error instanceof RequestFailed)) throw error;
    if (error.code === 'blocked') throw error;
    const result = {
      up: false,
      reason: REASONS[error.code] ?? 'http_error',
      status_code: error.exchange.status,
      final_url: error.exchange.url,
      redirects: hops(error.exchange.redirects),
      ip_address: null,
      http_version: null,
      size_bytes: null,
      body_truncated: false,
      timings_ms: timingsOf(error.exchange.timings),
      error: error.message,
    };
    return { result, answer: null };
  }
}
