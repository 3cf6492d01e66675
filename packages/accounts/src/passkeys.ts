import type { Db } from '@pageprobe/db';

// A person's passkeys (issue 45): WebAuthn credentials, several a person, each named by them. The
// ceremonies (options, verification) are the dashboard's; this keeps what they prove.

export const MAX_PASSKEY_NAME_LENGTH = 60;

/** A name as kept (spaces collapsed, bounded), or null when nothing is left of it. */
export function passkeyName(input: unknown): string | null {
  const name = String(input ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_PASSKEY_NAME_LENGTH);
  return name || null;
}

/** A person's passkeys, oldest first: what the security page lists and registration excludes. */
export const passkeysOf = (db: Db, userId: string) =>
  db.passkey.findMany({
    where: { userId },
    orderBy: { createdAt: 'asc' },
    select: { id: true, name: true, transports: true, createdAt: true, lastUsedAt: true },
  });

/** Keeps a verified new credential. */
export const addPasskey = (
  db: Db,
  input: { id: string; userId: string; name: string; publicKey: Uint8Array; counter: number; transports: string[] },
) =>
  db.passkey.create({
    data: { ...input, publicKey: Buffer.from(input.publicKey), counter: BigInt(input.counter) },
    select: { id: true, name: true },
  });

/** The passkey a sign-in presents, with its person; null when unknown (or removed). */
export const findPasskey = (db: Db, id: string) =>
  db.passkey.findUnique({ where: { id }, include: { user: { select: { id: true, email: true } } } });

/** After a verified sign-in: the authenticator's new counter, and when it was used. */
export const recordPasskeyUse = (db: Db, id: string, counter: number) =>
  db.passkey.update({ where: { id }, data: { counter: BigInt(counter), lastUsedAt: new Date() } });

/** Renames one of the person's own passkeys; false when they have none by that id. */
export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<boolean> {
  const { count } = await db.passkey.updateMany({ where: { id, userId }, data: { name } });
  return count === 1;
}

/** Removes one of the person's own passkeys (it signs nobody in from now on); its name, or null. */
export async function removePasskey(db: Db, userId: string, id: string): Promise<string | null> {
  const [removed] = await db.$queryRaw<{ name: string }[]>`
    DELETE FROM passkeys WHERE id = ${id} AND user_id = ${userId}::uuid RETURNING name`;
  return removed?.name ?? null;
}
