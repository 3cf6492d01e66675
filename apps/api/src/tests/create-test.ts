import { CHECK_VIOLATION, type Device, sqlState, type Test, type TestType } from '@pageprobe/db';
import { enqueue, testJobFor } from '@pageprobe/jobs';
import { checkTarget } from '@pageprobe/net-guard';
import type { ApiDeps } from '../deps.ts';
import { ProblemError } from '../http/problem.ts';
import type { AuthContext } from '../http/request-context.ts';
import { creditCost } from './costs.ts';
import { createGuarded } from './create-guarded.ts';
import { insertTest, newTest } from './insert-test.ts';

export interface CreateTestInput {
  url: string;
  type: TestType;
  device: Device;
  callback_url?: string;
}

async function assertAllowed(field: 'url' | 'callback_url', value: string, allowPrivate: boolean, protocols: string[]) {
  const check = await checkTarget(value, { allowPrivate }, { protocols });
  if (!check.ok) {
    throw new ProblemError(400, 'url_not_allowed', `${field} ${check.reason}.`, {
      errors: [{ path: `body.${field}`, message: check.reason }],
    });
  }
}

/**
 * Accepts a test: checks the addresses, writes the row and its debit atomically (the ledger trigger
 * refuses a balance below zero), then adds the job. The row is the job's outbox: if the add fails,
 * the workers' sweeper adds it later, so an accepted test is never lost. Most requests take one SQL
 * statement; an Idempotency-Key or a free-plan allowance to count takes a transaction.
 */
export async function createTest(
  deps: ApiDeps,
  auth: AuthContext,
  input: CreateTestInput,
  idempotencyKey: string | undefined,
): Promise<{ test: Test; replayed: boolean }> {
  const { config } = deps;
  if (!config.ENABLED_TEST_TYPES.includes(input.type)) {
    throw new ProblemError(501, 'test_type_unavailable', `${input.type} tests are not available on this deployment yet.`);
  }
  const allowPrivate = config.ALLOW_PRIVATE_TARGETS;
  await assertAllowed('url', input.url, allowPrivate, ['http:', 'https:']);
  if (input.callback_url !== undefined) {
    await assertAllowed('callback_url', input.callback_url, allowPrivate, allowPrivate ? ['http:', 'https:'] : ['https:']);
  }
  // Fail fast rather than accept work we cannot queue now (the sweeper would catch up, but late).
  if (deps.redis.status !== 'ready') {
    throw new ProblemError(503, 'service_unavailable', 'Tests cannot be started right now; try again shortly.', {
      headers: { 'Retry-After': '5' },
    });
  }

  let outcome: { test: Test; replayed: boolean };
  try {
    outcome =
      idempotencyKey === undefined && !(input.type === 'lighthouse' && auth.plan === 'free')
        ? { test: await insertTest(deps.pool, newTest(auth, input, creditCost(input.type, auth.plan))), replayed: false }
        : await createGuarded(deps, auth, input, idempotencyKey);
  } catch (error) {
    if (sqlState(error) === CHECK_VIOLATION) {
      throw new ProblemError(402, 'insufficient_credits', `A ${input.type} test costs credits and the balance is too low.`);
    }
    throw error;
  }

  if (!outcome.replayed) {
    const queue = deps.testQueues.get(outcome.test.type);
    if (queue) {
      await enqueue(queue, testJobFor(outcome.test.type), { testId: outcome.test.id }).catch((error: unknown) => {
        deps.logger.warn({ err: error, testId: outcome.test.id }, 'enqueue failed; the sweeper will retry');
      });
    }
  }
  return outcome;
}
