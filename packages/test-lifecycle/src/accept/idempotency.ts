import { createHash } from 'node:crypto';
import type { Prisma } from '@pageprobe/db';
import { keyedHash } from '@pageprobe/secrets';
import { carriesSecrets, kindOptionNames, type RequestOptionsInput } from '@pageprobe/test-kinds';
import { TestRejected } from './rejections.ts';

export const IDEMPOTENCY_WINDOW_HOURS = 24;

/** HKDF's info for the key that hashes requests carrying secrets: no other use shares it. */
const FINGERPRINT_PURPOSE = 'pageprobe idempotency v1';

/**
 * What makes two POST /tests the same request: the body with its defaults applied. `runs`,
 * `assertions` and the request options join the fingerprint only when given (and runs ≠ 1), so a
 * request without them hashes as it did before they existed and keys recorded then still match.
 *
 * A request carrying secrets (header and cookie values, a password, typed text) is hashed with an HMAC
 * under a key derived from SECRETS_KEY, not a plain SHA-256: the record sits for 24 hours beside the
 * test row, which holds every other input, so a plain digest would give the secret away to a few
 * offline guesses from a dump (issue 28). One fingerprint per key of the ring, current first: the first
 * is stored, any matches, so a request made before a rotation still replays after it. Such a request is
 * refused before this without SECRETS_KEY; without secrets the digest stays plain (nothing in it is secret).
 */
export function requestFingerprints(
  input: {
    url: string;
    type: string;
    device: string;
    callback_url?: string;
    runs?: number;
    assertions?: unknown;
    headers?: unknown;
    cookies?: unknown;
    basic_auth?: unknown;
  },
  keyring: readonly Buffer[],
): string[] {
  const fields: unknown[] = [input.url, input.type, input.device, input.callback_url ?? null];
  const given = input as Record<string, unknown>;
  const options = Object.fromEntries(
    ['headers', 'cookies', 'basic_auth', ...kindOptionNames].map((name) => [name, given[name]]),
  );
  const hasOptions = Object.values(options).some((v) => v !== undefined);
  if ((input.runs ?? 1) !== 1 || input.assertions !== undefined || hasOptions) fields.push(input.runs ?? 1);
  if (input.assertions !== undefined || hasOptions) fields.push(input.assertions ?? null);
  if (hasOptions) fields.push(options);
  const canonical = JSON.stringify(fields);
  if (!carriesSecrets(input as RequestOptionsInput)) return [createHash('sha256').update(canonical).digest('hex')];
  if (keyring.length === 0) throw new Error('requests carrying secrets are refused without SECRETS_KEY');
  return keyring.map((key) => keyedHash(key, FINGERPRINT_PURPOSE, canonical));
}

export type Claim = { kind: 'new' } | { kind: 'replay'; testId: string };

/**
 * Claims an Idempotency-Key for this transaction. The insert waits for any other transaction holding
 * the same key, so of parallel requests exactly one creates the test and the others see its record
 * once it commits (or take the key over if it rolled back). An expired record is replaced.
 */
export async function claimIdempotencyKey(
  tx: Prisma.TransactionClient,
  teamId: string,
  key: string,
  fingerprints: readonly string[],
): Promise<Claim> {
  const [fingerprint] = fingerprints as [string];
  const claimed = await tx.$queryRaw<Array<{ key: string }>>`
    INSERT INTO idempotency_records (team_id, key, request_hash, expires_at)
    VALUES (CAST(${teamId} AS uuid), ${key}, ${fingerprint}, now() + make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS}))
    ON CONFLICT (team_id, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, test_id = NULL, created_at = now(), expires_at = EXCLUDED.expires_at
      WHERE idempotency_records.expires_at <= now()
    RETURNING key`;
  if (claimed.length === 1) return { kind: 'new' };

  const record = await tx.idempotencyRecord.findUnique({ where: { teamId_key: { teamId, key } } });
  if (record && !fingerprints.includes(record.requestHash)) {
    throw new TestRejected('idempotency_key_reused', 'This Idempotency-Key was used with a different request body.');
  }
  if (!record?.testId) {
    throw new TestRejected(
      'idempotency_key_in_flight',
      'A request with this Idempotency-Key is still being processed.',
      {
        retryAfterSeconds: 1,
      },
    );
  }
  return { kind: 'replay', testId: record.testId };
}

export async function recordIdempotentTest(tx: Prisma.TransactionClient, teamId: string, key: string, testId: string) {
  await tx.idempotencyRecord.update({ where: { teamId_key: { teamId, key } }, data: { testId } });
}
