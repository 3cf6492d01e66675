import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/client.ts';

export type Db = PrismaClient;
export type Pool = pg.Pool;

/**
 * A node-postgres pool; hot read paths query it directly, Prisma shares it. An idle connection that
 * PostgreSQL drops (restart, failover) is an 'error' event on the pool, which would crash the process
 * if nothing listened: the pool discards that connection and opens another when needed.
 */
export function createPool(
  databaseUrl: string,
  { size = 10, onIdleError }: { size?: number; onIdleError?: (error: Error) => void } = {},
): Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: size });
  pool.on('error', (error) => onIdleError?.(error));
  // A connection checked out (`pool.connect()`: the monitors' tick, 4 times a second, holds one for its
  // transaction) has no listener of the pool's, and one PostgreSQL drops then is an 'error' event on the
  // client: unheard, it ended the whole process (the dispatcher died when PostgreSQL stopped during a
  // tick, and its deliveries stayed pending: the postgres-down flake, issue 44). The error reaches the
  // statement that was running, or the next one; the connection is then unusable, and the pool discards
  // it when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Prisma through the node-postgres driver adapter: no engine binary at run time. */
export function createDb(databaseUrl: string, { poolSize = 10, pool }: { poolSize?: number; pool?: Pool } = {}): Db {
  return new PrismaClient({ adapter: new PrismaPg(pool ?? { connectionString: databaseUrl, max: poolSize }) });
}
