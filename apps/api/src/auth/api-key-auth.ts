import type { Db } from '@pageprobe/db';
import type { RequestHandler } from 'express';
import { ProblemError } from '../http/problem.ts';
import { hashApiKey, isWellFormedApiKey, sameHash } from '../keys/api-key.ts';
import { bearerToken } from './bearer.ts';
import type { KeyCache } from './key-cache.ts';

const challenge = { 'WWW-Authenticate': 'Bearer realm="pageprobe"' };

// Missing, malformed, unknown and revoked keys get the same answer, so a caller learns nothing
// about which keys exist. Only an expired key is told apart (the spec's "API key expired").
const unauthorized = () =>
  new ProblemError(401, 'unauthorized', 'A valid API key is required in the Authorization header.', {
    headers: challenge,
  });

export function authenticateApiKey(db: Db, cache: KeyCache): RequestHandler {
  return async (req, _res, next) => {
    const key = bearerToken(req.headers.authorization);
    if (key === null || !isWellFormedApiKey(key)) throw unauthorized();
    const hash = hashApiKey(key);
    const row = await cache.get(hash, async () => {
      const found = await db.apiKey.findUnique({
        where: { hash },
        select: {
          id: true,
          teamId: true,
          scope: true,
          hash: true,
          expiresAt: true,
          revokedAt: true,
          team: { select: { plan: true } },
        },
      });
      return found && { ...found, plan: found.team.plan };
    });
    if (!row || !sameHash(row.hash, hash) || row.revokedAt) throw unauthorized();
    if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) {
      throw new ProblemError(401, 'api_key_expired', 'API key expired', { headers: challenge });
    }
    req.auth = { teamId: row.teamId, keyId: row.id, scope: row.scope, plan: row.plan };
    next();
  };
}

/** `write` includes everything `read` allows. */
export function requireScope(scope: 'read' | 'write'): RequestHandler {
  return (req, _res, next) => {
    if (scope === 'write' && req.auth?.scope !== 'write') {
      throw new ProblemError(
        403,
        'insufficient_scope',
        'This API key has read scope; starting a test needs write scope.',
      );
    }
    next();
  };
}
