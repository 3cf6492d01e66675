import { type Actor, audit } from '@pageprobe/accounts';
import type { Db, Prisma } from '@pageprobe/db';

/**
 * Who asks for a change, whichever door it came through (issue 46): an API key (the API, the CLI, MCP)
 * or a person signed in to the dashboard. The services that both doors call take this, so a change is
 * checked, limited and audited alike.
 */
export interface Caller {
  teamId: string;
  plan: 'free' | 'pro';
  /** Where the team's tests without `locations` run; null: `default`. */
  defaultLocation: string | null;
  /** The key that asked (a monitor runs under it); null for a person in the dashboard. */
  keyId: string | null;
  keyPrefix: string | null;
  /** Who the audit log names: a person, or nobody (the key is named in the entry's details). */
  actor: Actor;
}

/**
 * Appends to the team's audit log what the caller just changed. Called after the change succeeded, so the
 * entry exists when the answer arrives. A key's entry has no person (`actor_id` null): its id and prefix
 * are in `details`, so the entry still names it once the key is revoked.
 */
/** auditCaller's entries for many changes at once (a configuration's apply: one statement for hundreds). */
export async function auditCallerMany(
  tx: Prisma.TransactionClient,
  caller: Caller,
  entries: Array<{ action: string; target: string; details: Prisma.InputJsonObject }>,
): Promise<void> {
  const key = caller.keyId ? { key_id: caller.keyId, key_prefix: caller.keyPrefix } : {};
  const { actor } = caller;
  await tx.auditEntry.createMany({
    data: entries.map((e) => ({
      teamId: caller.teamId,
      actorId: actor.id ?? null,
      actorEmail: actor.email ?? null,
      action: e.action,
      target: e.target,
      details: { ...key, ...e.details },
      ip: actor.ip ?? null,
      // A header the client chose: bounded, as audit() bounds it.
      userAgent: actor.userAgent?.slice(0, 300) ?? null,
    })),
  });
}

export function auditCaller(
  db: Db | Prisma.TransactionClient,
  caller: Caller,
  action: string,
  target: string,
  details: Prisma.InputJsonObject = {},
): Promise<void> {
  const key = caller.keyId ? { key_id: caller.keyId, key_prefix: caller.keyPrefix } : {};
  return audit(db, caller.actor, { teamId: caller.teamId, action, target, details: { ...key, ...details } });
}
