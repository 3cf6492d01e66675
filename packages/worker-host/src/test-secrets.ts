import type { Db, Test } from '@pageprobe/db';
import { open } from '@pageprobe/secrets';
import type { RequestSecrets } from '@pageprobe/test-kinds';

/**
 * The test's sealed secrets, opened: sealed for the test itself ("test:<id>") or, for a monitor's run,
 * for its monitor ("monitor:<id>"); any other context is refused, so a row cannot lend its secrets to
 * another. Throws (our fault: the job is retried, then refunded) when there is a row and no key.
 */
export async function loadSecrets(db: Db, key: Buffer | null, test: Test): Promise<RequestSecrets | null> {
  // A test with secrets always shows their names under `options`: without options there is nothing to read.
  if (!test.options) return null;
  const row = await db.testSecret.findUnique({ where: { testId: test.id } });
  if (!row) return null;
  const expected = test.monitorId ? `monitor:${test.monitorId}` : `test:${test.id}`;
  if (row.context !== expected) throw new Error(`test secrets sealed for ${row.context}, not for this test`);
  if (!key) throw new Error('this test has secrets and the worker has no SECRETS_KEY');
  return open<RequestSecrets>(key, row.sealed, row.context);
}
