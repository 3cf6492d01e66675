import type { ServerOptions } from 'node:http';

/** The longest a request's headers may take to arrive once its first byte has (a trickling client). */
const HEADERS_TIMEOUT_MS = 10_000;

/**
 * The timeouts every HTTP server we run is created with (the API's public and admin ports, each
 * process's ops port).
 *
 * - `keepAliveTimeout` (HTTP_KEEP_ALIVE_TIMEOUT_MS, 65 s by default): an idle connection stays open
 *   longer than the proxy in front keeps it, so the proxy closes it first. The other way round (Node's
 *   5 s), a proxy sent a request on a connection the server was closing and got a reset: a 502.
 * - `requestTimeout` and `headersTimeout`: a request whose headers and body do not arrive in time gets
 *   408 and its socket closed, checked every second, so a client trickling bytes cannot hold a
 *   connection (Node's defaults: 5 minutes, checked every 30 s). Both count from a request's first
 *   byte, not from the end of the one before (measured on Node 24: a connection idle past
 *   headersTimeout is reused), so headersTimeout need not exceed keepAliveTimeout, as advice written
 *   for Node 12 says; raising it to 66 s would give slow clients that long.
 */
export function serverTimeouts({
  keepAliveTimeoutMs,
  requestTimeoutMs = 30_000,
}: {
  keepAliveTimeoutMs: number;
  requestTimeoutMs?: number;
}): ServerOptions {
  return {
    keepAliveTimeout: keepAliveTimeoutMs,
    requestTimeout: requestTimeoutMs,
    // Node refuses a headersTimeout above requestTimeout.
    headersTimeout: Math.min(requestTimeoutMs, HEADERS_TIMEOUT_MS),
    connectionsCheckingInterval: 1_000,
  };
}
