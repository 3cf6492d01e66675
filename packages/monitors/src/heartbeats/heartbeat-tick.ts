import type { Db } from '@pageprobe/db';
import type { Logger } from '@pageprobe/logger';
import { enqueueDeliveries } from '@pageprobe/test-lifecycle';
import type { Queue } from 'bullmq';
import { APPLY_BATCH, applyPings } from './apply-pings.ts';
import { claimLate, LATE_BATCH } from './claim-late.ts';

export interface HeartbeatTickDeps {
  db: Db;
  callbacks: Queue;
  publicBaseUrl: string;
  /** The dashboard's address with its path: alerts link to a monitor's page there. */
  dashboardBaseUrl: string;
  logger: Logger;
}

/** Batches one tick may take of each, so a backlog cannot hold the tick (and the other monitors) long. */
const MAX_ROUNDS = 10;

/**
 * Heartbeats' part of the dispatchers' tick (issue 47): the heartbeats past their deadline, then a batch
 * of the pings stored since, again while the batches come back full. Claims come before each batch of
 * pings rather than after all of them, so a backlog of pings (the heartbeats bench's inbox reached
 * 10,000 and more when pings came faster than the tick applied them) delays a late alert by one batch
 * at most, not ten. Claiming first is safe: a heartbeat with a ping waiting in the inbox is never claimed
 * (claim-late.ts). The alerts they raise are queued after their commits.
 */
export async function runHeartbeatTick(deps: HeartbeatTickDeps): Promise<{ applied: number; late: number }> {
  const total = { applied: 0, late: 0 };
  const enqueue = (deliveries: Parameters<typeof enqueueDeliveries>[1]) =>
    enqueueDeliveries(deps.callbacks, deliveries, (error) =>
      deps.logger.warn({ err: error }, 'alert enqueue failed; the sweeper will retry'),
    );
  for (let round = 0; round < MAX_ROUNDS; round++) {
    for (let claim = 0; claim < MAX_ROUNDS; claim++) {
      const { late, deliveries } = await claimLate(deps.db, deps);
      total.late += late;
      await enqueue(deliveries);
      if (late < LATE_BATCH) break;
    }
    const { applied, deliveries } = await applyPings(deps.db, deps);
    total.applied += applied;
    await enqueue(deliveries);
    if (applied < APPLY_BATCH) break;
  }
  return total;
}
