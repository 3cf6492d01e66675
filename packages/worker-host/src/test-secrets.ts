import type { Db, Test } from '@pageprobe/db';
import { open, SecretsError } from '@pageprobe/secrets';
import type { Outcome, RequestSecrets } from '@pageprobe/test-kinds';

/**
 * The test's sealed secrets, opened: sealed for the test itself ("test:<id>") or, for a monitor's run,
 * for its monitor ("monitor:<id>"); any other context is refused, so a row cannot lend its secrets to
 * another. Throws (our fault: the job is retried, then refunded) when there is a row and no key;
 * SecretsError when no key of the ring opens it.
 */
export async function loadSecrets(db: Db, keyring: readonly Buffer[], test: Test): Promise<RequestSecrets | null> {
  // A test with secrets always shows their names under `options`: without options there is nothing to read.
  if (!test.options) return null;
  const row = await db.testSecret.findUnique({ where: { testId: test.id } });
  if (!row) return null;
  const expected = test.monitorId ? `monitor:${test.monitorId}` : `test:${test.id}`;
  if (row.context !== expected) throw new Error(`test secrets sealed for ${row.context}, not for this test`);
  if (keyring.length === 0) throw new Error('this test has secrets and the worker has no SECRETS_KEY');
  return open<RequestSecrets>(keyring, row.sealed, row.context);
}

/**
 * A seal no key of the ring opens (SECRETS_KEY replaced without listing the old one in
 * SECRETS_KEYS_PREVIOUS) stays unreadable however often it is tried: the test fails at once, refunded,
 * and a monitor's run pauses its monitor (evaluateRun) instead of failing with internal_error for ever.
 */
export function unreadableSecrets(error: unknown): Outcome | null {
  if (!(error instanceof SecretsError)) return null;
  return {
    status: 'failed',
    error: {
      code: 'secrets_unreadable',
      message: 'The header, cookie or password values could not be opened: the key that sealed them is not configured.',
    },
    refund: true,
  };
}
