import { audit } from '@pageprobe/accounts';
import type { Db, Prisma } from '@pageprobe/db';
import type { Request } from 'express';

/**
 * Appends to the team's audit log what the request's API key just changed (issue 45: monitors, channels,
 * windows and status pages made, changed, deleted). Called after the change succeeded, in the same
 * request: the entry exists when the answer arrives. The actor is the key, not a person (`actor_id`
 * null): its id and prefix are in `details`, so the entry still names it once the key is revoked. Only
 * writes reach here, and they are limited per key, so one INSERT adds little to them.
 */
export function auditRequest(
  db: Db,
  req: Request,
  action: string,
  target: string,
  details: Prisma.InputJsonObject = {},
): Promise<void> {
  const { teamId, keyId, keyPrefix } = req.auth!;
  return audit(
    db,
    { id: null, email: null, ip: req.ip, userAgent: req.get('user-agent') },
    { teamId, action, target, details: { key_id: keyId, key_prefix: keyPrefix, ...details } },
  );
}

/** The names of the fields a PATCH gave (never their values: some are secrets). */
export const fieldsOf = (body: unknown): Prisma.InputJsonObject => ({
  fields: body && typeof body === 'object' ? Object.keys(body).sort() : [],
});
