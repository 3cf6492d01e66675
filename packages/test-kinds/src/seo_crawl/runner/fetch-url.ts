import { type GuardPolicy, guardedRequest, type Hop, type NetworkErrorCode, RequestFailed } from '@pageprobe/net-guard';

export type { Hop } from '@pageprobe/net-guard';

/** Our robots.txt token and the User-Agent every crawl request carries. */
export const CRAWLER_TOKEN = 'PageprobeBot';
export const CRAWLER_USER_AGENT = `Mozilla/5.0 (compatible; ${CRAWLER_TOKEN}/1.0; +https://pageprobe.dev/bot)`;

const MAX_REDIRECTS = 10;
/**
 * Bodies past this are cut off: a crawl reads pages, not downloads. The cap is on decompressed bytes
 * (the guarded client counts after Content-Encoding is undone), so a small compressed answer cannot
 * expand past it.
 */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

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
  /** Why no usable answer came. */
  error: NetworkErrorCode | null;
  errorMessage: string | null;
}

const TEXT_TYPES = /^(text\/|application\/(xhtml\+xml|xml|rss\+xml|atom\+xml|ld\+json|json))/i;
const isText = (headers: Fetched['headers']) => TEXT_TYPES.test(String(headers['content-type'] ?? ''));

/**
 * GET one URL the way a search engine's crawler would, through the guarded client: each redirect hop
 * recorded and checked, loops detected, at most `maxBytes` of text bodies read and none of other types.
 * Failures are part of the answer, never thrown.
 */
export async function fetchUrl(
  url: string,
  {
    policy,
    timeoutMs,
    anyType = false,
    maxBytes = MAX_BODY_BYTES,
    hopHeaders,
  }: {
    policy: GuardPolicy;
    timeoutMs: number;
    anyType?: boolean;
    maxBytes?: number;
    /** The test's credentials, for its own origin (see credentialsFor). */
    hopHeaders?: (url: URL) => Record<string, string>;
  },
): Promise<Fetched> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const answer = await guardedRequest(url, {
      policy,
      timeoutMs,
      maxRedirects: MAX_REDIRECTS,
      stopOnLoop: true,
      maxBytes,
      keepBody: (headers) => anyType || isText(headers),
      ...(hopHeaders ? { hopHeaders } : {}),
      headers: {
        'user-agent': CRAWLER_USER_AGENT,
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      },
    });
    const contentType = typeof answer.headers['content-type'] === 'string' ? answer.headers['content-type'] : null;
    return {
      url,
      finalUrl: answer.url,
      status: answer.status,
      redirects: answer.redirects,
      headers: answer.headers,
      contentType,
      body: answer.body && isText(answer.headers) ? answer.body.toString('utf8') : null,
      bytes: answer.body,
      truncated: answer.truncated,
      timeMs: elapsed(),
      error: null,
      errorMessage: null,
    };
  } catch (error) {
    if (!(error instanceof RequestFailed)) throw error;
    return {
      url,
      finalUrl: error.exchange.url,
      status: error.exchange.status,
      redirects: error.exchange.redirects,
      headers: {},
      contentType: null,
      body: null,
      bytes: null,
      truncated: false,
      timeMs: elapsed(),
      error: error.code,
      errorMessage: error.message,
    };
  }
}
