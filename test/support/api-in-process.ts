import { once } from 'node:events';
import { createServer } from 'node:http';
import { after } from 'node:test';
import { apiEnv, apiListener, createApp, openTestQueues } from '@pageprobe/api';
import { createPool } from '@pageprobe/db';
import { createRedis } from '@pageprobe/jobs';
import { freePort } from '@pageprobe/local-services';
import { createLogger } from '@pageprobe/logger';
import { createStorage } from '@pageprobe/storage';
import type { TestEnv } from './test-env.ts';

export interface RunningApi {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  close(): Promise<void>;
}

/** createApp with real dependencies on a free port, in the test's process; closed when the file ends. */
export async function startApiInProcess(env: TestEnv, extra: Record<string, string> = {}): Promise<RunningApi> {
  const port = await freePort();
  const vars = env.appEnv({
    PORT: String(port),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    OPENAPI_VALIDATE_RESPONSES: 'true',
    ...extra,
  });
  const config = apiEnv.parse(vars);
  const redis = createRedis(config.REDIS_TARGET, 'api');
  await once(redis, 'ready');
  const testQueues = openTestQueues({ connection: redis, prefix: config.QUEUE_PREFIX });
  const logger = createLogger({ name: 'api-test', level: config.LOG_LEVEL });
  const storage = createStorage(config);
  const pool = createPool(config.DATABASE_URL, { size: 5 });
  const app = createApp({ config, db: env.db, pool, redis, testQueues, logger, storage });
  // As main.ts serves it: pings ahead of Express.
  const server = createServer(apiListener(app)).listen(port, '127.0.0.1');
  await once(server, 'listening');
  const origin = config.PUBLIC_BASE_URL;
  const close = async () => {
    server.closeAllConnections();
    server.close();
    await app.locals.close();
    await Promise.allSettled(testQueues.opened().map((q) => q.close()));
    redis.disconnect();
    storage.close();
    await pool.end();
  };
  after(close);
  return { origin, close };
}
