import type { Caller } from '@pageprobe/services';
import type { Request } from 'express';
import './request-context.ts';

export { auditCaller, auditCallerMany, type Caller } from '@pageprobe/services';

/** The caller of an API request that authenticated with a key. */
export function callerOf(req: Request): Caller {
  const { teamId, plan, defaultLocation, keyId, keyPrefix } = req.auth!;
  return {
    teamId,
    plan,
    defaultLocation,
    keyId,
    keyPrefix,
    actor: { id: null, email: null, ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null },
  };
}
