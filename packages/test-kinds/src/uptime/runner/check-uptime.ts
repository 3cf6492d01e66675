import { assertAllowedLiteral, BlockedAddressError, guardedLookup } from '@pageprobe/net-guard';
import got, { type BeforeRedirectHook, type PlainResponse, RequestError, type Response } from 'got';
import { probeTls, type TlsDetails } from './probe-tls.ts';

export type DownReason =
  | 'dns_error'
  | 'connection_refused'
  | 'connection_reset'
  | 'timeout'
  | 'tls_error'
  | 'http_error';

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
}

export interface CheckOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  maxRedirects?: number;
}

/**
 * The verdict needs only the status and timings; the body is read (for its size and the download
 * phase) up to this many decompressed bytes and no further, so a small compressed answer that
 * expands to gigabytes costs at most this much.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

const round = (n: number | undefined) => (n === undefined ? null : Math.round(n));

function timingsOf(response: Pick<Response, 'timings'> | undefined): UptimeResult['timings_ms'] {
  const p = response?.timings?.phases;
  return {
    dns: round(p?.dns),
    connect: round(p?.tcp),
    tls: round(p?.tls),
    first_byte: round(p?.firstByte),
    download: round(p?.download),
    total: round(p?.total),
  };
}

function reasonFor(error: RequestError): DownReason {
  const code = error.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') return 'dns_error';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection_reset';
  if (code === 'ETIMEDOUT' || error.name === 'TimeoutError') return 'timeout';
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME_MISMATCH|ERR_TLS/i.test(code)) return 'tls_error';
  return 'http_error';
}

/**
 * One uptime check: GET with up to 5 redirects inside one time budget, through the egress guard.
 * A site that is down is a result, not an error; only a blocked address throws (BlockedAddressError).
 */
export async function checkUptime(url: string, options: CheckOptions): Promise<UptimeResult> {
  const result = await checkHttp(url, options);
  const last = new URL(result.final_url ?? result.redirects.at(-1)?.url ?? url);
  if (last.protocol !== 'https:') return result;
  const tls = await probeTls(last, {
    allowPrivate: options.allowPrivate,
    timeoutMs: Math.min(10_000, options.timeoutMs),
  });
  return { ...result, tls };
}

async function checkHttp(url: string, options: CheckOptions): Promise<Omit<UptimeResult, 'tls'> & { tls: null }> {
  const guard = { allowPrivate: options.allowPrivate };
  assertAllowedLiteral(new URL(url).hostname, guard);
  const redirects: UptimeResult['redirects'] = [];
  const onRedirect: BeforeRedirectHook = (next, previous) => {
    redirects.push({ url: previous.url, status_code: previous.statusCode });
    assertAllowedLiteral(next.url instanceof URL ? next.url.hostname : new URL(String(next.url)).hostname, guard);
  };
  try {
    const { response, size, truncated } = await readCapped(
      got.stream(url, {
        method: 'GET',
        throwHttpErrors: false,
        followRedirect: true,
        maxRedirects: options.maxRedirects ?? 5,
        retry: { limit: 0 },
        timeout: { request: options.timeoutMs },
        dnsLookup: guardedLookup(guard),
        headers: { 'user-agent': 'PageprobeUptime/1.0 (+https://pageprobe.dev/bot)' },
        hooks: { beforeRedirect: [onRedirect] },
      }),
    );
    const up = response.statusCode >= 200 && response.statusCode < 400;
    return {
      up,
      reason: up ? null : 'http_error',
      status_code: response.statusCode,
      final_url: response.url,
      redirects,
      ip_address: response.ip ?? null,
      http_version: response.httpVersion ?? null,
      size_bytes: size,
      body_truncated: truncated,
      timings_ms: timingsOf(response),
      tls: null,
      error: up ? null : `HTTP ${response.statusCode}`,
    };
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    if (error instanceof BlockedAddressError) throw error;
    if (cause instanceof BlockedAddressError) throw cause;
    if (!(error instanceof RequestError)) throw error;
    return {
      up: false,
      reason: error.code === 'ERR_TOO_MANY_REDIRECTS' ? 'http_error' : reasonFor(error),
      status_code: error.response?.statusCode ?? null,
      final_url: error.response?.url ?? (error.options?.url ? String(error.options.url) : null),
      redirects,
      ip_address: error.response?.ip ?? null,
      http_version: error.response?.httpVersion ?? null,
      size_bytes: null,
      body_truncated: false,
      timings_ms: timingsOf(error.response ?? (error.timings ? { timings: error.timings } : undefined)),
      tls: null,
      error: error.message,
    };
  }
}

/**
 * Reads the (already decompressed) body of a got stream, counting and dropping the bytes, until it ends
 * or passes MAX_BODY_BYTES; then the request is destroyed so the decompressor stops too. Rejects with
 * got's RequestError as `got()` would.
 */
function readCapped(
  stream: ReturnType<typeof got.stream>,
): Promise<{ response: PlainResponse; size: number; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    let response: PlainResponse | undefined;
    let size = 0;
    let settled = false;
    const finish = (truncated: boolean) => {
      if (settled || !response) return;
      settled = true;
      if (truncated) {
        // http-timer sets the download and total phases on 'end', which a cut body never reaches.
        const t = response.timings;
        const now = Date.now();
        if (t) {
          t.phases.download ??= t.response === undefined ? undefined : now - t.response;
          t.phases.total ??= now - t.start;
        }
        stream.destroy();
      }
      resolve({ response, size: Math.min(size, MAX_BODY_BYTES), truncated });
    };
    stream.on('response', (r: PlainResponse) => {
      response = r;
    });
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) finish(true);
    });
    stream.on('end', () => finish(false));
    stream.on('error', (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(error);
    });
  });
}
