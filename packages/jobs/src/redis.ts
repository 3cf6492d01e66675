import { Redis, type RedisOptions } from 'ioredis';

/**
 * The API fails fast when Redis is down (no offline queue, so a write answers 503 at once); workers
 * wait for Redis to come back (BullMQ needs maxRetriesPerRequest: null on their connections).
 */
export function createRedis(url: string, role: 'api' | 'worker', extra: RedisOptions = {}): Redis {
  const options: RedisOptions =
    role === 'api'
      ? { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000, enableAutoPipelining: true }
      : { maxRetriesPerRequest: null, enableReadyCheck: true };
  return new Redis(url, { ...options, ...extra, lazyConnect: false });
}
