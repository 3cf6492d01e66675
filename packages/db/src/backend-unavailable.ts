/** SQLSTATE classes and codes that mean the server cannot be reached or is going away, not a bad query. */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-3]|53300)/;
const UNAVAILABLE_NODE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_PRISMA = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error|Can't reach database|server closed the connection|Timed out fetching a new connection/i;

/**
 * Whether an error means a backing service is out of reach (PostgreSQL stopped, restarting, failing
 * over or out of connections; the storage refusing connections) rather than that the request was
 * wrong: the API answers 503 with Retry-After then, never 500. Looks through the `cause` chain, where
 * pg's and Prisma's adapter errors keep the original.
 */
export function isBackendUnavailable(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 6;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_NODE.has(code) || UNAVAILABLE_PRISMA.has(code) || UNAVAILABLE_SQLSTATE.test(code))
    )
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}
