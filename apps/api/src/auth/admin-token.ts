import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { ProblemError } from '../http/problem.ts';
import type { PerAddressWindow } from '../limits/per-address.ts';
import { bearerToken } from './bearer.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The admin API's guard: the deployment's ADMIN_TOKEN, compared in constant time. Every wrong token an
 * address presents counts in `failures`; past its limit the address gets 429 before its token is looked
 * at, so guessing costs the same whether the guess is right or wrong. A right token is not counted.
 */
export function requireAdminToken(adminToken: string, failures: PerAddressWindow): RequestHandler {
  const expected = digest(adminToken);
  return (req, _res, next) => {
    const address = req.ip ?? 'unknown';
    const wait = failures.blockedFor(address);
    if (wait > 0) {
      throw new ProblemError(429, 'rate_limited', 'Too many wrong admin tokens from this address.', {
        headers: { 'Retry-After': String(wait) },
      });
    }
    const token = bearerToken(req.headers.authorization);
    if (token === null || !timingSafeEqual(digest(token), expected)) {
      // No token at all is not a guess: only tokens presented count.
      if (token !== null) failures.add(address);
      throw new ProblemError(401, 'unauthorized', 'A valid admin token is required.', {
        headers: { 'WWW-Authenticate': 'Bearer realm="pageprobe-admin"' },
      });
    }
    next();
  };
}
