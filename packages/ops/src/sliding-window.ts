import { randomUUID } from 'node:crypto';

// A sliding-window log in Redis, shared by every replica of the API and the dashboard (their write
// limits, issue 56): at most `limit` requests in any window of `windowMs`, so nothing bursts past the
// limit at a window edge. Redis's own clock decides, so replicas with skewed clocks agree.
const SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  count = count + 1
  allowed = 1
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local reset = window
if oldest[2] then reset = tonumber(oldest[2]) + window - now end
return {allowed, limit - count, reset}
`;

/** The window every per-minute limit uses. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

export interface WindowDecision {
  allowed: boolean;
  remaining: number;
  /** Milliseconds until the oldest request in the window leaves it. */
  resetMs: number;
}

/** What the limiter needs of an ioredis client (a Redis or a Sentinel-backed one): Lua commands. */
export interface ScriptingRedis {
  defineCommand(name: string, definition: { numberOfKeys: number; lua: string }): void;
}

type WithCommand = ScriptingRedis & {
  pageprobeSlidingWindow(
    key: string,
    limit: number,
    windowMs: number,
    member: string,
  ): Promise<[number, number, number]>;
};

export class SlidingWindowLimiter {
  readonly #redis: WithCommand;
  readonly #prefix: string;

  constructor(redis: ScriptingRedis, prefix: string) {
    if (!('pageprobeSlidingWindow' in redis)) {
      redis.defineCommand('pageprobeSlidingWindow', { numberOfKeys: 1, lua: SCRIPT });
    }
    this.#redis = redis as WithCommand;
    this.#prefix = prefix;
  }

  async take(bucket: string, limit: number, windowMs: number): Promise<WindowDecision> {
    const [allowed, remaining, resetMs] = await this.#redis.pageprobeSlidingWindow(
      `${this.#prefix}:ratelimit:${bucket}`,
      limit,
      windowMs,
      randomUUID(),
    );
    return { allowed: allowed === 1, remaining: Math.max(0, remaining), resetMs: Math.max(0, resetMs) };
  }
}

/**
 * The IETF RateLimit-Policy and RateLimit headers of a decision on the budget `name`, and Retry-After
 * (seconds, at least 1) when it refused: the API and the dashboard answer their limits alike.
 */
export function rateLimitHeaders(
  name: string,
  limit: number,
  decision: WindowDecision,
  windowMs = RATE_LIMIT_WINDOW_MS,
) {
  const resetSeconds = Math.max(1, Math.ceil(decision.resetMs / 1000));
  const headers: Record<string, string> = {
    'RateLimit-Policy': `"${name}";q=${limit};w=${windowMs / 1000}`,
    RateLimit: `"${name}";r=${decision.remaining};t=${resetSeconds}`,
  };
  if (!decision.allowed) headers['Retry-After'] = String(resetSeconds);
  return { resetSeconds, headers };
}
