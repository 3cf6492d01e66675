import { databaseWritable, type Db, isDatabaseUnavailable, sqlState } from '@pageprobe/db';
import type { JobInfo } from '@pageprobe/jobs';
import type { Logger } from '@pageprobe/logger';
import { DelayedError } from 'bullmq';

/** How long a job waits when PostgreSQL cannot be reached before it is tried again. */
const DATABASE_RETRY_MS = 3_000;

/**
 * Whether PostgreSQL takes writes now. Asked after an error whose shape does not say whose it was: a
 * refused connection looks the same whether it was the database's or the storage's.
 */
const writable = (db: Db) => databaseWritable((sql) => db.$queryRawUnsafe<Array<{ writable: boolean }>>(sql));

/** An error PostgreSQL sent (a SQLSTATE) for the statement itself: the database is there and said no. */
function answeredByServer(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && !state.startsWith('P'); // Prisma's own (P1001: cannot reach) are not answers
}

/**
 * For a job whose handler threw: PostgreSQL out of reach or read-only (restarting, failing over, an
 * old primary back as a standby) is nobody's fault, so the job waits and comes back without spending a
 * try, and an outage longer than the tries can neither strand its row nor end it failed. Any other error
 * is thrown again.
 */
export async function waitOutDatabaseOutage(db: Db, job: JobInfo, error: unknown, log: Logger): Promise<never> {
  // The handler put its job back itself (JobInfo.waitTurn): not an error.
  if (error instanceof DelayedError) throw error;
  // The error says so itself (a lost connection, a server going down, a read-only server: 25006 is the
  // server's answer, but about the server, not the statement).
  const unavailable = isDatabaseUnavailable(error);
  // Otherwise PostgreSQL itself refused the statement: it is there. Asking again would take a slow
  // answer under load for an outage and give the job a try it should not have.
  if (!unavailable && answeredByServer(error)) throw error;
  if (!unavailable && (await writable(db))) throw error;
  log.warn({ err: error, jobId: job.id }, 'database unavailable; the job waits and runs again');
  return job.waitTurn(DATABASE_RETRY_MS);
}
