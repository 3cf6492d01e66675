import { once } from 'node:events';
import { createServer } from 'node:http';
import { prepareDecoy } from '@pageprobe/accounts';
import { describeRedisTarget } from '@pageprobe/config';
import { createDb, createPool } from '@pageprobe/db';
import { createRedis } from '@pageprobe/jobs';
import { createLogger } from '@pageprobe/logger';
import { openTestQueues } from '@pageprobe/api/services';
import { createRegistry, gracefulClose, serverTimeouts, startOpsServer } from '@pageprobe/ops';
import { createStorage } from '@pageprobe/storage';
import { createDashboardApp } from './app.ts';
import { loadDashboardConfig } from './config.ts';
import { createMail } from './mail.ts';

const config = loadDashboardConfig();
const logger = createLogger({ name: 'dashboard', level: config.LOG_LEVEL, format: config.LOG_FORMAT });
const pool = createPool(config.DATABASE_URL, {
  size: 10,
  onIdleError: (error) => logger.warn({ err: error.message }, 'idle database connection lost'),
});
const db = createDb(config.DATABASE_URL, { pool });
// Fails fast as the API does: a page that needs Redis (a revocation, a rate limit) answers at once.
const redis = createRedis(config.REDIS_TARGET, 'api');
redis.on('error', (error) => logger.warn({ err: error.message }, 'redis connection error'));
const mail = createMail(config);
// Tests started from the dashboard are queued as the API queues them; reports read their artifacts.
const testQueues = openTestQueues({ connection: redis, prefix: config.QUEUE_PREFIX });
const storage = createStorage(config);
// Before the first request: an unknown address's first sign-in must cost what a known one's does.
await prepareDecoy();
const app = createDashboardApp({ config, db, pool, redis, logger, mail, testQueues, storage });
const timeouts = serverTimeouts({
  keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
});
const server = createServer(timeouts, app).listen(config.DASHBOARD_PORT, config.HOST);
const closer = gracefulClose(server);
await once(server, 'listening');
const ops =
  config.OPS_PORT >= 0
    ? await startOpsServer({
        port: config.OPS_PORT,
        keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
        registry: createRegistry('dashboard'),
        checks: { postgres: () => pool.query('SELECT 1'), redis: () => redis.ping() },
      })
    : null;
logger.info(
  { url: `${config.DASHBOARD_BASE_URL}/`, opsPort: ops?.port, redis: describeRedisTarget(config.REDIS_TARGET) },
  'dashboard listening',
);

const DRAIN_DEADLINE_MS = 20_000;

async function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  // Requests take milliseconds; this bounds a stuck one inside the pod's grace period (as the API's).
  const { cutOff } = await closer.close(DRAIN_DEADLINE_MS);
  if (cutOff > 0) logger.warn({ cutOff }, 'requests still running at the drain deadline were cut off');
  await ops?.close();
  mail.close();
  await Promise.allSettled(testQueues.opened().map((q) => q.close()));
  redis.disconnect();
  await db.$disconnect();
  await pool.end();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
