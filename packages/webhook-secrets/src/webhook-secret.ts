import { randomBytes } from 'node:crypto';
import type { Db } from '@pageprobe/db';
import { signingSecrets } from './signing-secrets.ts';

// A team's webhook secret (issue 45): generated, rotated with an overlap, removed. The dashboard, the
// admin API and `pnpm admin` all go through these functions, so they keep the same rules. The secret is
// kept in clear (it keys an HMAC) and leaves this module only in the answer to the one who made it.

/** How long the replaced secret keeps signing after a rotation unless told: a day, as Stripe's default. */
export const DEFAULT_OVERLAP_SECONDS = 24 * 60 * 60;
/** The longest overlap: a week. An old secret should not live on for long after it was replaced. */
export const MAX_OVERLAP_SECONDS = 7 * 24 * 60 * 60;

export type WebhookSecretErrorCode = 'team_not_found' | 'no_webhook_secret' | 'invalid_overlap';

export class WebhookSecretError extends Error {
  readonly code: WebhookSecretErrorCode;
  constructor(code: WebhookSecretErrorCode, detail: string) {
    super(detail);
    this.name = 'WebhookSecretError';
    this.code = code;
  }
}

const teamNotFound = (teamId: string) => new WebhookSecretError('team_not_found', `No team with id ${teamId}.`);

/** `whsec_` + 32 random bytes in base64url (43 characters). */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * A new secret that replaces any other at once, with no overlap: the first secret, or the way out when
 * a secret has leaked (callbacks signed with it stop with the next attempt). Any rotation's previous
 * secret ends with it.
 */
export async function generateWebhookSecret(db: Db, teamId: string): Promise<{ secret: string }> {
  const secret = newSecret();
  const { count } = await db.team.updateMany({
    where: { id: teamId },
    data: { webhookSecret: secret, webhookSecretPrevious: null, webhookSecretPreviousExpiresAt: null },
  });
  if (count === 0) throw teamNotFound(teamId);
  return { secret };
}

export interface RotateOptions {
  /** Seconds the replaced secret keeps signing beside the new one: 1 to a week, default a day. */
  overlapSeconds?: number;
}

/**
 * A new current secret; the one it replaces stays valid until `previousExpiresAt`, and until then every
 * callback carries both signatures (`t=…,v1=<new>,v1=<old>`), so receivers can move to the new secret
 * whenever they like within the overlap. Only two secrets are ever valid: rotating again during an
 * overlap ends the older one at once. A team without a secret has nothing to rotate (generate instead).
 */
export async function rotateWebhookSecret(
  db: Db,
  teamId: string,
  { overlapSeconds = DEFAULT_OVERLAP_SECONDS }: RotateOptions = {},
): Promise<{ secret: string; previousExpiresAt: Date }> {
  if (!Number.isInteger(overlapSeconds) || overlapSeconds < 1 || overlapSeconds > MAX_OVERLAP_SECONDS) {
    throw new WebhookSecretError(
      'invalid_overlap',
      `The overlap must be a whole number of seconds from 1 to ${MAX_OVERLAP_SECONDS} (a week).`,
    );
  }
  const secret = newSecret();
  const previousExpiresAt = new Date(Date.now() + overlapSeconds * 1000);
  // One statement: the row's secret moves to `previous` as the new one takes its place, so two rotations
  // at once cannot lose a secret that receivers were told about (SET reads the row as it was).
  const rotated = await db.$queryRaw<Array<{ id: string }>>`
    UPDATE teams SET webhook_secret_previous = webhook_secret, webhook_secret = ${secret},
      webhook_secret_previous_expires_at = ${previousExpiresAt}, updated_at = now()
    WHERE id = ${teamId}::uuid AND webhook_secret IS NOT NULL
    RETURNING id`;
  if (rotated.length === 0) {
    if (!(await db.team.findUnique({ where: { id: teamId }, select: { id: true } }))) throw teamNotFound(teamId);
    throw new WebhookSecretError('no_webhook_secret', 'The team has no webhook secret to rotate: generate one.');
  }
  return { secret, previousExpiresAt };
}

/** No secret at all, the previous one included: callbacks then carry no signature. */
export async function removeWebhookSecret(db: Db, teamId: string): Promise<void> {
  const { count } = await db.team.updateMany({
    where: { id: teamId },
    data: { webhookSecret: null, webhookSecretPrevious: null, webhookSecretPreviousExpiresAt: null },
  });
  if (count === 0) throw teamNotFound(teamId);
}

export interface WebhookSecretStatus {
  /** The team has a secret (its value is never shown again). */
  configured: boolean;
  /** While a rotation overlaps: when the replaced secret stops signing; otherwise null. */
  previousExpiresAt: Date | null;
}

/** What a page may show about the secret: whether there is one and whether a rotation still overlaps. */
export async function webhookSecretStatus(db: Db, teamId: string): Promise<WebhookSecretStatus> {
  const team = await db.team.findUnique({
    where: { id: teamId },
    select: { webhookSecret: true, webhookSecretPrevious: true, webhookSecretPreviousExpiresAt: true },
  });
  if (!team) throw teamNotFound(teamId);
  const overlapping = signingSecrets(team).length > 1;
  return {
    configured: team.webhookSecret !== null,
    previousExpiresAt: overlapping ? team.webhookSecretPreviousExpiresAt : null,
  };
}
