import { setTimeout as sleep } from 'node:timers/promises';
import { describeRedisTarget } from '@pageprobe/config';
import { createDb, createPool, type Db, type Pool } from '@pageprobe/db';
import { hostname } from 'node:os';
import {
  closeWorker,
  createRedis,
  handBack,
  type JobDefinition,
  jobs,
  type QueueContext,
  startHeartbeat,
  STUCK_AFTER_MS,
  watchWorkers,
} from '@pageprobe/jobs';
import { createLogger, type LogDestination, type Logger } from '@pageprobe/logger';
import { type ProcessOps, startProcessOps, workerRestarts } from '@pageprobe/ops';
import { startSweeper } from '@pageprobe/test-lifecycle';
import { Queue, type Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import type { HostConfig } from './host-env.ts';

/** Any job definition: the host only needs its queue's name. */
type QueueOf = Pick<JobDefinition<z.ZodType>, 'queue'>;

/** How long the first sweep may hold up the ready line. */
const FIRST_SWEEP_WAIT_MS = 3_000;

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
  /** Where it is (issue 32): LOCATION, and LOCATION_NAME or the id. */
  location: { id: string; name: string };
}

export interface WorkerHostOptions {
  app: string;
  config: HostConfig;
  /** Database connections for this process. */
  poolSize: number;
  /** The queues it consumes (measured on its ops port). */
  consumes: QueueOf[];
  /** The kinds of test it runs at its location: its heartbeat lists it in GET /locations for them. */
  kinds?: string[];
  /** Before the workers start: what must be ready before the first job (a warm browser); facts for the ready line. */
  prepare?(host: WorkerHost): Promise<Record<string, unknown>>;
  /** Starts its BullMQ workers. */
  start(host: WorkerHost): Worker[];
  /** Re-adds the jobs of rows that waited too long (their outbox), every SWEEP_INTERVAL_MS. */
  sweep(host: WorkerHost): Promise<unknown>;
  /** After the workers stopped: what `start` opened besides them (a browser). */
  close?(): Promise<void>;
  /** Facts for the "ready" log line. */
  describe?: Record<string, unknown>;
  /** Where its log lines go (stdout unless told: a test in-process keeps them). */
  logDestination?: LogDestination;
}

/** A host that is up: `close` stops it gracefully (runAsProcess calls it on SIGTERM or SIGINT). */
export interface RunningWorkerHost extends WorkerHost {
  close(signal?: string): Promise<void>;
}

/** Hosts started in this process so far: each one's GET /locations entry needs an id of its own. */
let hostsStarted = 0;

/**
 * One worker: configuration already parsed, then the database, Redis, the ops port, its workers and the
 * sweeper, and a graceful `close`: no new jobs, the jobs in hand finish within SHUTDOWN_GRACE_MS or go
 * back to their queues (unless Redis is gone: then nothing in hand could end, and their locks hand them
 * to another worker). It owns no process: runAsProcess (`@pageprobe/ops`) closes it on a signal.
 */
export async function startWorkerHost(options: WorkerHostOptions): Promise<RunningWorkerHost> {
  const { app, config } = options;
  const logger = createLogger(
    { name: app, level: config.LOG_LEVEL, format: config.LOG_FORMAT },
    options.logDestination,
  );
  const instance = hostsStarted++;
  let started = false;
  const pool = createPool(config.DATABASE_URL, {
    size: options.poolSize,
    onIdleError: (error) => logger.warn({ err: error.message }, 'idle database connection lost'),
  });
  const db = createDb(config.DATABASE_URL, { pool });
  const connection = createRedis(config.REDIS_TARGET, 'worker');
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
    keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    queues: options.consumes.map(queueFor),
    checks: {
      postgres: () => pool.query('SELECT 1'),
      redis: () => connection.ping(),
      // Not ready until it takes jobs: the browser's warm-up comes first.
      started: async () => {
        if (!started) throw new Error('still starting');
      },
    },
  });
  const location = { id: config.LOCATION, name: config.LOCATION_NAME ?? config.LOCATION };
  const host: WorkerHost = { config, logger, pool, db, connection, queue, queueFor, ops, location };
  const prepared = await options.prepare?.(host);
  const made = options.start(host);
  for (const worker of made) worker.on('error', (error) => logger.warn({ err: error.message }, 'worker error'));
  // A worker whose fetch hangs (its connections left on a master that died silently or was demoted) is
  // replaced by a new one on connections of its own within STUCK_AFTER_MS (15 s) + 1 s of the watchdog
  // seeing a job wait for it; the jobs in the old one's hand finish or stall back to the queue. Logged
  // and counted (worker_restarts_total).
  const restarts = workerRestarts(ops.registry);
  const workers = watchWorkers(made, {
    connection,
    prefix: config.QUEUE_PREFIX,
    onRestart: ({ queue, waiting, stuckForMs, cut }) => {
      restarts.inc({ queue });
      logger.warn(
        { queue, waiting, stuckForMs, boundMs: STUCK_AFTER_MS, oldConnectionCut: cut },
        'worker replaced: its queue had jobs waiting and it took none (its Redis fetch hung)',
      );
    },
  });
  // The first sweep before ready: it takes up what a stopped process left (a restart should not wait an
  // interval for that), and it loads and compiles what sweeping needs (modules, Prisma's query plans:
  // a 400 ms stall of every delivery in flight when the first sweep came 10 s into a burst, issue 19).
  // Bounded: with Redis or PostgreSQL down it would wait for them, and the worker must still come up
  // (alive, not ready) and say so.
  const firstSweep = options.sweep(host).catch((error: unknown) => logger.warn({ err: error }, 'sweep failed'));
  await Promise.race([firstSweep, sleep(FIRST_SWEEP_WAIT_MS)]);
  const stopSweeper = startSweeper(
    () => options.sweep(host),
    config.SWEEP_INTERVAL_MS,
    (error) => logger.warn({ err: error }, 'sweep failed'),
  );
  // Listed in GET /locations from now on, until it stops (or, killed, LIVE_FOR_MS after its last word).
  const leave = options.kinds?.length
    ? startHeartbeat(connection, config.QUEUE_PREFIX, {
        // A second host in one process (tests run workers in theirs) is a worker of its own.
        id: `${hostname()}:${process.pid}${instance > 0 ? `:${instance}` : ''}`,
        location: location.id,
        name: location.name,
        kinds: options.kinds,
      })
    : async () => {};
  // Where Redis is (a URL's host or the Sentinel group), never its password.
  const redis = describeRedisTarget(config.REDIS_TARGET);
  logger.info({ ...options.describe, ...prepared, location: location.id, opsPort: ops.port, redis }, `${app} ready`);

  async function close(signal?: string) {
    logger.info({ signal }, 'shutting down');
    stopSweeper();
    workers.stop();
    // Off GET /locations at once; with Redis away the word would wait for it, so not for long.
    await Promise.race([leave(), sleep(1_000)]);
    const closing = Promise.all(workers.all().map((w) => closeWorker(w, connection)));
    const closed = await Promise.race([closing, sleep(config.SHUTDOWN_GRACE_MS).then(() => 'late' as const)]);
    if (closed === 'late') {
      const jobs = (await Promise.all(workers.all().map(handBack))).reduce((a, b) => a + b, 0);
      logger.warn({ jobs, graceMs: config.SHUTDOWN_GRACE_MS }, 'jobs in hand handed back to their queues');
    } else if (closed.includes('redis_down')) {
      logger.warn('Redis unreachable: exiting without waiting for the jobs in hand');
    }
    await options.close?.();
    await Promise.allSettled([...[...queues.values()].map((q) => q.close()), ops.close()]);
    connection.disconnect();
    await db.$disconnect();
    await pool.end();
  }
  started = true;
  return Object.assign(host, { close });
}

/** The callback queue, which finishing a test feeds. */
export const callbackQueue = (host: WorkerHost) => host.queueFor(jobs.callback);
