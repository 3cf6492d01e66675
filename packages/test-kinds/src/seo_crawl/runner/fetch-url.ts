import { assertAllowedLiteral, BlockedAddressError, guardedLookup } from '@pageprobe/net-guard';
import got from 'got';
import type { EgressPolicy } from '@pageprobe/browser';

/** Our robots.txt token and the User-Agent every crawl request carries. */
export const CRAWLER_TOKEN = 'PageprobeBot';
export const CRAWLER_USER_AGENT = `Mozilla/5.0 (compatible; ${CRAWLER_TOKEN}/1.0; +https://pageprobe.dev/bot)`;

const MAX_REDIRECTS = 10;
/**
 * Bodies past this are cut off: a crawl reads pages, not downloads. got decompresses Content-Encoding
 * (gzip, deflate, br) before the 'data' events counted here, so the cap is on decompressed bytes and a
 * small compressed answer cannot expand past it.
 */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

export interface Hop {
  url: string;
  status: number;
}

export interface Fetched {
  /** The URL asked for. */
  url: string;
  /** Where the redirects (if any) ended. */
  finalUrl: string;
  /** The final answer's status; null when no answer came. */
  status: number | null;
  redirects: Hop[];
  headers: Record<string, string | string[] | undefined>;
  contentType: string | null;
  /** The body of text responses (HTML, XML, plain text) as UTF-8; null otherwise. */
  body: string | null;
  /** The body's bytes, for any type when `anyType` was asked for. */
  bytes: Buffer | null;
  /** True when the body went on past the cap and only the first `maxBytes` were kept (fetchUrl always sets it). */
  truncated?: boolean;
  timeMs: number;
  /** Why no usable answer came: timeout, dns_error, connection_failed, redirect_loop, too_many_redirects, blocked. */
  error: string | null;
  errorMessage: string | null;
}

const TEXT_TYPES = /^(text\/|application\/(xhtml\+xml|xml|rss\+xml|atom\+xml|ld\+json|json))/i;

/** Whether `url` may be reached: public addresses, or anything when private targets are allowed. */
function allowsPrivate(url: URL, policy: EgressPolicy): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return policy.allowPrivate || policy.allowTargets.includes(`${url.hostname.replace(/^\[|\]$/g, '')}:${port}`);
}

/**
 * GET one URL the way a search engine's crawler would, following redirects itself (each hop recorded and
 * checked by the egress guard, loops detected), reading at most MAX_BODY_BYTES of text bodies and none
 * of other types. Failures are part of the answer, never thrown.
 */
export async function fetchUrl(
  url: string,
  {
    policy,
    timeoutMs,
    anyType = false,
    maxBytes = MAX_BODY_BYTES,
  }: { policy: EgressPolicy; timeoutMs: number; anyType?: boolean; maxBytes?: number },
): Promise<Fetched> {
  const started = performance.now();
  const redirects: Hop[] = [];
  const seen = new Set<string>([url]);
  let current = url;
  const failed = (error: string, message: string, status: number | null = null): Fetched => ({
    url,
    finalUrl: current,
    status,
    redirects,
    headers: {},
    contentType: null,
    body: null,
    bytes: null,
    truncated: false,
    timeMs: Math.round(performance.now() - started),
    error,
    errorMessage: message,
  });
  for (;;) {
    const remaining = timeoutMs - (performance.now() - started);
    if (remaining <= 0) return failed('timeout', `No answer within ${timeoutMs} ms.`);
    let answer: Answer;
    try {
      answer = await getOnce(new URL(current), policy, remaining, anyType, maxBytes);
    } catch (error) {
      const [code, message] = describe(error);
      return failed(code, message);
    }
    const location = answer.headers.location;
    if (answer.status >= 300 && answer.status < 400 && typeof location === 'string') {
      redirects.push({ url: current, status: answer.status });
      let next: string;
      try {
        next = new URL(location, current).href;
      } catch {
        return failed('bad_redirect', `Redirect to an invalid location: ${location}`, answer.status);
      }
      if (seen.has(next)) {
        current = next;
        return failed('redirect_loop', `Redirects loop back to ${next}.`, answer.status);
      }
      if (redirects.length > MAX_REDIRECTS)
        return failed('too_many_redirects', `More than ${MAX_REDIRECTS} redirects.`, answer.status);
      seen.add(next);
      current = next;
      continue;
    }
    const contentType = typeof answer.headers['content-type'] === 'string' ? answer.headers['content-type'] : null;
    return {
      url,
      finalUrl: current,
      status: answer.status,
      redirects,
      headers: answer.headers,
      contentType,
      body: answer.bytes && isText(answer) ? answer.bytes.toString('utf8') : null,
      bytes: answer.bytes,
      truncated: answer.truncated,
      timeMs: Math.round(performance.now() - started),
      error: null,
      errorMessage: null,
    };
  }
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer | null;
  truncated: boolean;
}

function getOnce(
  url: URL,
  policy: EgressPolicy,
  timeoutMs: number,
  anyType: boolean,
  maxBytes: number,
): Promise<Answer> {
  const guard = { allowPrivate: allowsPrivate(url, policy) };
  assertAllowedLiteral(url.hostname, guard);
  return new Promise((resolve, reject) => {
    const stream = got.stream(url, {
      followRedirect: false,
      throwHttpErrors: false,
      retry: { limit: 0 },
      timeout: { request: Math.max(1, Math.round(timeoutMs)) },
      dnsLookup: guardedLookup(guard),
      headers: {
        'user-agent': CRAWLER_USER_AGENT,
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      },
    });
    let answer: Omit<Answer, 'bytes' | 'truncated'> | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    const wanted = (a: Omit<Answer, 'bytes' | 'truncated'>) => anyType || isText(a);
    const done = (truncated = false) => {
      stream.destroy();
      if (!answer) return;
      // Exactly the first maxBytes: the chunk that crossed the cap is cut, so callers can trust the limit.
      const bytes = wanted(answer) ? Buffer.concat(chunks).subarray(0, maxBytes) : null;
      resolve({ ...answer, bytes, truncated });
    };
    stream.on('response', (response: { statusCode: number; headers: Answer['headers'] }) => {
      answer = { status: response.statusCode, headers: response.headers };
      const redirect = response.statusCode >= 300 && response.statusCode < 400;
      if (redirect || !wanted(answer)) done();
    });
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > maxBytes) done(true);
    });
    stream.on('end', () => done());
    stream.on('error', (error: unknown) => (answer ? done() : reject(error)));
  });
}

const isText = (answer: { headers: Answer['headers'] }) =>
  TEXT_TYPES.test(String(answer.headers['content-type'] ?? ''));

function describe(error: unknown): [string, string] {
  const cause = (error as { cause?: unknown }).cause;
  if (error instanceof BlockedAddressError || cause instanceof BlockedAddressError) {
    return ['blocked', (cause instanceof BlockedAddressError ? cause : (error as Error)).message];
  }
  const code = (error as { code?: string }).code ?? '';
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ETIMEDOUT' || (error as Error).name === 'TimeoutError') return ['timeout', message];
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return ['dns_error', message];
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code)) return ['tls_error', message];
  return ['connection_failed', message];
}
