import { Prisma } from '@pageprobe/db';
import { withCallback } from '../test-columns.ts';
import type { AcceptDeps, Accepted, Caller, TestRequest } from './accept-test.ts';
import { allowanceFor, runsOf, testCost } from './costs.ts';
import { remainingAllowance } from './free-allowance.ts';
import { claimIdempotencyKey, recordIdempotentTest, requestFingerprints } from './idempotency.ts';
import { newTest } from './insert-test.ts';
import { TestRejected } from './rejections.ts';

/** With an Idempotency-Key or an allowance to count: an interactive transaction. */
export async function createGuarded(
  deps: AcceptDeps,
  caller: Caller,
  input: TestRequest,
  idempotencyKey: string | undefined,
): Promise<Accepted> {
  return deps.db.$transaction(
    async (tx) => {
      if (idempotencyKey !== undefined) {
        const keyring = deps.secretsKey ? [deps.secretsKey, ...(deps.previousSecretsKeys ?? [])] : [];
        const fingerprints = requestFingerprints(input, keyring);
        const claim = await claimIdempotencyKey(tx, caller.teamId, idempotencyKey, fingerprints);
        if (claim.kind === 'replay') {
          // Loaded once, with its callback: the replay answers with the test as it is now.
          const { delivery, ...test } = await tx.test.findUniqueOrThrow({
            where: { id: claim.testId },
            include: withCallback,
          });
          return { test, replayed: true, delivery };
        }
      }
      const { plan } = await tx.team.findUniqueOrThrow({ where: { id: caller.teamId }, select: { plan: true } });
      const allowance = allowanceFor(input.type, plan);
      if (allowance) {
        // The team row lock serialises this team's allowance tests, so the count below cannot race.
        await tx.$queryRaw`SELECT 1 FROM teams WHERE id = CAST(${caller.teamId} AS uuid) FOR UPDATE`;
        // Each location's runs count, as each costs (issue 32), and a repeat view as a run (issue 34).
        const runs = runsOf(input.runs ?? 1, input.repeat_view) * (input.locations?.length ?? 1);
        const left = await remainingAllowance(
          tx,
          caller.teamId,
          input.type,
          { limit: deps.allowanceLimit, windowSeconds: allowance.windowSeconds },
          runs,
        );
        if (runs > left.limit) {
          throw new TestRejected(
            'validation_failed',
            `The ${plan} plan allows ${left.limit} ${input.type} runs an hour; ask for at most ${left.limit}.`,
            { field: { path: 'body.runs', message: `must be at most ${left.limit} on the ${plan} plan` } },
          );
        }
        if (left.remaining < runs) {
          const wait = left.resetsAt
            ? Math.max(1, Math.ceil((left.resetsAt.getTime() - Date.now()) / 1000))
            : allowance.windowSeconds;
          const allows = `The ${plan} plan allows ${left.limit} ${input.type} ${runs > 1 ? 'runs' : 'tests'} an hour`;
          const asked = runs > 1 ? ` (this test asks for ${runs}, ${left.remaining} are left)` : '';
          throw new TestRejected('free_tier_rate_limited', `${allows}${asked}; the next is allowed in ${wait} s.`, {
            retryAfterSeconds: wait,
          });
        }
      }
      const cost = testCost(input, plan);
      const { secrets, ...row } = newTest(caller, input, cost, deps.secretsKey);
      const test = await tx.test.create({
        data: { ...row, options: row.options ?? Prisma.DbNull, locations: row.locations ?? undefined },
      });
      if (secrets) await tx.testSecret.create({ data: { testId: test.id, ...secrets } });
      if (cost > 0) {
        await tx.creditLedgerEntry.create({
          data: { teamId: caller.teamId, delta: -cost, reason: 'test', testId: test.id },
        });
      }
      if (idempotencyKey !== undefined) await recordIdempotentTest(tx, caller.teamId, idempotencyKey, test.id);
      return { test, replayed: false, delivery: null };
    },
    // Parallel requests with one Idempotency-Key queue on its row lock: let them wait their turn.
    { maxWait: 10_000, timeout: 15_000 },
  );
}
