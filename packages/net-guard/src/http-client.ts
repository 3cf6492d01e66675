import type { IncomingHttpHeaders } from 'node:http';
import got, { type PlainResponse, type Timings } from 'got';
import { connectionLookup } from './guarded-lookup.ts';
import { NetworkError, networkErrorCode, toNetworkError } from './network-error.ts';
import { type GuardPolicy, sourceOptions } from './policy.ts';

export interface GuardedRequest {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  headers?: Record<string, string>;
  /** Headers for one hop, by its URL: a test's credentials go to its own origin only, never down a redirect elsewhere. */
  hopHeaders?: (url: URL) => Record<string, string>;
  body?: string | Buffer;
  policy: GuardPolicy;
  /** For the whole exchange, redirects included. */
  timeoutMs: number;
  /** Redirects followed (each hop checked by the guard); 0 returns a 3xx as the answer. */
  maxRedirects?: number;
  /** End with `redirect_loop` at the first hop back to a URL already visited, not at maxRedirects. */
  stopOnLoop?: boolean;
  /**
   * Body bytes read at most, counted after Content-Encoding is undone, so a small compressed answer
   * cannot expand past it; past it the request is cut and `truncated` set.
   */
  maxBytes: number;
  /** Keep the body's bytes (given the answer's headers), or only count them. Default: keep. */
  keepBody?: boolean | ((headers: IncomingHttpHeaders) => boolean);
  /** Keep the body's first this many bytes (`head`) even when the body is only counted (a check's page shows them). */
  keepHead?: number;
}

export interface Hop {
  url: string;
  status: number;
}

export interface GuardedResponse {
  /** Where the redirects (if any) ended. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  redirects: Hop[];
  ip: string | null;
  httpVersion: string | null;
  /** The first `maxBytes` of the body when kept; null when only counted. */
  body: Buffer | null;
  /** The first `keepHead` bytes of the body, kept or not; absent without keepHead. */
  head?: Buffer;
  /** Body bytes read, at most maxBytes. */
  size: number;
  truncated: boolean;
  /** got's phases of the last hop. */
  timings: Timings | undefined;
}

/** How far a failed exchange got: the hops followed, and the URL, status and timings where it stopped. */
export interface FailedExchange {
  url: string;
  status: number | null;
  redirects: Hop[];
  timings: Timings | undefined;
}

/** A NetworkError that says how far the exchange got. */
export class RequestFailed extends NetworkError {
  readonly exchange: FailedExchange;
  constructor(error: NetworkError, exchange: FailedExchange) {
    super(error.code, error.message, { cause: error.cause, systemCode: error.systemCode });
    this.exchange = exchange;
  }
}

/**
 * The service's one way to make an HTTP request to an address a client gave us: every hop's host is
 * resolved by the guard (or checked as a literal) before a socket opens, redirects are followed here so
 * each is checked and recorded, the time budget covers the whole exchange and the body is read up to a
 * byte cap. Every connection binds to the policy's local address when it has one. Any failure is thrown as
 * RequestFailed, with one code from networkErrorCode.
 */
export async function guardedRequest(url: string, request: GuardedRequest): Promise<GuardedResponse> {
  const started = performance.now();
  const remaining = () => request.timeoutMs - (performance.now() - started);
  const maxRedirects = request.maxRedirects ?? 0;
  const redirects: Hop[] = [];
  const seen = new Set([url]);
  // The URL being asked or the last one that answered, never a redirect target before its own check:
  // callers report it and may connect to it again (uptime's TLS probe).
  let current = url;
  const fail = (error: unknown, status: number | null = null, timings?: Timings): never => {
    throw new RequestFailed(toNetworkError(error), { url: current, status, redirects, timings });
  };
  // What the next hop sends: a redirect can turn it into a GET without a body (see afterRedirect).
  let hop = request;
  for (;;) {
    let answer: GuardedResponse;
    try {
      answer = await exchangeOnce(new URL(current), hop, Math.max(1, Math.round(remaining())), maxRedirects > 0);
    } catch (error) {
      return fail(error, null, (error as { timings?: Timings }).timings);
    }
    const location = answer.headers.location;
    if (maxRedirects === 0 || answer.status < 300 || answer.status >= 400 || typeof location !== 'string') {
      return { ...answer, url: current, redirects };
    }
    if (redirects.length >= maxRedirects) {
      fail(
        new NetworkError('too_many_redirects', `More than ${maxRedirects} redirects.`),
        answer.status,
        answer.timings,
      );
    }
    let next: string;
    try {
      next = new URL(location, current).href;
    } catch {
      return fail(new NetworkError('bad_redirect', `Redirect to an invalid location: ${location}`), answer.status);
    }
    // Out of time between a redirect and its next hop: the exchange ends at the URL that answered, not at
    // a target no guard has looked at yet (issue 28).
    if (remaining() <= 0) {
      fail(new NetworkError('timeout', `No answer within ${request.timeoutMs} ms.`), answer.status, answer.timings);
    }
    redirects.push({ url: current, status: answer.status });
    hop = afterRedirect(hop, answer.status);
    current = next;
    if (seen.has(next) && request.stopOnLoop) {
      fail(new NetworkError('redirect_loop', `Redirects loop back to ${next}.`), answer.status, answer.timings);
    }
    seen.add(next);
  }
}

/**
 * The request a redirect leads to, as browsers and fetch send it (RFC 9110 §15.4): 303 turns anything
 * but HEAD into a GET, 301 and 302 turn a POST into one; the body and its Content-Type stay behind.
 * 307 and 308 repeat the request as it was.
 */
function afterRedirect(request: GuardedRequest, status: number): GuardedRequest {
  const method = request.method ?? 'GET';
  const toGet =
    (status === 303 && method !== 'GET' && method !== 'HEAD') ||
    ((status === 301 || status === 302) && method === 'POST');
  if (!toGet) return request;
  const headers = Object.fromEntries(
    Object.entries(request.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'content-type'),
  );
  const { body: _body, ...rest } = request;
  return { ...rest, method: 'GET', headers };
}

/** One request and its answer, the body read up to the cap unless it is a redirect about to be followed. */
function exchangeOnce(
  url: URL,
  request: GuardedRequest,
  timeoutMs: number,
  following: boolean,
): Promise<GuardedResponse> {
  const lookup = connectionLookup(url, request.policy);
  // Bound to the policy's local address; names resolved to its family only.
  const { localAddress, family } = sourceOptions(request.policy);
  return new Promise((resolve, reject) => {
    const stream = got.stream(url, {
      method: request.method ?? 'GET',
      body: request.body,
      headers: { ...request.headers, ...request.hopHeaders?.(url) },
      followRedirect: false,
      throwHttpErrors: false,
      retry: { limit: 0 },
      timeout: { request: timeoutMs },
      dnsLookup: lookup,
      localAddress,
      dnsLookupIpVersion: family,
    });
    let response: PlainResponse | undefined;
    let keep = false;
    const chunks: Buffer[] = [];
    const headChunks: Buffer[] = [];
    const headMax = request.keepHead ?? 0;
    let size = 0;
    let settled = false;
    const finish = (truncated: boolean) => {
      if (settled || !response) return;
      settled = true;
      if (truncated) markCut(response.timings);
      stream.destroy();
      // Exactly the first maxBytes: the chunk that crossed the cap is cut, so callers can trust the limit.
      const body = keep ? Buffer.concat(chunks).subarray(0, request.maxBytes) : null;
      resolve({
        url: url.href,
        status: response.statusCode,
        headers: response.headers,
        redirects: [],
        ip: response.ip ?? null,
        httpVersion: response.httpVersion ?? null,
        body,
        ...(headMax
          ? { head: (body ?? Buffer.concat(headChunks)).subarray(0, Math.min(headMax, request.maxBytes)) }
          : {}),
        size: Math.min(size, request.maxBytes),
        truncated,
        timings: response.timings,
      });
    };
    stream.on('response', (r: PlainResponse) => {
      response = r;
      const redirect = following && r.statusCode >= 300 && r.statusCode < 400 && typeof r.headers.location === 'string';
      keep = typeof request.keepBody === 'function' ? request.keepBody(r.headers) : request.keepBody !== false;
      if (redirect) finish(false);
    });
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (keep) chunks.push(chunk);
      else if (size - chunk.length < headMax) headChunks.push(chunk);
      if (size > request.maxBytes) finish(true);
    });
    stream.on('end', () => finish(false));
    stream.on('error', (error: unknown) => {
      // Once an answer has come, a broken connection only ends its body early: what was read stands. A
      // body still arriving at the deadline (one byte a second) is a timeout like no answer at all.
      if (response && networkErrorCode(error) !== 'timeout') return finish(false);
      if (settled) return;
      settled = true;
      reject(error);
    });
  });
}

/** http-timer sets the download and total phases on 'end', which a cut body never reaches. */
function markCut(timings: Timings | undefined): void {
  if (!timings) return;
  const now = Date.now();
  timings.phases.download ??= timings.response === undefined ? undefined : now - timings.response;
  timings.phases.total ??= now - timings.start;
}
