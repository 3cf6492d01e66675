import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// Keys look like `pp_live_<32 base62 chars of randomness><6 base62 chars of checksum>`. The fixed
// prefix and the CRC32 checksum let secret scanners (and we) recognise a leaked key without a
// database; the 190 random bits make guessing hopeless, so a plain SHA-256 is a sound hash to store.

export const KEY_PREFIX = 'pp_live_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

function base62(bytes: Buffer, length: number): string {
  // Rejection sampling keeps every character uniformly likely.
  let out = '';
  let pool = bytes;
  while (out.length < length) {
    for (const byte of pool) {
      if (byte < 248) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
    pool = randomBytes(length);
  }
  return out;
}

function encodeChecksum(value: number): string {
  let n = value;
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text)) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export interface GeneratedKey {
  key: string;
  prefix: string;
  hash: string;
}

export function generateApiKey(): GeneratedKey {
  const random = base62(randomBytes(RANDOM_LENGTH * 2), RANDOM_LENGTH);
  const key = `${KEY_PREFIX}${random}${encodeChecksum(crc32(random))}`;
  return { key, prefix: displayPrefix(key), hash: hashApiKey(key) };
}

/** True when `key` has the shape and a valid checksum: cheap to check before any lookup. */
export function isWellFormedApiKey(key: string): boolean {
  if (!KEY_PATTERN.test(key)) return false;
  const body = key.slice(KEY_PREFIX.length);
  const random = body.slice(0, RANDOM_LENGTH);
  return encodeChecksum(crc32(random)) === body.slice(RANDOM_LENGTH);
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** What people see to tell keys apart: `pp_live_` and four characters. */
export const displayPrefix = (key: string) => key.slice(0, KEY_PREFIX.length + 4);

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
