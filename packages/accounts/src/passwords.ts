import { hash, verify } from '@node-rs/argon2';
import languageCommon from '@zxcvbn-ts/language-common';

/** OWASP's Argon2id parameters (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane. */
const ARGON2 = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const MIN_PASSWORD_LENGTH = 12;
/** Long enough for any passphrase; longer ones would only cost hashing time. */
export const MAX_PASSWORD_LENGTH = 256;

/** zxcvbn-ts's list of common passwords (about 49,000), lower-case: bundled with the package, read once. */
const COMMON = new Set<string>(languageCommon.dictionary['passwords-common'].map((p: string) => p.toLowerCase()));

/** Why a new password is refused (NIST 800-63B: length and a list of common ones, no composition rules), or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters`;
  if (COMMON.has(password.toLowerCase())) return 'is one of the most common passwords: choose another';
  return null;
}

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

/** A hash made once at start, verified against when the address is unknown: the answer takes as long. */
let decoy: Promise<string> | null = null;

/**
 * Makes the decoy hash now (a process that checks passwords calls it at start): made on first use, it
 * would make the first unknown address's answer twice as slow as a known one's.
 */
export function prepareDecoy(): Promise<string> {
  decoy ??= hashPassword('a password no one has, to spend the time');
  return decoy;
}

/** Whether the password is the hash's; with no hash (no such person), spends the same time and says no. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  if (stored === null) {
    await verify(await prepareDecoy(), password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
