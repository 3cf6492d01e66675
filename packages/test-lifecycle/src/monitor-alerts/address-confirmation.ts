import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CallbackDelivery, Db, Prisma } from '@pageprobe/db';

// Issue 44: an email channel's address gets nothing but one confirmation mail until its owner opens the
// link in it. The link's token exists only in the mail: the dispatcher makes it when it sends the mail
// (a retried mail gets a new one, and the older link stops working), and stores its SHA-256.

type Reader = Db | Prisma.TransactionClient;

/** The event of a confirmation mail's delivery: the outbox carries it like any channel message. */
export const CONFIRM_EVENT = 'alert_channel.confirm';

/** How long a confirmation link works. */
export const CONFIRMATION_DAYS = 7;

/** The stored body of a confirmation mail's delivery: which address, of which channel. Never the token. */
export interface ConfirmationBody {
  event: typeof CONFIRM_EVENT;
  channel: { id: string; name: string; type: string };
  address: string;
  created_at: string;
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest();

/**
 * Makes `emails` the channel's addresses: those no longer listed go, the new ones are added unconfirmed
 * (unless the address has confirmed for another of the team's channels) and each gets a confirmation
 * mail's delivery, returned for the caller to enqueue once its transaction commits. Addresses already
 * listed keep their state.
 */
export async function setRecipients(
  tx: Prisma.TransactionClient,
  channel: { id: string; teamId: string; name: string; type: string },
  emails: readonly string[],
): Promise<CallbackDelivery[]> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  await tx.alertChannelAddress.deleteMany({ where: { channelId: channel.id, email: { notIn: wanted } } });
  const kept = new Set(
    (await tx.alertChannelAddress.findMany({ where: { channelId: channel.id }, select: { email: true } })).map(
      (a) => a.email,
    ),
  );
  const fresh = wanted.filter((e) => !kept.has(e));
  if (fresh.length === 0) return [];
  const known = new Set(
    (
      await tx.alertChannelAddress.findMany({
        where: { email: { in: fresh }, confirmedAt: { not: null }, channel: { teamId: channel.teamId } },
        select: { email: true },
      })
    ).map((a) => a.email),
  );
  const now = new Date();
  await tx.alertChannelAddress.createMany({
    data: fresh.map((email) => ({ channelId: channel.id, email, confirmedAt: known.has(email) ? now : null })),
  });
  const bodies = fresh
    .filter((email) => !known.has(email))
    .map(
      (address): ConfirmationBody => ({
        event: CONFIRM_EVENT,
        channel: { id: channel.id, name: channel.name, type: channel.type },
        address,
        created_at: now.toISOString(),
      }),
    );
  if (bodies.length === 0) return [];
  return tx.callbackDelivery.createManyAndReturn({
    data: bodies.map((body) => ({
      teamId: channel.teamId,
      channelId: channel.id,
      event: CONFIRM_EVENT,
      payload: JSON.stringify(body),
    })),
  });
}

/** The channel's confirmed addresses, lower-case. */
export async function confirmedAddresses(db: Reader, channelId: string): Promise<Set<string>> {
  const rows = await db.alertChannelAddress.findMany({
    where: { channelId, confirmedAt: { not: null } },
    select: { email: true },
  });
  return new Set(rows.map((r) => r.email));
}

/**
 * A new link for an address still waiting: its token, whose hash replaces the one before (an older mail's
 * link stops working). Null when the address has confirmed or left the channel meanwhile.
 */
export async function mintConfirmation(
  db: Reader,
  channelId: string,
  email: string,
): Promise<{ token: string; expiresAt: Date } | null> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + CONFIRMATION_DAYS * 24 * 3600_000);
  const { count } = await db.alertChannelAddress.updateMany({
    where: { channelId, email, confirmedAt: null },
    data: { tokenHash: tokenHash(token), tokenExpiresAt: expiresAt },
  });
  return count > 0 ? { token, expiresAt } : null;
}

export interface PendingConfirmation {
  email: string;
  channelName: string;
  teamName: string;
  expiresAt: Date;
}

/** What a link would confirm, without using it; null when it is unknown, used or expired. */
export async function findConfirmation(db: Reader, token: string): Promise<PendingConfirmation | null> {
  const hash = tokenHash(token);
  const row = await db.alertChannelAddress.findUnique({
    where: { tokenHash: hash },
    include: { channel: { select: { name: true, team: { select: { name: true } } } } },
  });
  // The lookup is by hash, and the hashes compared in constant time again, as API keys are.
  if (!row?.tokenHash || !timingSafeEqual(Buffer.from(row.tokenHash), hash)) return null;
  if (row.confirmedAt || !row.tokenExpiresAt || row.tokenExpiresAt <= new Date()) return null;
  return {
    email: row.email,
    channelName: row.channel.name,
    teamName: row.channel.team.name,
    expiresAt: row.tokenExpiresAt,
  };
}

/**
 * Uses a link: its address is confirmed and the token forgotten, in one guarded statement, so a link
 * works once however many times it is opened at the same moment. Returns the address, or null.
 */
export async function confirmAddress(db: Reader, token: string): Promise<string | null> {
  const hash = tokenHash(token);
  const rows = await db.$queryRaw<Array<{ email: string }>>`
    UPDATE alert_channel_addresses SET confirmed_at = now(), token_hash = NULL, token_expires_at = NULL
    WHERE token_hash = ${hash} AND confirmed_at IS NULL AND token_expires_at > now()
    RETURNING email`;
  return rows[0]?.email ?? null;
}
