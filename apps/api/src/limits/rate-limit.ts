import type { Logger } from '@pageprobe/logger';
import { RATE_LIMIT_WINDOW_MS, rateLimitHeaders, type SlidingWindowLimiter, type WindowDecision } from '@pageprobe/ops';
import type { RequestHandler } from 'express';
import { ProblemError } from '../http/problem.ts';
import { READ_ONLY_POSTS } from '../http/read-only-posts.ts';

export interface RateLimits {
  readsPerMinute: number;
  writesPerMinute: number;
}

/**
 * Per-key limits (60 reads, 10 POST /tests a minute by default), with the IETF RateLimit-Policy and
 * RateLimit headers on every answer and Retry-After on a 429. When Redis is unreachable, reads go on
 * unlimited (PostgreSQL still serves them) while writes answer 503: they need Redis anyway. The
 * dashboard's forms spend the same write budget per person and team (apps/dashboard/src/http/write-limit.ts).
 */
export function rateLimit(limiter: SlidingWindowLimiter, limits: RateLimits, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    // Writes: every call that changes something (POST /tests, monitors' POST, PATCH and DELETE); a POST
    // that only reads (POST /config/plan) is a read.
    const write = req.method !== 'GET' && req.method !== 'HEAD' && !READ_ONLY_POSTS.test(req.path);
    const name = write ? 'writes' : 'reads';
    const limit = write ? limits.writesPerMinute : limits.readsPerMinute;
    let decision: WindowDecision;
    try {
      decision = await limiter.take(`${name}:${req.auth!.keyId}`, limit, RATE_LIMIT_WINDOW_MS);
    } catch (error) {
      logger.warn({ err: (error as Error).message }, 'rate limiter unavailable');
      if (!write) return next();
      throw new ProblemError(503, 'service_unavailable', 'Changes cannot be made right now; try again shortly.', {
        headers: { 'Retry-After': '5' },
      });
    }
    const { resetSeconds, headers } = rateLimitHeaders(name, limit, decision);
    res.setHeader('RateLimit-Policy', headers['RateLimit-Policy']!);
    res.setHeader('RateLimit', headers.RateLimit!);
    if (!decision.allowed) {
      throw new ProblemError(
        429,
        'rate_limited',
        `At most ${limit} ${name} a minute per API key; retry in ${resetSeconds} s.`,
        {
          headers: { 'Retry-After': headers['Retry-After']! },
        },
      );
    }
    next();
  };
}
