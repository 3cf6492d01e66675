import { createHash, randomBytes } from 'node:crypto';

// Bearer secrets of people's accounts (session cookies, invitation, reset and set-up links): 256 random
// bits, shown once in the cookie or link; only their SHA-256 is stored, as API keys' are (STYLE 28). A
// row is found by the hash: what a lookup's timing could tell is the hash, from which the token cannot
// be had.

/** A new token (base64url, 43 characters) and the hash to store. */
export function newToken(): { token: string; hash: Uint8Array<ArrayBuffer> } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** The SHA-256 of a token, as Prisma takes bytes. */
export const hashToken = (token: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(createHash('sha256').update(token).digest());

/** Tokens come from cookies and URLs: anything else is refused before a lookup. */
export const isTokenShaped = (token: unknown): token is string =>
  typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
