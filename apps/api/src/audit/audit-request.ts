import type { Db, Prisma } from '@pageprobe/db';
import type { Request } from 'express';
import { auditCaller, callerOf } from '../http/caller.ts';

/**
 * Appends to the team's audit log what the request's API key just changed (issue 45: monitors, channels,
 * windows and status pages made, changed, deleted): auditCaller for the request's key.
 */
export const auditRequest = (
  db: Db,
  req: Request,
  action: string,
  target: string,
  details: Prisma.InputJsonObject = {},
): Promise<void> => auditCaller(db, callerOf(req), action, target, details);

export { fieldsOf } from '@pageprobe/services';
