import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// The values a test must send but nobody may read back (header and cookie values, basic-auth passwords:
// issue 18) are sealed with AES-256-GCM under SECRETS_KEY before they reach PostgreSQL: a leaked dump or
// backup holds ciphertext only. Layout: version 2 | key id (4) | IV (12) | tag (16) | ciphertext. The key
// id names the key that sealed it, so after a rotation (issue 28) a process holding the current key and
// the previous ones opens each seal with its own key. Version 1 (before key ids: 1 | IV | tag | ciphertext)
// still opens: every key of the ring is tried.

const V1 = 1;
const V2 = 2;
const ID_BYTES = 4;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The keys a process can open with: the current one (which seals) first, then the previous ones. */
export type Keyring = Buffer | readonly Buffer[];

export class SecretsError extends Error {
  override readonly name = 'SecretsError';
}

/** A key's public name in seals: enough to pick the key out of a ring, too short to say anything of it. */
export function keyId(key: Buffer): Buffer {
  return createHash('sha256').update('pageprobe secrets key id\0').update(key).digest().subarray(0, ID_BYTES);
}

const ringOf = (keys: Keyring): readonly Buffer[] => (Buffer.isBuffer(keys) ? [keys] : keys);

/** Seals a JSON value; `context` (the row it belongs to) is authenticated too, so a sealed value cannot be moved to another row. */
export function seal(key: Buffer, value: unknown, context: string): Buffer {
  const header = Buffer.concat([Buffer.from([V2]), keyId(key)]);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.concat([header, Buffer.from(context)]));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([header, iv, cipher.getAuthTag(), body]);
}

function tryOpen(key: Buffer, header: Buffer, rest: Buffer, context: string): unknown {
  const decipher = createDecipheriv('aes-256-gcm', key, rest.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.concat([header, Buffer.from(context)]));
  decipher.setAuthTag(rest.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    const plain = Buffer.concat([decipher.update(rest.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    return JSON.parse(plain.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Opens what `seal` made for the same context with the key of the ring that sealed it; throws
 * SecretsError when no key of the ring did, or the context or a byte differs.
 */
export function open<T = unknown>(keys: Keyring, sealed: Uint8Array, context: string): T {
  const buf = Buffer.from(sealed);
  const ring = ringOf(keys);
  const headerBytes = buf[0] === V2 ? 1 + ID_BYTES : 1;
  if (buf.length < headerBytes + IV_BYTES + TAG_BYTES || (buf[0] !== V1 && buf[0] !== V2)) {
    throw new SecretsError('not a sealed value');
  }
  // Version 1 authenticated the context alone; version 2 the header too (so the key id cannot be swapped).
  const header = buf[0] === V2 ? buf.subarray(0, headerBytes) : Buffer.alloc(0);
  const id = buf.subarray(1, 1 + ID_BYTES);
  const candidates = buf[0] === V2 ? ring.filter((key) => keyId(key).equals(id)) : ring;
  if (candidates.length === 0) {
    throw new SecretsError(`sealed with key ${id.toString('hex')}, which is not in this process's SECRETS_KEY ring`);
  }
  for (const key of candidates) {
    const value = tryOpen(key, header, buf.subarray(headerBytes), context);
    if (value !== undefined) return value as T;
  }
  throw new SecretsError('sealed value does not open with this key');
}

/** Whether `sealed` is already under `key` in the current layout (a re-seal leaves it as it is). */
export function sealedWith(key: Buffer, sealed: Uint8Array): boolean {
  return sealed[0] === V2 && keyId(key).equals(Buffer.from(sealed.subarray(1, 1 + ID_BYTES)));
}

/** The ring a process's configuration gives: SECRETS_KEY (if any) first, then SECRETS_KEYS_PREVIOUS. */
export const keyringOf = (config: { SECRETS_KEY?: Buffer | undefined; SECRETS_KEYS_PREVIOUS?: readonly Buffer[] }) => [
  ...(config.SECRETS_KEY ? [config.SECRETS_KEY] : []),
  ...(config.SECRETS_KEYS_PREVIOUS ?? []),
];
