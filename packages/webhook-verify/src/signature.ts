import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header Pageprobe signs callbacks with. */
export const SIGNATURE_HEADER = 'X-Service-Signature';
/** Seconds a signature's timestamp may be away from the receiver's clock. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const digest = (secret: string, timestamp: number, body: Uint8Array | string) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');

/** `t=<unix seconds>,v1=<64 lowercase hex>`: HMAC-SHA256(secret, `<t>.<raw body>`). */
export function signPayload(
  secret: string,
  body: Uint8Array | string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${digest(secret, timestamp, body)}`;
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
 * Verifies a callback before its JSON is parsed: `body` must be the raw bytes as received.
 * Throws SignatureVerificationError with the reason; returns the signed timestamp on success.
 */
export function verifySignature(
  header: string | undefined | null,
  body: Uint8Array | string,
  secret: string,
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

  const expected = Buffer.from(digest(secret, timestamp, body), 'hex');
  // Check every candidate without stopping early, so timing reveals nothing about which matched.
  let matched = false;
  for (const candidate of candidates) {
    matched = timingSafeEqual(expected, Buffer.from(candidate, 'hex')) || matched;
  }
  if (!matched) throw new SignatureVerificationError('signature_mismatch');
  return timestamp;
}
