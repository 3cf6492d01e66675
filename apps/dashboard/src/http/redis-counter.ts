import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { DashboardDeps } from './page-context.ts';

const built = new WeakMap<DashboardDeps, Map<string, RateLimiterRedis>>();

/**
 * A counter in Redis (rate-limiter-flexible) under the dashboard's queue prefix, `points` per `duration`
 * seconds, made once per app and name. The dashboard's client has no offline queue: without Redis, each
 * process counts on its own (the in-memory stand-in).
 */
export function redisCounter(deps: DashboardDeps, name: string, points: number, duration: number): RateLimiterRedis {
  const byName = built.get(deps) ?? new Map<string, RateLimiterRedis>();
  built.set(deps, byName);
  let counter = byName.get(name);
  if (!counter) {
    counter = new RateLimiterRedis({
      storeClient: deps.redis,
      keyPrefix: `${deps.config.QUEUE_PREFIX}:${name}`,
      points,
      duration,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ points, duration }),
    });
    byName.set(name, counter);
  }
  return counter;
}
