import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * The API key's quota (150 queries a minute), counted in Redis so every replica of every app draws on
 * one budget. Keyed by a hash of the key: never the key itself in Redis. A query the window refuses
 * waits for the next window when it opens within `maxWaitMs`, and is refused otherwise.
 */
export function queryLimiter(opts: {
  redis: Redis;
  prefix: string;
  apiKey: string;
  perWindow: number;
  windowSeconds: number;
  maxWaitMs: number;
}): () => Promise<boolean> {
  const limiter = new RateLimiterRedis({
    storeClient: opts.redis,
    keyPrefix: `${opts.prefix}:crux:quota`,
    points: opts.perWindow,
    duration: opts.windowSeconds,
  });
  const id = createHash('sha256').update(opts.apiKey).digest('hex').slice(0, 24);
  return async function take() {
    const deadline = Date.now() + opts.maxWaitMs;
    for (;;) {
      try {
        await limiter.consume(id);
        return true;
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        const wait = Math.max(refusal.msBeforeNext, 1);
        if (Date.now() + wait > deadline) return false;
        await sleep(wait);
      }
    }
  };
}
