import { randomBytes } from 'node:crypto';
import { CHECK_VIOLATION, type Device, sqlState, type Test, type TestType } from '@pageprobe/db';
import { enqueue, testJobFor } from '@pageprobe/jobs';
import { checkTarget } from '@pageprobe/net-guard';
import type { ApiDeps } from '../deps.ts';
import type { AuthContext } from '../http/request-context.ts';
import { ProblemError } from '../http/problem.ts';
import { creditCost } from './costs.ts';

export interface CreateTestInput {
  url: string;
  type: TestType;
  device: Device;
  callback_url?: string;
}

/** Test types a worker exists for; lighthouse and seo_crawl arrive with the browser worker. */
const AVAILABLE_TYPES = new Set<TestType>(['uptime']);

async function assertAllowed(field: 'url' | 'callback_url', value: string, allowPrivate: boolean, protocols: string[]) {
  const check = await checkTarget(value, { allowPrivate }, { protocols });
  if (!check.ok) {
    throw new ProblemError(400, 'url_not_allowed', `${field} ${check.reason}.`, {
      errors: [{ path: `body.${field}`, message: check.reason }],
    });
  }
}

/**
 * Accepts a test: checks the addresses, then debits credits and writes the row in one transaction
 * (the ledger trigger refuses a balance below zero), then adds the job. The row is the job's outbox:
 * if the add fails after commit, the workers' sweeper adds it later, so an accepted test is never lost.
 */
export async function createTest(deps: ApiDeps, auth: AuthContext, input: CreateTestInput): Promise<Test> {
  if (!AVAILABLE_TYPES.has(input.type)) {
    throw new ProblemError(501, 'test_type_unavailable', `${input.type} tests are not available on this deployment yet.`);
  }
  const allowPrivate = deps.config.ALLOW_PRIVATE_TARGETS;
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

  let test: Test;
  try {
    test = await deps.db.$transaction(async (tx) => {
      const team = await tx.team.findUniqueOrThrow({ where: { id: auth.teamId }, select: { plan: true } });
      const cost = creditCost(input.type, team.plan);
      const created = await tx.test.create({
        data: {
          teamId: auth.teamId,
          apiKeyId: auth.keyId,
          type: input.type,
          url: input.url,
          device: input.device,
          callbackUrl: input.callback_url ?? null,
          reportToken: randomBytes(32).toString('base64url'),
          creditsSpent: cost,
        },
      });
      if (cost > 0) {
        await tx.creditLedgerEntry.create({
          data: { teamId: auth.teamId, delta: -cost, reason: 'test', testId: created.id },
        });
      }
      return created;
    });
  } catch (error) {
    if (sqlState(error) === CHECK_VIOLATION) {
      throw new ProblemError(402, 'insufficient_credits', `A ${input.type} test costs credits and the balance is too low.`);
    }
    throw error;
  }

  const queue = deps.testQueues.get(test.type);
  if (queue) {
    await enqueue(queue, testJobFor(test.type), { testId: test.id }).catch((error: unknown) => {
      deps.logger.warn({ err: error, testId: test.id }, 'enqueue failed; the sweeper will retry');
    });
  }
  return test;
}
