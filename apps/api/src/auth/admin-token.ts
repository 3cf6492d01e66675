import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { ProblemError } from '../http/problem.ts';
import { bearerToken } from './bearer.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The admin API's guard: the deployment's ADMIN_TOKEN, compared in constant time. */
export function requireAdminToken(adminToken: string): RequestHandler {
  const expected = digest(adminToken);
  return (req, _res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (token === null || !timingSafeEqual(digest(token), expected)) {
      throw new ProblemError(401, 'unauthorized', 'A valid admin token is required.', {
        headers: { 'WWW-Authenticate': 'Bearer realm="pageprobe-admin"' },
      });
    }
    next();
  };
}
