import { describeRedisTarget } from '@pageprobe/config';
import { createDb, createPool } from '@pageprobe/db';
import { httpAppRedis } from '@pageprobe/jobs';
import { createLogger, type LogDestination } from '@pageprobe/logger';
import { createRegistry, queueMetrics, serveHttp } from '@pageprobe/ops';
import { createStorage } from '@pageprobe/storage';
import type { Express } from 'express';
import { apiListener, createApp } from './app.ts';
import type { ApiConfig } from './config.ts';
import { openTestQueues } from '@pageprobe/services';
import { openGeoIp } from '@pageprobe/rum';

export interface StartOptions {
  /** Where its log lines go (stdout unless told: a test in-process keeps them). */
  logDestination?: LogDestination;
}

export interface RunningApi {
  /** The public port, the admin port (when ADMIN_PORT is set) and the ops port (null without one). */
  port: number;
  adminPort: number | null;
  opsPort: number | null;
  close(signal?: string): Promise<void>;
}

/** The API: its public port (and admin port), its ops port; `close` drains the requests and closes everything. */
export async function start(config: ApiConfig, { logDestination }: StartOptions = {}): Promise<RunningApi> {
  // Opened first: a missing or bad RUM_GEOIP_DB stops the start with its reason, before anything is open.
  const rumGeoIp = config.RUM_GEOIP_DB ? openGeoIp(config.RUM_GEOIP_DB) : undefined;
  const logger = createLogger({ name: 'api', level: config.LOG_LEVEL, format: config.LOG_FORMAT }, logDestination);
  const pool = createPool(config.DATABASE_URL, {
    size: 20,
    onIdleError: (error) => logger.warn({ err: error.message }, 'idle database connection lost'),
  });
  const db = createDb(config.DATABASE_URL, { pool });
  // Waited for before listening: the first requests that need Redis would fail otherwise.
  const redis = await httpAppRedis(config.REDIS_TARGET, logger);
  const testQueues = openTestQueues({ connection: redis, prefix: config.QUEUE_PREFIX });
  const storage = createStorage(config);

  const registry = createRegistry('api');
  queueMetrics(registry, testQueues.opened());
  const app = createApp({ config, db, pool, redis, testQueues, logger, storage, registry, rumGeoIp });
  const adminApp: Express | undefined = app.locals.adminApp;
  const http = await serveHttp({
    listener: apiListener(app),
    port: config.PORT,
    host: config.HOST,
    // Slow requests get 408; idle keep-alive connections outlast the proxy's (serverTimeouts says why).
    keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
    admin: adminApp && { listener: adminApp, port: config.ADMIN_PORT ?? 0 },
    // /metrics (and probes) on a port of its own, never on the public one.
    ops: {
      port: config.OPS_PORT,
      registry,
      checks: { postgres: () => pool.query('SELECT 1'), redis: () => redis.ping() },
    },
  });
  logger.info(
    {
      url: config.PUBLIC_BASE_URL,
      opsPort: http.opsPort ?? undefined,
      adminPort: config.ADMIN_PORT,
      redis: describeRedisTarget(config.REDIS_TARGET),
    },
    'api listening',
  );

  return {
    port: http.port,
    adminPort: http.adminPort,
    opsPort: http.opsPort,
    async close(signal) {
      logger.info({ signal }, 'shutting down');
      // Stop accepting, let in-flight requests finish (keep-alive clients are told to go), then close.
      const { cutOff } = await http.close();
      if (cutOff > 0) logger.warn({ cutOff }, 'requests still running at the drain deadline were cut off');
      await app.locals.close();
      await Promise.allSettled(testQueues.opened().map((q) => q.close()));
      redis.disconnect();
      storage.close();
      await db.$disconnect();
      await pool.end();
    },
  };
}
