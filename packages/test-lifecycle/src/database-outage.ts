import type { Db } from '@pageprobe/db';
import type { JobInfo } from '@pageprobe/jobs';
import type { Logger } from '@pageprobe/logger';

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

/**
 * For a job whose handler threw: PostgreSQL out of reach (restarting, failing over) is nobody's fault,
 * so the job waits and comes back without spending a try, and an outage longer than the tries can
 * neither strand its row nor end it failed. Any other error is thrown again.
 */
export async function waitOutDatabaseOutage(db: Db, job: JobInfo, error: unknown, log: Logger): Promise<never> {
  if (await databaseReachable(db)) throw error;
  log.warn({ err: error, jobId: job.id }, 'database unavailable; the job waits and runs again');
  return job.waitTurn(DATABASE_RETRY_MS);
}
