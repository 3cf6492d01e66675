import type { Prisma } from '@pageprobe/db';

/**
 * An incident runs from a monitor's first failed run to the first good one after it (monitoring.incidents):
 * opened when a run fails after a good one, closed by the next good run. `failuresBefore` is the monitor's
 * failures in a row before this run. Uptime checks and monitors' tests keep them alike. One that begins
 * during a maintenance window is marked so (issue 31).
 */
export async function trackIncident(
  tx: Prisma.TransactionClient,
  monitorId: string,
  failuresBefore: number,
  failure: string | null,
  at: Date,
  maintenance = false,
): Promise<void> {
  if (failure !== null && failuresBefore === 0) {
    await tx.$executeRaw`INSERT INTO monitoring.incidents (monitor_id, started_at, reason, maintenance)
      VALUES (${monitorId}::uuid, ${at}, ${failure}, ${maintenance}) ON CONFLICT DO NOTHING`;
  }
  if (failure === null && failuresBefore > 0) {
    await tx.$executeRaw`UPDATE monitoring.incidents SET ended_at = ${at}
      WHERE monitor_id = ${monitorId}::uuid AND ended_at IS NULL`;
  }
}
