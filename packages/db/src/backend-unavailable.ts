// Which errors mean "the database (or another backing service) is not there to write to right now",
// as opposed to "the statement was wrong": one place, read by the API (503 with Retry-After instead of
// 500), the workers and the dispatcher (the job waits instead of spending a try), and the pool (a
// connection that landed on a read-only server is thrown away, not reused).

/** Cannot execute a write in a read-only transaction: a standby, or an old primary back read-only. */
export const READ_ONLY_SQL_TRANSACTION = '25006';

/**
 * SQLSTATEs of a server going away or out of reach: class 08 (connection exception), 57P01-57P03
 * (admin shutdown, crash shutdown, cannot connect now: starting, stopping, in recovery), 53300 (too
 * many connections: a failover's reconnect storm), and 25006 (read-only: what a failover leaves when a
 * connection still reaches the old primary, or a proxy points at a standby).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300|25006)$/;
/** Prisma's own codes for the same: cannot reach (P1001), timed out (P1002, P1008), connection closed (P1017), no pool connection in time (P2024), too many connections (P2037). */
const UNAVAILABLE_PRISMA = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2037']);
/** The kinds Prisma's driver adapter gives pg's socket errors (meta.driverAdapterError.cause.kind). */
const UNAVAILABLE_ADAPTER_KIND = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);
/**
 * Messages without a code: pg's for a socket that closed under a query or a checkout that timed out,
 * PostgreSQL's for a read-only transaction (when only the text survives a wrapping), Prisma's. Prisma's
 * P2028 for a transaction that could not start in its `maxWait` or ran past its `timeout` is a database
 * too busy to answer in time: rolled back, nothing written, so worth asking again (a 503, not a 500; seen
 * as 500s in scale-out on a loaded machine). Its other P2028s (a transaction not found) are ours.
 */
const UNAVAILABLE_MESSAGE =
  /Unable to start a transaction in the given time|cannot be executed on an expired transaction|Connection terminated|connection error|Can't reach database|server closed the connection|Timed out fetching a new connection|timeout exceeded when trying to connect|in a read-only transaction|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|Client has encountered a connection error and is not queryable/i;
/**
 * ioredis's own, on a connection without an offline queue (the HTTP apps'): not connected yet or any
 * more, or out of retries while Redis restarts or fails over.
 */
const REDIS_UNAVAILABLE_MESSAGE =
  /Stream isn't writeable and enableOfflineQueue options is false|^Connection is closed\.?$|Reached the max retries per request limit/;
/** Socket errors: out of reach, but not necessarily the database's (the storage's look the same). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

interface ErrorShape {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; kind?: unknown } } };
}

/** The error and its causes: pg's and Prisma's adapter errors keep the original one there. */
function* chain(error: unknown): Generator<ErrorShape> {
  let current = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    yield current as ErrorShape;
    const e = current as ErrorShape;
    // Prisma's driver-adapter errors: the pg error as converted, under meta (a known request error) or cause.
    const adapter = e.meta?.driverAdapterError;
    if (adapter?.cause) yield adapter.cause as ErrorShape;
    current = e.cause;
  }
}

function codesOf(e: ErrorShape): string[] {
  const codes: string[] = [];
  if (typeof e.code === 'string') codes.push(e.code);
  const cause = e as { originalCode?: unknown; kind?: unknown };
  if (typeof cause.originalCode === 'string') codes.push(cause.originalCode);
  return codes;
}

/** Whether PostgreSQL refused a write because the server (or the transaction) is read-only. */
export function isReadOnlyError(error: unknown): boolean {
  for (const e of chain(error)) {
    if (codesOf(e).includes(READ_ONLY_SQL_TRANSACTION)) return true;
    if (typeof e.message === 'string' && /in a read-only transaction/i.test(e.message)) return true;
  }
  return false;
}

/**
 * Whether an error says, by itself, that PostgreSQL is unavailable: stopped, restarting, failing over,
 * out of connections, or read-only (a connection that reached the old primary, or a standby). A plain
 * socket error is not enough (it may be the storage's): the callers that must tell ask the database
 * (`databaseWritable`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    for (const code of codesOf(e)) {
      if (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_PRISMA.has(code)) return true;
    }
    const kind = (e as { kind?: unknown }).kind;
    if (typeof kind === 'string' && UNAVAILABLE_ADAPTER_KIND.has(kind)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/**
 * Whether an error means a backing service is out of reach (the database unavailable as above, Redis, or
 * the storage refusing connections) rather than that the request was wrong: the API answers 503 with
 * Retry-After then, never 500.
 */
export function isBackendUnavailable(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  for (const e of chain(error)) {
    if (codesOf(e).some((code) => SOCKET_CODES.has(code))) return true;
    if (typeof e.message === 'string' && REDIS_UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/**
 * Whether PostgreSQL takes writes now: answers, and not read-only (SELECT 1 alone passes on a standby).
 * Asked after an error whose shape does not say whose it was. Gives up after `timeoutMs`.
 */
export async function databaseWritable(
  query: (sql: string) => Promise<Array<{ writable: boolean }>>,
  timeoutMs = 2_000,
): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(resolve, timeoutMs, false).unref());
  const probe = query("SELECT current_setting('transaction_read_only') = 'off' AS writable").then(
    (rows) => rows[0]?.writable === true,
    () => false,
  );
  return Promise.race([probe, timeout]);
}
