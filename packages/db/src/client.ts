import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { READ_ONLY_SQL_TRANSACTION } from './backend-unavailable.ts';
import { PrismaClient } from './generated/client.ts';

export type Db = PrismaClient;
export type Pool = pg.Pool;

/**
 * How every pool of every app connects (one place: `createPool`, which Prisma shares). Chosen for a
 * failover behind a moving address (a managed service's or CloudNativePG's `-rw` endpoint, PgBouncer,
 * HAProxy): see docs/operations.md, "PostgreSQL failover".
 */
export const POOL_SETTINGS = {
  /** A connection idle this long is closed: a pool shrinks back after a burst, and idle ones do not outlive a switch. */
  idleTimeoutMillis: 10_000,
  /**
   * Every connection is replaced after this long, busy or not (when next released): a pool whose
   * connections still reach an old primary that came back as a read-only standby (reads succeed there,
   * stale) drifts to the new primary within this bound even if it never writes.
   */
  maxLifetimeSeconds: 300,
  /**
   * A checkout waits at most this long for a connection: while the address points nowhere (a proxy
   * being repointed) a request fails fast with a 503 instead of hanging until its client gives up.
   */
  connectionTimeoutMillis: 5_000,
  /**
   * TCP keep-alive probes after 10 s idle: a primary that vanished without closing its sockets (a node
   * lost, a network cut) is noticed by the kernel instead of each connection hanging until used.
   */
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} as const;

/** Clients that received SQLSTATE 25006: thrown away when released, never handed out again. */
const readOnly = new WeakSet<pg.PoolClient>();

/** Shaped as PostgreSQL's own 25006, so pg, Prisma's adapter and the classification read it alike. */
function readOnlyServer(): Error {
  return Object.assign(
    new Error(
      'cannot use this connection: the server is in a read-only transaction mode (a standby, or an old primary)',
    ),
    { code: READ_ONLY_SQL_TRANSACTION, severity: 'ERROR' },
  );
}

/**
 * Asked of every new connection before it is used: one that reached a read-only server (the address
 * still, or already, pointing at an old primary back as a standby) is refused, and the checkout fails
 * as with 25006. Reads there would succeed on stale data, and a stale read decides things: a worker that
 * finds no such test (made on the new primary a moment ago) drops its job, and the test stays queued.
 * One round trip per connection, which lives for minutes.
 */
function verifyWritable(client: pg.PoolClient, done: (error?: Error) => void): void {
  client.query<{ ro: string }>("SELECT current_setting('transaction_read_only') AS ro").then(
    ({ rows }) => done(rows[0]?.ro === 'on' ? readOnlyServer() : undefined),
    (error: Error) => done(error),
  );
}

/**
 * A node-postgres pool; hot read paths query it directly, Prisma shares it. An idle connection that
 * PostgreSQL drops (restart, failover) is an 'error' event on the pool, which would crash the process
 * if nothing listened: the pool discards that connection and opens another when needed.
 */
export function createPool(
  databaseUrl: string,
  { size = 10, onIdleError }: { size?: number; onIdleError?: (error: Error) => void } = {},
): Pool {
  // `verify` is pg-pool's (run on each new client before its first checkout), missing from @types/pg.
  const config: pg.PoolConfig & { verify: typeof verifyWritable } = {
    connectionString: databaseUrl,
    max: size,
    ...POOL_SETTINGS,
    verify: verifyWritable,
  };
  const pool = new pg.Pool(config);
  pool.on('error', (error) => onIdleError?.(error));
  pool.on('connect', (client) => {
    // A connection checked out (`pool.connect()`: the monitors' tick, 4 times a second, holds one for
    // its transaction) has no listener of the pool's, and one PostgreSQL drops then is an 'error' event
    // on the client: unheard, it ended the whole process (the dispatcher died when PostgreSQL stopped
    // during a tick, and its deliveries stayed pending: the postgres-down flake, issue 44). The error
    // reaches the statement that was running, or the next one; the connection is then unusable, and
    // the pool discards it when it is released.
    client.on('error', () => {});
    // A connection that reached a read-only server (an old primary back as a standby, the proxy not yet
    // moved, or still holding its connections to the old backend after it moved) answers every write
    // with 25006. pool.query throws such a client away, but a transaction's client is released without
    // its error (Prisma's adapter, `release()` after ROLLBACK) and would go back to the pool: marked here
    // from the wire, it is ended when released instead.
    const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection;
    connection.on('errorMessage', (message: { code?: string }) => {
      if (message.code === READ_ONLY_SQL_TRANSACTION) readOnly.add(client);
    });
  });
  // Emitted just before the pool decides whether to keep the client: one that is ending is removed.
  pool.on('release', (_error, client) => {
    if (readOnly.has(client)) void client.end().catch(() => {});
  });
  return pool;
}

/** Prisma through the node-postgres driver adapter, on `pool` or a pool of its own made the same way. */
export function createDb(databaseUrl: string, { poolSize = 10, pool }: { poolSize?: number; pool?: Pool } = {}): Db {
  const own = pool === undefined;
  const shared = pool ?? createPool(databaseUrl, { size: poolSize });
  // A pool made here is Prisma's alone: $disconnect ends it, as it ended the one Prisma used to make.
  return new PrismaClient({ adapter: new PrismaPg(shared, { disposeExternalPool: own }) });
}
