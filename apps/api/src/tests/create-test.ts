import { randomBytes, randomUUIDv7 } from 'node:crypto';
import { CHECK_VIOLATION, type Device, sqlState, type Test, type TestType } from '@pageprobe/db';
import { enqueue, testJobFor } from '@pageprobe/jobs';
import { checkTarget } from '@pageprobe/net-guard';
import type { ApiDeps } from '../deps.ts';
import { ProblemError } from '../http/problem.ts';
import type { AuthContext } from '../http/request-context.ts';
import { creditCost } from './costs.ts';
import { freeLighthouseAllowance } from './free-allowance.ts';
import { claimIdempotencyKey, recordIdempotentTest, requestFingerprint } from './idempotency.ts';
import { insertTest, type NewTest } from './insert-test.ts';

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
 * Accepts a test. The idempotency record, the free-plan allowance check, the test row and the debit
 * are one transaction (the ledger trigger refuses a balance below zero); the job is added after
 * commit. The row is the job's outbox: if the add fails, the workers' sweeper adds it later, so an
 * accepted test is never lost.
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
        ? { test: await insertTest(deps.pool, testData(auth, input, creditCost(input.type, auth.plan))), replayed: false }
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

function testData(auth: AuthContext, input: CreateTestInput, cost: number): NewTest {
  return {
    id: randomUUIDv7(),
    teamId: auth.teamId,
    apiKeyId: auth.keyId,
    type: input.type,
    url: input.url,
    device: input.device,
    callbackUrl: input.callback_url ?? null,
    reportToken: randomBytes(32).toString('base64url'),
    creditsSpent: cost,
  };
}

/** With an Idempotency-Key or a free-plan allowance to check: an interactive transaction. */
async function createGuarded(
  deps: ApiDeps,
  auth: AuthContext,
  input: CreateTestInput,
  idempotencyKey: string | undefined,
): Promise<{ test: Test; replayed: boolean }> {
  const { config } = deps;
  return deps.db.$transaction(
    async (tx) => {
      if (idempotencyKey !== undefined) {
        const claim = await claimIdempotencyKey(tx, auth.teamId, idempotencyKey, requestFingerprint(input));
        if (claim.kind === 'replay') return { test: await tx.test.findUniqueOrThrow({ where: { id: claim.testId } }), replayed: true };
      }
      const { plan } = await tx.team.findUniqueOrThrow({ where: { id: auth.teamId }, select: { plan: true } });
      if (input.type === 'lighthouse' && plan === 'free') {
        // The team row lock serialises this team's free tests, so the count below cannot race.
        await tx.$queryRaw`SELECT 1 FROM teams WHERE id = CAST(${auth.teamId} AS uuid) FOR UPDATE`;
        const allowance = await freeLighthouseAllowance(tx, auth.teamId, config.FREE_LIGHTHOUSE_PER_HOUR);
        if (allowance.remaining === 0) {
          const wait = allowance.resetsAt ? Math.max(1, Math.ceil((allowance.resetsAt.getTime() - Date.now()) / 1000)) : 3600;
          throw new ProblemError(
            429,
            'free_tier_rate_limited',
            `The free plan allows ${allowance.limit} lighthouse tests an hour; the next is allowed in ${wait} s.`,
            { headers: { 'Retry-After': String(wait) } },
          );
        }
      }
      const cost = creditCost(input.type, plan);
      const test = await tx.test.create({ data: testData(auth, input, cost) });
      if (cost > 0) {
        await tx.creditLedgerEntry.create({ data: { teamId: auth.teamId, delta: -cost, reason: 'test', testId: test.id } });
      }
      if (idempotencyKey !== undefined) await recordIdempotentTest(tx, auth.teamId, idempotencyKey, test.id);
      return { test, replayed: false };
    },
    // Parallel requests with one Idempotency-Key queue on its row lock: let them wait their turn.
    { maxWait: 10_000, timeout: 15_000 },
  );
}
