import { once } from 'node:events';
import { createServer } from 'node:http';
import type { Express } from 'express';
import { describeRedisTarget } from '@pageprobe/config';
import { createDb, createPool } from '@pageprobe/db';
import { createRedis } from '@pageprobe/jobs';
import { createLogger } from '@pageprobe/logger';
import { createRegistry, gracefulClose, queueMetrics, serverTimeouts, startOpsServer } from '@pageprobe/ops';
import { createStorage } from '@pageprobe/storage';
import { apiListener, createApp } from './app.ts';
import { loadApiConfig } from './config.ts';
import { openTestQueues } from './test-queues.ts';

const config = loadApiConfig();
const logger = createLogger({ name: 'api', level: config.LOG_LEVEL, format: config.LOG_FORMAT });
const pool = createPool(config.DATABASE_URL, {
  size: 20,
  onIdleError: (error) => logger.warn({ err: error.message }, 'idle database connection lost'),
});
const db = createDb(config.DATABASE_URL, { pool });
const redis = createRedis(config.REDIS_TARGET, 'api');
redis.on('error', (error) => logger.warn({ err: error.message }, 'redis connection error'));
const testQueues = openTestQueues({ connection: redis, prefix: config.QUEUE_PREFIX });
const storage = createStorage(config);

const registry = createRegistry('api');
queueMetrics(registry, testQueues.opened());
const app = createApp({ config, db, pool, redis, testQueues, logger, storage, registry });
// Slow requests get 408; idle keep-alive connections outlast the proxy's (serverTimeouts says why).
const timeouts = serverTimeouts({
  keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
});
const server = createServer(timeouts, apiListener(app)).listen(config.PORT, config.HOST);
const closer = gracefulClose(server);
await once(server, 'listening');
const adminApp: Express | undefined = app.locals.adminApp;
const adminServer = adminApp && createServer(timeouts, adminApp).listen(config.ADMIN_PORT ?? 0, config.HOST);
const adminCloser = adminServer && gracefulClose(adminServer);
if (adminServer) await once(adminServer, 'listening');
// /metrics (and probes) on a port of its own, never on the public one.
const ops =
  config.OPS_PORT >= 0
    ? await startOpsServer({
        port: config.OPS_PORT,
        keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
        registry,
        checks: { postgres: () => pool.query('SELECT 1'), redis: () => redis.ping() },
      })
    : null;
logger.info(
  {
    url: config.PUBLIC_BASE_URL,
    opsPort: ops?.port,
    adminPort: config.ADMIN_PORT,
    redis: describeRedisTarget(config.REDIS_TARGET),
  },
  'api listening',
);

// Requests take milliseconds; this bounds a stuck one, inside Kubernetes' 30 s grace period (less its
// 5 s preStop pause: infra/k8s/base/api.yaml), so the connections below are still closed cleanly.
const DRAIN_DEADLINE_MS = 20_000;

async function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  // Stop accepting, let in-flight requests finish (keep-alive clients are told to go), then exit.
  const [{ cutOff }] = await Promise.all([closer.close(DRAIN_DEADLINE_MS), adminCloser?.close(DRAIN_DEADLINE_MS)]);
  if (cutOff > 0) logger.warn({ cutOff }, 'requests still running at the drain deadline were cut off');
  await ops?.close();
  await app.locals.close();
  await Promise.allSettled(testQueues.opened().map((q) => q.close()));
  redis.disconnect();
  storage.close();
  await db.$disconnect();
  await pool.end();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
