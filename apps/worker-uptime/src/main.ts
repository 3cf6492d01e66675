import { createDb } from '@pageprobe/db';
import { closeWorker, createRedis, jobs, openQueue } from '@pageprobe/jobs';
import { createLogger } from '@pageprobe/logger';
import { startProcessOps } from '@pageprobe/ops';
import { startSweeper, startTestWorker, sweepQueuedTests } from '@pageprobe/test-lifecycle';
import { loadUptimeConfig } from './config.ts';
import { runUptimeTest } from './run-uptime-test.ts';

const config = loadUptimeConfig();
const logger = createLogger({ name: 'worker-uptime', level: config.LOG_LEVEL });
const db = createDb(config.DATABASE_URL, { poolSize: 20 });
const connection = createRedis(config.REDIS_URL, 'worker');
const queue = { connection, prefix: config.QUEUE_PREFIX };
const callbacks = openQueue(jobs.callback, queue);
const uptimeQueue = openQueue(jobs.uptime, queue);
const ops = await startProcessOps({
  app: 'worker-uptime',
  port: config.OPS_PORT,
  queues: [uptimeQueue],
  checks: { postgres: () => db.$queryRaw`SELECT 1`, redis: () => connection.ping() },
});

const worker = startTestWorker({
  type: 'uptime',
  queue,
  logger,
  lockMs: config.JOB_LOCK_MS,
  concurrency: config.UPTIME_CONCURRENCY,
  lifecycle: { db, callbacks, publicBaseUrl: config.PUBLIC_BASE_URL, onEnqueueError: (e) => logger.warn({ err: e }, 'callback enqueue failed') },
  onFinished: (type, status, seconds) => ops.testFinished(type, status, seconds),
  run: (test) =>
    runUptimeTest(test, { allowPrivate: config.ALLOW_PRIVATE_TARGETS, timeoutMs: config.UPTIME_TIMEOUT_MS }),
});
const stopSweeper = startSweeper(
  () => sweepQueuedTests(db, new Map([['uptime', uptimeQueue]]), config.SWEEP_QUEUED_AFTER_MS),
  config.SWEEP_INTERVAL_MS,
  (error) => logger.warn({ err: error }, 'sweep failed'),
);
logger.info({ concurrency: config.UPTIME_CONCURRENCY, opsPort: ops.port }, 'worker-uptime ready');

async function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  stopSweeper();
  // Lets running checks finish; a job cut off here (Redis gone, or killed after the grace period) is
  // picked up again by another worker once its lock runs out.
  if ((await closeWorker(worker, connection)) === 'redis_down') logger.warn('Redis unreachable: exiting without waiting for the jobs in hand');
  await Promise.allSettled([callbacks.close(), uptimeQueue.close(), ops.close()]);
  connection.disconnect();
  await db.$disconnect();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
