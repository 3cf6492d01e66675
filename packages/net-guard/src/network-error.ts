import { BlockedAddressError } from './blocked-address-error.ts';

/**
 * Why no usable answer came, in the words every part of the service reports: uptime's `reason`, the
 * crawler's page errors, the callback attempts' error text.
 */
export type NetworkErrorCode =
  | 'blocked'
  | 'dns_error'
  | 'connection_refused'
  | 'connection_reset'
  | 'timeout'
  | 'tls_error'
  | 'too_many_redirects'
  | 'redirect_loop'
  | 'bad_redirect'
  | 'connection_failed';

/** A request that got no usable answer: the code, got's or Node's own error as `cause`, and how far it got. */
export class NetworkError extends Error {
  readonly code: NetworkErrorCode;
  /** Node's or got's own code (ECONNREFUSED, ETIMEDOUT, EBLOCKEDADDRESS...), kept for logs and attempt rows. */
  readonly systemCode: string | null;
  constructor(
    code: NetworkErrorCode,
    message: string,
    { cause, systemCode }: { cause?: unknown; systemCode?: string | null } = {},
  ) {
    super(message, { cause });
    this.name = 'NetworkError';
    this.code = code;
    this.systemCode = systemCode ?? null;
  }
}

/** The one mapping from what Node, undici or got throw to a NetworkErrorCode. */
export function networkErrorCode(error: unknown): NetworkErrorCode {
  if (error instanceof NetworkError) return error.code;
  const cause = (error as { cause?: unknown }).cause;
  if (error instanceof BlockedAddressError || cause instanceof BlockedAddressError) return 'blocked';
  const code = systemCodeOf(error) ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA' || code === 'EAI_NONAME') return 'dns_error';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection_reset';
  if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT' || (error as Error).name === 'TimeoutError') return 'timeout';
  if (code === 'ERR_TOO_MANY_REDIRECTS') return 'too_many_redirects';
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|HOSTNAME_MISMATCH/i.test(code)) return 'tls_error';
  return 'connection_failed';
}

function systemCodeOf(error: unknown): string | null {
  const own = (error as { code?: unknown }).code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof cause === 'string' ? cause : null;
}

/** Wraps anything a request threw as a NetworkError, keeping the original as `cause`. */
export function toNetworkError(error: unknown): NetworkError {
  if (error instanceof NetworkError) return error;
  const cause = (error as { cause?: unknown }).cause;
  const blocked = error instanceof BlockedAddressError ? error : cause instanceof BlockedAddressError ? cause : null;
  const message = (blocked ?? (error as Error)).message ?? String(error);
  return new NetworkError(networkErrorCode(error), message, {
    cause: error,
    systemCode: blocked ? blocked.code : systemCodeOf(error),
  });
}
