import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// The values a test must send but nobody may read back (header and cookie values, basic-auth passwords:
// issue 18) are sealed with AES-256-GCM under SECRETS_KEY before they reach PostgreSQL: a leaked dump or
// backup holds ciphertext only. Layout: version (1 byte) | IV (12) | tag (16) | ciphertext.

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretsError extends Error {
  override readonly name = 'SecretsError';
}

/** Seals a JSON value; `context` (the row it belongs to) is authenticated too, so a sealed value cannot be moved to another row. */
export function seal(key: Buffer, value: unknown, context: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
}

/** Opens what `seal` made for the same context; throws SecretsError when the key, the context or a byte differs. */
export function open<T = unknown>(key: Buffer, sealed: Uint8Array, context: string): T {
  const buf = Buffer.from(sealed);
  if (buf.length < 1 + IV_BYTES + TAG_BYTES || buf[0] !== VERSION) throw new SecretsError('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, buf.subarray(1, 1 + IV_BYTES));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(buf.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES));
  try {
    const plain = Buffer.concat([decipher.update(buf.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as T;
  } catch {
    throw new SecretsError('sealed value does not open with this key');
  }
}
