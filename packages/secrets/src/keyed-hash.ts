import { createHmac, hkdfSync } from 'node:crypto';

/**
 * An HMAC-SHA256 (hex) of `text` under a key derived from SECRETS_KEY for one `purpose` (HKDF's info),
 * so that a digest of secret values stored beside everything else about them (an Idempotency-Key's
 * fingerprint: issue 28) cannot be matched against guesses without the key, and no purpose's key is
 * the sealing key itself.
 */
export function keyedHash(secretsKey: Buffer, purpose: string, text: string): string {
  const key = Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), purpose, 32));
  return createHmac('sha256', key).update(text).digest('hex');
}
