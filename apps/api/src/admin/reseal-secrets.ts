import type { Db } from '@pageprobe/db';
import { open, SecretsError, seal, sealedWith } from '@pageprobe/secrets';

// `pnpm admin secrets reseal` (issue 28): after SECRETS_KEY is replaced (the old key kept in
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

export async function resealSecrets(db: Db, keyring: readonly Buffer[]) {
  if (keyring.length === 0) throw new Error('SECRETS_KEY is not set: there is no key to seal with');
  const monitors: ResealCounts = { resealed: 0, current: 0, unreadable: 0 };
  const tests: ResealCounts = { resealed: 0, current: 0, unreadable: 0 };
  const unreadableMonitors: string[] = [];

  // Monitors deleted before their secrets were erased on delete lose them now.
  const { count: erased } = await db.monitor.updateMany({
    where: { deletedAt: { not: null }, secrets: { not: null } },
    data: { secrets: null },
  });

  for (let after: string | undefined; ; ) {
    const rows = await db.monitor.findMany({
      where: { secrets: { not: null }, ...(after ? { id: { gt: after } } : {}) },
      select: { id: true, secrets: true },
      orderBy: { id: 'asc' },
      take: PAGE,
    });
    for (const row of rows) {
      const next = resealed(keyring, row.secrets!, `monitor:${row.id}`);
      if (typeof next === 'string') {
        monitors[next]++;
        if (next === 'unreadable') unreadableMonitors.push(row.id);
        continue;
      }
      const { count } = await db.monitor.updateMany({
        where: { id: row.id, secrets: { equals: row.secrets! } },
        data: { secrets: next },
      });
      monitors.resealed += count;
    }
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }

  for (let after: string | undefined; ; ) {
    const rows = await db.testSecret.findMany({
      where: after ? { testId: { gt: after } } : {},
      orderBy: { testId: 'asc' },
      take: PAGE,
    });
    for (const row of rows) {
      const next = resealed(keyring, row.sealed, row.context);
      if (typeof next === 'string') {
        tests[next]++;
        continue;
      }
      const { count } = await db.testSecret.updateMany({
        where: { testId: row.testId, sealed: { equals: row.sealed } },
        data: { sealed: next },
      });
      tests.resealed += count;
    }
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.testId;
  }

  return { monitors, tests, deleted_monitors_erased: erased, unreadable_monitors: unreadableMonitors };
}
