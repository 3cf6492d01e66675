import type { Db } from '@pageprobe/db';
import type { RequestHandler } from 'express';
import { ProblemError } from '../http/problem.ts';
import { hashApiKey, isWellFormedApiKey, sameHash } from '@pageprobe/accounts';
import { bearerToken } from './bearer.ts';
import { READ_ONLY_POSTS } from '../http/read-only-posts.ts';
import type { PerAddressWindow } from '../limits/per-address.ts';
import type { KeyCache } from './key-cache.ts';
import type { KeyLastUsed } from './key-last-used.ts';

const challenge = { 'WWW-Authenticate': 'Bearer realm="pageprobe"' };

// Missing, malformed, unknown and revoked keys get the same answer, so a caller learns nothing
// about which keys exist. Only an expired key is told apart (the spec's "API key expired").
const unauthorized = () =>
  new ProblemError(401, 'unauthorized', 'A valid API key is required in the Authorization header.', {
    headers: challenge,
  });

/**
 * Resolves the bearer key to its team. A well-formed key that is not cached costs a database lookup, so
 * an address whose lookups keep failing (unknown or revoked keys) is refused before the lookup once it
 * passes `failures`' limit; a known key already cached still passes. A key that passes is told to
 * `lastUsed` (a set in memory, written later: never on this path).
 */
export function authenticateApiKey(
  db: Db,
  cache: KeyCache,
  failures: PerAddressWindow,
  lastUsed: KeyLastUsed,
): RequestHandler {
  return async (req, _res, next) => {
    const key = bearerToken(req.headers.authorization);
    if (key === null || !isWellFormedApiKey(key)) throw unauthorized();
    const hash = hashApiKey(key);
    const address = req.ip ?? 'unknown';
    const wait = cache.peek(hash) ? 0 : failures.blockedFor(address);
    if (wait > 0) {
      throw new ProblemError(429, 'rate_limited', 'Too many requests with unknown API keys from this address.', {
        headers: { 'Retry-After': String(wait) },
      });
    }
    const row = await cache.get(hash, async () => {
      const found = await db.apiKey.findUnique({
        where: { hash },
        select: {
          id: true,
          prefix: true,
          teamId: true,
          scope: true,
          hash: true,
          expiresAt: true,
          revokedAt: true,
          team: { select: { plan: true, defaultLocation: true } },
        },
      });
      return found && { ...found, plan: found.team.plan, defaultLocation: found.team.defaultLocation };
    });
    if (!row || !sameHash(row.hash, hash) || row.revokedAt) {
      failures.add(address);
      throw unauthorized();
    }
    if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) {
      throw new ProblemError(401, 'api_key_expired', 'API key expired', { headers: challenge });
    }
    lastUsed.used(row.id);
    req.auth = {
      teamId: row.teamId,
      keyId: row.id,
      keyPrefix: row.prefix,
      scope: row.scope,
      plan: row.plan,
      defaultLocation: row.defaultLocation,
    };
    next();
  };
}

/** `write` includes everything `read` allows. */
/**
 * Every call that changes something needs a write key, decided (like authentication) before the body is
 * read: a read key gets 403 whatever it sends. Routes still say their scope (requireScope) as well.
 */
export const writesNeedWriteScope: RequestHandler = (req, _res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD' && !READ_ONLY_POSTS.test(req.path)) {
    return requireScope('write')(req, _res, next);
  }
  next();
};

export function requireScope(scope: 'read' | 'write'): RequestHandler {
  return (req, _res, next) => {
    if (scope === 'write' && req.auth?.scope !== 'write') {
      throw new ProblemError(
        403,
        'insufficient_scope',
        'This API key has read scope; starting tests and changing monitors need write scope.',
      );
    }
    next();
  };
}
