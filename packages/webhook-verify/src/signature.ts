import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header Pageprobe signs callbacks with. */
export const SIGNATURE_HEADER = 'X-Service-Signature';
/** Seconds a signature's timestamp may be away from the receiver's clock. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const digest = (secret: string, timestamp: number, body: Uint8Array | string) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');

const listOf = (secrets: string | readonly string[]): readonly string[] =>
  typeof secrets === 'string' ? [secrets] : secrets;

/**
 * `t=<unix seconds>,v1=<64 lowercase hex>`: HMAC-SHA256(secret, `<t>.<raw body>`). Given several secrets
 * (a rotation's overlap: the new one first, then the old one), one `v1=` per secret in that order, as
 * Stripe signs: a receiver holding either secret finds its signature among them.
 */
export function signPayload(
  secret: string | readonly string[],
  body: Uint8Array | string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const secrets = listOf(secret);
  if (secrets.length === 0) throw new RangeError('signPayload needs at least one secret');
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${digest(s, timestamp, body)}`)].join(',');
}

export type VerifyFailure = 'missing_header' | 'malformed_header' | 'timestamp_out_of_tolerance' | 'signature_mismatch';

export class SignatureVerificationError extends Error {
  readonly reason: VerifyFailure;
  constructor(reason: VerifyFailure) {
    super(`callback signature rejected: ${reason.replaceAll('_', ' ')}`);
    this.name = 'SignatureVerificationError';
    this.reason = reason;
  }
}

export interface VerifyOptions {
  /** Seconds; default 300. */
  toleranceSeconds?: number;
  /** Unix seconds; default now. */
  now?: number;
}

/**
 * Verifies a callback before its JSON is parsed: `body` must be the raw bytes as received. The header may
 * carry several `v1=` values (while the team rotates its secret, one per valid secret): any match passes.
 * `secret` may be a list too (a receiver that itself holds the new and the old secret during a rotation).
 * Throws SignatureVerificationError with the reason; returns the signed timestamp on success.
 */
export function verifySignature(
  header: string | undefined | null,
  body: Uint8Array | string,
  secret: string | readonly string[],
  { toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, now = Math.floor(Date.now() / 1000) }: VerifyOptions = {},
): number {
  if (!header) throw new SignatureVerificationError('missing_header');
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const [name, value = ''] = part.trim().split('=', 2);
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === 'v1' && /^[0-9a-f]{64}$/.test(value)) candidates.push(value);
  }
  if (timestamp === undefined || candidates.length === 0) throw new SignatureVerificationError('malformed_header');
  if (Math.abs(now - timestamp) > toleranceSeconds) throw new SignatureVerificationError('timestamp_out_of_tolerance');

  // Check every secret against every candidate without stopping early, so timing reveals nothing about
  // which one matched.
  let matched = false;
  for (const s of listOf(secret)) {
    const expected = Buffer.from(digest(s, timestamp, body), 'hex');
    for (const candidate of candidates) {
      matched = timingSafeEqual(expected, Buffer.from(candidate, 'hex')) || matched;
    }
  }
  if (!matched) throw new SignatureVerificationError('signature_mismatch');
  return timestamp;
}
