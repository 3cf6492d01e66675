import { createDb, createPool, type Db, type Pool } from '@pageprobe/db';
import { closeWorker, createRedis, type JobDefinition, jobs, type QueueContext } from '@pageprobe/jobs';
import { createLogger, type Logger } from '@pageprobe/logger';
import { type ProcessOps, startProcessOps } from '@pageprobe/ops';
import { startSweeper } from '@pageprobe/test-lifecycle';
import { Queue, type Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import type { HostConfig } from './host-env.ts';

/** Any job definition: the host only needs its queue's name. */
type QueueOf = Pick<JobDefinition<z.ZodType>, 'queue'>;

/** What a worker process has once its host is up. */
export interface WorkerHost {
  config: HostConfig;
  logger: Logger;
  pool: Pool;
  db: Db;
  connection: Redis;
  queue: QueueContext;
  /** The producer side of a queue, opened once and closed at shutdown. */
  queueFor(def: QueueOf): Queue;
  ops: ProcessOps;
}

export interface WorkerHostOptions {
  app: string;
  config: HostConfig;
  /** Database connections for this process. */
  poolSize: number;
  /** The queues it consumes (measured on its ops port). */
  consumes: QueueOf[];
  /** Starts its BullMQ workers. */
  start(host: WorkerHost): Worker[];
  /** Re-adds the jobs of rows that waited too long (their outbox), every SWEEP_INTERVAL_MS. */
  sweep(host: WorkerHost): Promise<unknown>;
  /** After the workers stopped: what `start` opened besides them (a browser). */
  close?(): Promise<void>;
  /** Facts for the "ready" log line. */
  describe?: Record<string, unknown>;
}

/**
 * One worker process: configuration already parsed, then the database, Redis, the ops port, its workers
 * and the sweeper, and a graceful shutdown on SIGTERM or SIGINT: no new jobs, the jobs in hand finish
 * (unless Redis is gone: then nothing in hand could end, and their locks hand them to another worker).
 */
export async function startWorkerHost(options: WorkerHostOptions): Promise<WorkerHost> {
  const { app, config } = options;
  const logger = createLogger({ name: app, level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  const pool = createPool(config.DATABASE_URL, {
    size: options.poolSize,
    onIdleError: (error) => logger.warn({ err: error.message }, 'idle database connection lost'),
  });
  const db = createDb(config.DATABASE_URL, { pool });
  const connection = createRedis(config.REDIS_URL, 'worker');
  const queue = { connection, prefix: config.QUEUE_PREFIX };
  const queues = new Map<string, Queue>();
  const queueFor = (def: QueueOf) => {
    const open = queues.get(def.queue) ?? new Queue(def.queue, queue);
    queues.set(def.queue, open);
    return open;
  };
  const ops = await startProcessOps({
    app,
    port: config.OPS_PORT,
    queues: options.consumes.map(queueFor),
    checks: { postgres: () => pool.query('SELECT 1'), redis: () => connection.ping() },
  });
  const host: WorkerHost = { config, logger, pool, db, connection, queue, queueFor, ops };
  const workers = options.start(host);
  for (const worker of workers) worker.on('error', (error) => logger.warn({ err: error.message }, 'worker error'));
  const stopSweeper = startSweeper(
    () => options.sweep(host),
    config.SWEEP_INTERVAL_MS,
    (error) => logger.warn({ err: error }, 'sweep failed'),
  );
  logger.info({ ...options.describe, opsPort: ops.port }, `${app} ready`);

  async function shutdown(signal: string) {
    logger.info({ signal }, 'shutting down');
    stopSweeper();
    const closed = await Promise.all(workers.map((w) => closeWorker(w, connection)));
    if (closed.includes('redis_down')) logger.warn('Redis unreachable: exiting without waiting for the jobs in hand');
    await options.close?.();
    await Promise.allSettled([...[...queues.values()].map((q) => q.close()), ops.close()]);
    connection.disconnect();
    await db.$disconnect();
    await pool.end();
    process.exit(0);
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return host;
}

/** The callback queue, which finishing a test feeds. */
export const callbackQueue = (host: WorkerHost) => host.queueFor(jobs.callback);
