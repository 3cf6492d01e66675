import type { Db } from '@pageprobe/db';
import { channelSealContext } from '@pageprobe/alert-channels';
import { open, SecretsError, seal, sealedWith } from '@pageprobe/secrets';
import { variableSealContext } from '@pageprobe/test-kinds';

// `pnpm admin secrets reseal` (issues 28 and 31): after SECRETS_KEY is replaced (the old key kept in
// SECRETS_KEYS_PREVIOUS), every seal is opened with the ring and sealed again under the current key, so
// the old key can then be dropped. Safe to run again, and beside a running stack: a row is written only
// if it still holds the bytes that were read (a PATCH meanwhile wins).

export interface ResealCounts {
  /** Opened with a previous key (or made before key ids) and sealed again under the current key. */
  resealed: number;
  /** Already under the current key: left as they were. */
  current: number;
  /** Opened by no key of the ring: left as they were (a monitor pauses at its next run). */
  unreadable: number;
}

const PAGE = 200;

/** One seal's way: the bytes to write, or why none. */
function resealed(
  keyring: readonly Buffer[],
  sealed: Uint8Array,
  context: string,
): Uint8Array<ArrayBuffer> | keyof ResealCounts {
  if (sealedWith(keyring[0]!, sealed)) return 'current';
  try {
    return new Uint8Array(seal(keyring[0]!, open(keyring, sealed, context), context));
  } catch (error) {
    if (error instanceof SecretsError) return 'unreadable';
    throw error;
  }
}

/**
 * Pages through one kind of seal in key order, sealing again under the current key each one that is not:
 * `write` stores the new bytes only where the row still holds those read (a PATCH meanwhile wins) and
 * says how many rows it changed.
 */
async function resealAll<R>(
  keyring: readonly Buffer[],
  read: (after: string | undefined) => Promise<R[]>,
  sealOf: (row: R) => { key: string; sealed: Uint8Array; context: string },
  write: (row: R, next: Uint8Array<ArrayBuffer>) => Promise<number>,
): Promise<ResealCounts & { unreadableKeys: string[] }> {
  const counts = { resealed: 0, current: 0, unreadable: 0, unreadableKeys: [] as string[] };
  for (let after: string | undefined; ; ) {
    const rows = await read(after);
    for (const row of rows) {
      const { key, sealed, context } = sealOf(row);
      const next = resealed(keyring, sealed, context);
      if (typeof next !== 'string') counts.resealed += await write(row, next);
      else {
        counts[next]++;
        if (next === 'unreadable') counts.unreadableKeys.push(key);
      }
    }
    if (rows.length < PAGE) break;
    after = sealOf(rows.at(-1)!).key;
  }
  return counts;
}

const counted = ({ unreadableKeys: _, ...counts }: ResealCounts & { unreadableKeys: string[] }): ResealCounts => counts;

export async function resealSecrets(db: Db, keyring: readonly Buffer[]) {
  if (keyring.length === 0) throw new Error('SECRETS_KEY is not set: there is no key to seal with');

  // Monitors deleted before their secrets were erased on delete lose them now.
  const { count: erased } = await db.monitor.updateMany({
    where: { deletedAt: { not: null }, secrets: { not: null } },
    data: { secrets: null },
  });

  const monitors = await resealAll(
    keyring,
    (after) =>
      db.monitor.findMany({
        where: { secrets: { not: null }, ...(after ? { id: { gt: after } } : {}) },
        select: { id: true, secrets: true },
        orderBy: { id: 'asc' },
        take: PAGE,
      }),
    (row) => ({ key: row.id, sealed: row.secrets!, context: `monitor:${row.id}` }),
    async (row, next) =>
      (
        await db.monitor.updateMany({
          where: { id: row.id, secrets: { equals: row.secrets! } },
          data: { secrets: next },
        })
      ).count,
  );
  const tests = await resealAll(
    keyring,
    (after) =>
      db.testSecret.findMany({ where: after ? { testId: { gt: after } } : {}, orderBy: { testId: 'asc' }, take: PAGE }),
    (row) => ({ key: row.testId, sealed: row.sealed, context: row.context }),
    async (row, next) =>
      (
        await db.testSecret.updateMany({
          where: { testId: row.testId, sealed: { equals: row.sealed } },
          data: { sealed: next },
        })
      ).count,
  );
  // Alert channels' webhook URLs and routing keys (issue 31).
  const channels = await resealAll(
    keyring,
    (after) =>
      db.alertChannel.findMany({
        where: { sealed: { not: null }, ...(after ? { id: { gt: after } } : {}) },
        select: { id: true, sealed: true },
        orderBy: { id: 'asc' },
        take: PAGE,
      }),
    (row) => ({ key: row.id, sealed: row.sealed!, context: channelSealContext(row.id) }),
    async (row, next) =>
      (
        await db.alertChannel.updateMany({
          where: { id: row.id, sealed: { equals: row.sealed! } },
          data: { sealed: next },
        })
      ).count,
  );

  // The teams' secrets (issue 59), bound to their team and name.
  const variables = await resealAll(
    keyring,
    (after) =>
      db.teamVariable.findMany({
        where: { secret: true, ...(after ? { id: { gt: after } } : {}) },
        select: { id: true, teamId: true, name: true, sealed: true },
        orderBy: { id: 'asc' },
        take: PAGE,
      }),
    (row) => ({ key: row.id, sealed: row.sealed!, context: variableSealContext(row.teamId, row.name) }),
    async (row, next) =>
      (
        await db.teamVariable.updateMany({
          where: { id: row.id, sealed: { equals: row.sealed! } },
          data: { sealed: next },
        })
      ).count,
  );

  return {
    monitors: counted(monitors),
    team_secrets: counted(variables),
    tests: counted(tests),
    alert_channels: counted(channels),
    deleted_monitors_erased: erased,
    unreadable_monitors: monitors.unreadableKeys,
    unreadable_alert_channels: channels.unreadableKeys,
    unreadable_team_secrets: variables.unreadableKeys,
  };
}
