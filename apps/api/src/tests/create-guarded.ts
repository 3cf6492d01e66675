import type { Test } from '@pageprobe/db';
import type { ApiDeps } from '../deps.ts';
import { ProblemError } from '../http/problem.ts';
import type { AuthContext } from '../http/request-context.ts';
import { creditCost } from './costs.ts';
import type { CreateTestInput } from './create-test.ts';
import { freeLighthouseAllowance } from './free-allowance.ts';
import { claimIdempotencyKey, recordIdempotentTest, requestFingerprint } from './idempotency.ts';
import { newTest } from './insert-test.ts';

/** With an Idempotency-Key or a free-plan allowance to check: an interactive transaction. */
export async function createGuarded(
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
      const test = await tx.test.create({ data: newTest(auth, input, cost) });
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
