import type { Db, KeyScope } from '@pageprobe/db';
import { KEY_REVOKED, raiseAlert } from '@pageprobe/test-lifecycle';
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
 * Null when there is no such key (of the team, when one is given).
 */
export async function revokeApiKey(
  db: Db,
  keyId: string,
  teamId?: string,
): Promise<{ pausedMonitors: string[] } | null> {
  return db.$transaction(async (tx) => {
    const key = await tx.apiKey.findFirst({
      where: { id: keyId, ...(teamId ? { teamId } : {}) },
      select: { id: true },
    });
    if (!key) return null;
    await tx.apiKey.updateMany({ where: { id: keyId, revokedAt: null }, data: { revokedAt: new Date() } });
    // Also when it was revoked before: a monitor its key's revocation missed pauses now.
    const monitors = await tx.monitor.updateManyAndReturn({
      where: { apiKeyId: keyId, status: 'active', deletedAt: null },
      data: { status: 'paused', pausedReason: KEY_REVOKED.reason, nextRunAt: null },
    });
    for (const monitor of monitors) {
      // No run raised it, so the alert links no report: the base address goes unused.
      await raiseAlert(
        tx,
        monitor,
        { event: 'monitor.paused', reason: KEY_REVOKED.reason, details: { message: KEY_REVOKED.message } },
        null,
        '',
      );
    }
    return { pausedMonitors: monitors.map((m) => m.id) };
  });
}
