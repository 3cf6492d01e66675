import type { Db, Prisma } from '@pageprobe/db';

// The audit log (issue 45): append-only (a trigger refuses changes), one row per thing a person or key
// did to a team, with who, from where and with what.

/** Who did it and from where: a request's person (or none, for a failed sign-in). */
export interface Actor {
  id?: string | null;
  email?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

export interface AuditInput {
  teamId?: string | null;
  action: string;
  target?: string | null;
  details?: Prisma.InputJsonObject;
}

/** Appends one entry, in the caller's transaction when it gives one. */
export async function audit(db: Db | Prisma.TransactionClient, actor: Actor, entry: AuditInput): Promise<void> {
  await db.auditEntry.create({
    data: {
      teamId: entry.teamId ?? null,
      actorId: actor.id ?? null,
      actorEmail: actor.email ?? null,
      action: entry.action,
      target: entry.target ?? null,
      details: entry.details ?? {},
      ip: actor.ip ?? null,
      // A header the client chose: bounded.
      userAgent: actor.userAgent?.slice(0, 300) ?? null,
    },
  });
}
