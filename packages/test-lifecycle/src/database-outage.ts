import { type Db, sqlState } from '@pageprobe/db';
import type { JobInfo } from '@pageprobe/jobs';
import type { Logger } from '@pageprobe/logger';
import { DelayedError } from 'bullmq';

/** How long a job waits when PostgreSQL cannot be reached before it is tried again. */
const DATABASE_RETRY_MS = 3_000;

/**
 * Whether PostgreSQL answers now. Asked after an error rather than read from the error: a refused
 * connection looks the same whether it was the database's or the storage's.
 */
async function databaseReachable(db: Db): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(resolve, 2_000, false).unref());
  return Promise.race([
    db.$queryRaw`SELECT 1`.then(
      () => true,
      () => false,
    ),
    timeout,
  ]);
}

/** An error PostgreSQL sent (a SQLSTATE), other than those of a connection lost or a server going down. */
function answeredByServer(error: unknown): boolean {
  const state = sqlState(error);
  if (!state || state.startsWith('P')) return false; // none, or Prisma's own (P1001: cannot reach)
  return !state.startsWith('08') && !['57P01', '57P02', '57P03', '53300'].includes(state);
}

/**
 * For a job whose handler threw: PostgreSQL out of reach (restarting, failing over) is nobody's fault,
 * so the job waits and comes back without spending a try, and an outage longer than the tries can
 * neither strand its row nor end it failed. Any other error is thrown again.
 */
export async function waitOutDatabaseOutage(db: Db, job: JobInfo, error: unknown, log: Logger): Promise<never> {
  // The handler put its job back itself (JobInfo.waitTurn): not an error.
  if (error instanceof DelayedError) throw error;
  // PostgreSQL itself refused the statement: it is there. Asking again would take a slow answer under
  // load for an outage and give the job a try it should not have.
  if (answeredByServer(error)) throw error;
  if (await databaseReachable(db)) throw error;
  log.warn({ err: error, jobId: job.id }, 'database unavailable; the job waits and runs again');
  return job.waitTurn(DATABASE_RETRY_MS);
}
