import { createDb, createPool } from '@pageprobe/db';
import { closeWorker, createRedis, jobs, openQueue, startWorker, testJobFor, testTypes } from '@pageprobe/jobs';
import { createLogger } from '@pageprobe/logger';
import { callbackOutcomes, startProcessOps } from '@pageprobe/ops';
import { startSweeper, sweepExpiredIdempotencyKeys, sweepPendingDeliveries, sweepQueuedTests } from '@pageprobe/test-lifecycle';
import { loadDispatcherConfig } from './config.ts';
import { deliverCallback } from './deliver-callback.ts';

const config = loadDispatcherConfig();
const logger = createLogger({ name: 'callback-dispatcher', level: config.LOG_LEVEL });
const pool = createPool(config.DATABASE_URL, {
  size: 20,
  onIdleError: (error) => logger.warn({ err: error.message }, 'idle database connection lost'),
});
const db = createDb(config.DATABASE_URL, { pool });
const connection = createRedis(config.REDIS_URL, 'worker');
const queue = { connection, prefix: config.QUEUE_PREFIX };
const callbacks = openQueue(jobs.callback, queue);
// Every test queue too, for the sweeper below: browser workers scale to zero when their queue is idle,
// so a test whose job was lost (a crash between commit and enqueue) must be re-queued by a process
// that is always up, or nothing would ever wake a worker for it.
const testQueues = new Map(testTypes.map((type) => [type, openQueue(testJobFor(type), queue)] as const));
const ops = await startProcessOps({
  app: 'callback-dispatcher',
  port: config.OPS_PORT,
  queues: [callbacks],
  checks: { postgres: () => pool.query('SELECT 1'), redis: () => connection.ping() },
});
const outcomes = callbackOutcomes(ops.registry);
const deps = { pool, logger, onAttempt: (outcome: string) => outcomes.inc({ outcome }), timeoutMs: config.CALLBACK_TIMEOUT_MS, allowPrivate: config.ALLOW_PRIVATE_TARGETS };

const worker = startWorker(jobs.callback, queue, ({ deliveryId }, job) => deliverCallback(deps, deliveryId, job), {
  concurrency: config.CALLBACK_CONCURRENCY,
  // A dispatcher killed mid-attempt loses the job to another once this lock runs out.
  lockDuration: config.JOB_LOCK_MS,
  stalledInterval: config.JOB_LOCK_MS,
  // The one retry comes CALLBACK_RETRY_DELAY_MS after the first attempt failed.
  settings: { backoffStrategy: () => config.CALLBACK_RETRY_DELAY_MS },
});
worker.on('error', (error) => logger.warn({ err: error.message }, 'worker error'));
// A delivery whose job died with its dispatchers more often than BullMQ allows is over: say so.
worker.on('failed', (job, error) => {
  if (!job || !/stalled/.test(error.message)) return;
  db.callbackDelivery
    .updateMany({ where: { id: job.data.deliveryId, state: 'pending' }, data: { state: 'failed', finishedAt: new Date() } })
    .catch((e: unknown) => logger.error({ err: e }, 'could not fail a stalled delivery'));
});
const stopSweeper = startSweeper(
  // Housekeeping rides along: one place for it, whichever replica gets there first.
  () =>
    Promise.all([
      sweepPendingDeliveries(db, callbacks, config.SWEEP_QUEUED_AFTER_MS),
      sweepQueuedTests(db, testQueues, config.SWEEP_QUEUED_AFTER_MS),
      sweepExpiredIdempotencyKeys(db),
    ]),
  config.SWEEP_INTERVAL_MS,
  (error) => logger.warn({ err: error }, 'sweep failed'),
);
logger.info({ concurrency: config.CALLBACK_CONCURRENCY, opsPort: ops.port }, 'callback-dispatcher ready');

async function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  stopSweeper();
  // Lets deliveries in progress finish; one cut off here is taken up again by another dispatcher.
  if ((await closeWorker(worker, connection)) === 'redis_down') logger.warn('Redis unreachable: exiting without waiting for the deliveries in hand');
  await Promise.allSettled([callbacks.close(), ...[...testQueues.values()].map((q) => q.close()), ops.close()]);
  connection.disconnect();
  await db.$disconnect();
  await pool.end();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
