import type { Db, KeyScope, Prisma } from '@pageprobe/db';
import { type AlertLinkBases, KEY_REVOKED, raiseAlert } from '@pageprobe/test-lifecycle';
import { generateApiKey } from './api-key.ts';

// Making and revoking API keys: the admin API, `pnpm admin` and the dashboard's "API and MCP access" all
// come here, so a key made anywhere follows the same rules.

/** The Redis channel on which a revoked key's id reaches every API replica at once (they drop it from cache). */
export const keyRevokedChannel = (queuePrefix: string) => `${queuePrefix}:api-keys:revoked`;

export class KeyExpiryInPast extends Error {}

/** A new key: the row, and the key itself, which exists only in this answer. */
export async function createApiKey(
  db: Db,
  input: {
    teamId: string;
    scope: KeyScope;
    name?: string | null;
    expiresAt?: Date | null;
    createdById?: string | null;
  },
) {
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) throw new KeyExpiryInPast();
  const generated = generateApiKey();
  const row = await db.apiKey.create({
    data: {
      teamId: input.teamId,
      scope: input.scope,
      name: input.name ?? null,
      expiresAt: input.expiresAt ?? null,
      prefix: generated.prefix,
      hash: generated.hash,
      createdById: input.createdById ?? null,
    },
  });
  return { row, key: generated.key };
}

/**
 * The key stops working, and the monitors it created (or last resumed) pause with monitor.paused,
 * reason key_revoked, in the same transaction: a revoked key spends nothing more (issue 28). Their
 * alerts' callbacks go out with the dispatcher's next sweep; a PATCH with another key resumes them.
 * Null when there is no such key (of the team, when one is given). `links`: the bases the alerts' links
 * (the monitor's page and its dashboard page) are made from.
 */
export async function revokeApiKey(
  db: Db,
  keyId: string,
  links: AlertLinkBases,
  teamId?: string,
): Promise<{ pausedMonitors: string[] } | null> {
  return db.$transaction(async (tx) => {
    const key = await tx.apiKey.findFirst({
      where: { id: keyId, ...(teamId ? { teamId } : {}) },
      select: { id: true },
    });
    if (!key) return null;
    return revokeKeyIn(tx, keyId, links);
  });
}

/**
 * The live keys a person made in a team (issue 56 item 6): what leaving the team, or a role that cannot
 * manage keys, revokes. Keys made before their maker was recorded (before issue 45), or by the admin API
 * or `pnpm admin`, have no maker and are not among them.
 */
export const liveKeysMadeBy = (db: Db | Prisma.TransactionClient, teamId: string, userId: string) =>
  db.apiKey.findMany({
    where: {
      teamId,
      createdById: userId,
      revokedAt: null,
      OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }],
    },
    select: { id: true, prefix: true, name: true },
    orderBy: { createdAt: 'asc' },
  });

/** Revokes, in the caller's transaction, the live keys `userId` made in `teamId`, as revokeApiKey does each. */
export async function revokeKeysMadeBy(
  tx: Prisma.TransactionClient,
  teamId: string,
  userId: string,
  links: AlertLinkBases,
): Promise<RevokedKeys> {
  const keys = await liveKeysMadeBy(tx, teamId, userId);
  const pausedMonitors: string[] = [];
  for (const key of keys) pausedMonitors.push(...(await revokeKeyIn(tx, key.id, links)).pausedMonitors);
  return { keys, pausedMonitors };
}

/** Keys revoked together (a member's), and the monitors they had made that paused. */
export interface RevokedKeys {
  keys: Array<{ id: string; prefix: string; name: string | null }>;
  pausedMonitors: string[];
}

/** revokeApiKey's work, in the caller's transaction. */
async function revokeKeyIn(
  tx: Prisma.TransactionClient,
  keyId: string,
  links: AlertLinkBases,
): Promise<{ pausedMonitors: string[] }> {
  await tx.apiKey.updateMany({ where: { id: keyId, revokedAt: null }, data: { revokedAt: new Date() } });
  // Also when it was revoked before: a monitor its key's revocation missed pauses now.
  const monitors = await tx.monitor.updateManyAndReturn({
    where: { apiKeyId: keyId, status: 'active', deletedAt: null },
    data: { status: 'paused', pausedReason: KEY_REVOKED.reason, nextRunAt: null },
  });
  for (const monitor of monitors) {
    // No run raised it, so the alert links no report; it names the monitor and links its pages.
    await raiseAlert(
      tx,
      monitor,
      { event: 'monitor.paused', reason: KEY_REVOKED.reason, details: { message: KEY_REVOKED.message } },
      null,
      links,
    );
  }
  return { pausedMonitors: monitors.map((m) => m.id) };
}
