import { prepareDecoy } from '@pageprobe/accounts';
import { openTestQueues } from '@pageprobe/services';
import { describeRedisTarget } from '@pageprobe/config';
import { createDb, createPool } from '@pageprobe/db';
import { httpAppRedis } from '@pageprobe/jobs';
import { createLogger, type LogDestination } from '@pageprobe/logger';
import { createRegistry, serveHttp } from '@pageprobe/ops';
import { createStorage } from '@pageprobe/storage';
import { createDashboardApp } from './app.ts';
import type { DashboardConfig } from './config.ts';
import { createMail } from './mail.ts';

export interface RunningDashboard {
  port: number;
  /** The ops port, or null without one. */
  opsPort: number | null;
  close(signal?: string): Promise<void>;
}

/** The dashboard: its port and its ops port; `close` drains the requests and closes everything. */
export async function start(
  config: DashboardConfig,
  { logDestination }: { logDestination?: LogDestination } = {},
): Promise<RunningDashboard> {
  const logger = createLogger(
    { name: 'dashboard', level: config.LOG_LEVEL, format: config.LOG_FORMAT },
    logDestination,
  );
  const pool = createPool(config.DATABASE_URL, {
    size: 10,
    onIdleError: (error) => logger.warn({ err: error.message }, 'idle database connection lost'),
  });
  const db = createDb(config.DATABASE_URL, { pool });
  // As the API's: fails fast (a page that needs Redis answers at once), waited for before listening.
  const redis = await httpAppRedis(config.REDIS_TARGET, logger);
  const mail = createMail(config);
  // Tests started from the dashboard are queued as the API queues them; reports read their artifacts.
  const testQueues = openTestQueues({ connection: redis, prefix: config.QUEUE_PREFIX });
  const storage = createStorage(config);
  // Before the first request: an unknown address's first sign-in must cost what a known one's does.
  await prepareDecoy();
  const app = createDashboardApp({ config, db, pool, redis, logger, mail, testQueues, storage });
  const http = await serveHttp({
    listener: app,
    port: config.DASHBOARD_PORT,
    host: config.HOST,
    keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
    ops: {
      port: config.OPS_PORT,
      registry: createRegistry('dashboard'),
      checks: { postgres: () => pool.query('SELECT 1'), redis: () => redis.ping() },
    },
  });
  logger.info(
    {
      url: `${config.DASHBOARD_BASE_URL}/`,
      opsPort: http.opsPort ?? undefined,
      redis: describeRedisTarget(config.REDIS_TARGET),
    },
    'dashboard listening',
  );

  return {
    port: http.port,
    opsPort: http.opsPort,
    async close(signal) {
      logger.info({ signal }, 'shutting down');
      // Requests take milliseconds; the drain deadline bounds a stuck one inside the pod's grace period.
      const { cutOff } = await http.close();
      if (cutOff > 0) logger.warn({ cutOff }, 'requests still running at the drain deadline were cut off');
      mail.close();
      await Promise.allSettled(testQueues.opened().map((q) => q.close()));
      redis.disconnect();
      storage.close();
      await db.$disconnect();
      await pool.end();
    },
  };
}
