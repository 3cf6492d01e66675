import { type CallbackDelivery, type Db, type Plan, Prisma, RETENTION, type Test, withoutNul } from '@pageprobe/db';
import { type Assertion, type AssertionResult, judge, type Outcome } from '@pageprobe/test-kinds';
import { enqueue, enqueueMany, jobs } from '@pageprobe/jobs';
import type { Queue } from 'bullmq';
import { serialiseCallback } from './callback-payload.ts';
import { evaluateRun } from './monitor-alerts/evaluate-run.ts';

export interface LifecycleDeps {
  db: Db;
  /** The callback queue; a failed add is picked up by the sweeper. */
  callbacks: Queue;
  publicBaseUrl: string;
  /** The dashboard's address with its path: alerts link to a monitor's page there. */
  dashboardBaseUrl: string;
  onEnqueueError?: (error: unknown) => void;
}

/**
 * Marks a test running for the worker that took its job, unless its team already has `limits[plan]`
 * tests of the same type running: then 'busy', and the job waits its turn. The count and the claim
 * happen under a lock per team and type, so two workers cannot both take the last place. A test
 * already `running` (its job taken up again after a crash) does not count against itself. Null when
 * the test has finished.
 */
export async function claimTest(db: Db, testId: string, limits?: Record<Plan, number>): Promise<Test | 'busy' | null> {
  const claim = (tx: Prisma.TransactionClient) =>
    tx.test
      .updateManyAndReturn({
        where: { id: testId, status: { in: ['queued', 'running'] } },
        data: { status: 'running', startedAt: new Date() },
      })
      .then(([test]) => test ?? null);
  if (!limits) return claim(db);
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<Array<{ team_id: string; type: string; plan: Plan }>>`
      SELECT t.team_id::text, t.type::text, tm.plan::text AS plan
      FROM tests t JOIN teams tm ON tm.id = t.team_id
      WHERE t.id = ${testId}::uuid AND t.status IN ('queued', 'running')`;
    if (!row) return null;
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`${row.team_id}:${row.type}`}, 0))::text`;
    const [{ running }] = (await tx.$queryRaw<Array<{ running: number }>>`
      SELECT count(*)::int AS running FROM tests
      WHERE team_id = ${row.team_id}::uuid AND type = ${row.type}::"TestType" AND status = 'running'
        AND id <> ${testId}::uuid`) as [{ running: number }];
    if (running >= limits[row.plan]) return 'busy';
    return claim(tx);
  });
}

/** How a test fared against its assertions, written with its outcome. */
export interface Verdict {
  assertionResults: AssertionResult[] | null;
  passed: boolean | null;
}

/**
 * The test's assertions judged against the run: a completed run is measured; a failed test cannot pass
 * a gate (passed false, no results). Null when the test has no assertions.
 */
export function verdictFor(test: Test, outcome: Outcome): Verdict | null {
  if (!Array.isArray(test.assertions)) return null;
  const assertions = test.assertions as unknown as Assertion[];
  if (outcome.status !== 'completed' || !outcome.measure) return { assertionResults: null, passed: false };
  const { results, passed } = judge(assertions, outcome.measure);
  return { assertionResults: results, passed };
}

/** Each plan's artifact retention in days, as jsonb for SQL: {"free": 30, ...}. */
const ARTIFACT_DAYS = JSON.stringify(
  Object.fromEntries(Object.entries(RETENTION).map(([p, r]) => [p, r.artifactsDays])),
);

/**
 * A test that stored artifacts keeps them (and its HAR) for its team's plan's days from now, when it
 * finished (issue 29); the sweeper may take them from then on. One statement by primary key, which
 * changes nothing for a test that stored none.
 */
async function setArtifactExpiry(tx: Prisma.TransactionClient, testId: string): Promise<void> {
  await tx.$executeRaw`
    WITH e AS (
      SELECT t.id, t.completed_at + make_interval(days => (${ARTIFACT_DAYS}::jsonb ->> tm.plan::text)::int) AS at
      FROM tests t JOIN teams tm ON tm.id = t.team_id
      WHERE t.id = ${testId}::uuid AND EXISTS (SELECT 1 FROM artifacts a WHERE a.test_id = t.id))
    UPDATE tests SET artifacts_expire_at = e.at, artifacts_sweep_at = e.at FROM e WHERE tests.id = e.id`;
}

/**
 * Finishes a test once: the state change, its artifacts' expiry, the refund, the callback delivery row and, for a monitor's
 * run, its alerts and their delivery rows are one transaction (delivery rows are the callbacks' outbox);
 * the jobs are enqueued after commit.
 * Returns false when the test had already finished.
 */
export async function finishTest(
  deps: LifecycleDeps,
  testId: string,
  outcome: Outcome,
  verdict: Verdict | null = null,
): Promise<boolean> {
  const deliveries = await deps.db.$transaction((tx) =>
    settleTest(tx, deps, testId, finishedColumns(outcome, verdict), {
      refund: outcome.status === 'failed' && outcome.refund ? 'all' : 0,
    }),
  );
  if (deliveries === undefined) return false;
  await enqueueDeliveries(deps.callbacks, deliveries, deps.onEnqueueError);
  return true;
}

/** The columns a test's outcome (and how it fared against its assertions) writes. */
export function finishedColumns(outcome: Outcome, verdict: Verdict | null): Prisma.TestUpdateManyMutationInput {
  const judged = verdict
    ? {
        // Plain JSON by construction (strings, numbers, booleans, nulls).
        assertionResults: verdict.assertionResults
          ? (verdict.assertionResults as unknown as Prisma.InputJsonArray)
          : Prisma.DbNull,
        passed: verdict.passed,
      }
    : {};
  return outcome.status === 'completed'
    ? ({
        ...withoutNul(outcome.fields),
        ...judged,
        status: 'completed',
        completedAt: new Date(),
        errorCode: null,
        errorMessage: null,
      } as Prisma.TestUpdateManyMutationInput)
    : {
        ...judged,
        status: 'failed',
        completedAt: new Date(),
        errorCode: outcome.error.code,
        errorMessage: withoutNul(outcome.error.message),
      };
}

/**
 * Ends a test within `tx`, unless it has ended already (then undefined): the columns, its artifacts'
 * expiry, its sealed secrets gone, the credits given back (`all` of them, or that many), and the delivery
 * rows of its callback and, for a monitor's run, of its alerts (to enqueue after the commit).
 */
export async function settleTest(
  tx: Prisma.TransactionClient,
  deps: LifecycleDeps,
  testId: string,
  data: Prisma.TestUpdateManyMutationInput,
  { refund }: { refund: 'all' | number },
): Promise<CallbackDelivery[] | undefined> {
  const [test] = await tx.test.updateManyAndReturn({
    where: { id: testId, status: { in: ['queued', 'running'] } },
    data,
  });
  if (!test) return undefined;
  await setArtifactExpiry(tx, test.id);
  // The secret values were for the run alone (issue 18); only a test with options can have any.
  if (test.options) await tx.testSecret.deleteMany({ where: { testId: test.id } });
  const refunded = refund === 'all' ? test.creditsSpent : Math.min(refund, test.creditsSpent);
  if (refunded > 0) {
    await tx.creditLedgerEntry.create({
      data: { teamId: test.teamId, delta: refunded, reason: 'refund', testId: test.id },
    });
  }
  const out = await evaluateRun(tx, test, deps);
  if (test.callbackUrl) {
    const { event, body } = serialiseCallback(test, deps.publicBaseUrl);
    out.unshift(
      await tx.callbackDelivery.create({
        data: { teamId: test.teamId, testId: test.id, url: test.callbackUrl, event, payload: body },
      }),
    );
  }
  return out;
}

/**
 * A delivery's job: a callback's one retry, or the retries over about 30 minutes of an alert channel's
 * message and of a status page subscriber's notice (issue 58).
 */
export const deliveryJob = (delivery: { channelId: string | null; subscriberId?: string | null }) =>
  delivery.channelId || delivery.subscriberId ? jobs.alert : jobs.callback;

/** Jobs added in one round trip: a status page's notices come by the thousand (issue 58). */
const BULK = 500;

/**
 * Adds the jobs of committed delivery rows (all kinds share the callbacks' queue): one, or many in bulks
 * of 500 (11,000 notices added one by one took 5.4 s of the request that made them); a failed add is
 * left to the sweeper.
 */
export async function enqueueDeliveries(
  callbacks: Queue,
  deliveries: Array<{ id: string; channelId: string | null; subscriberId?: string | null }>,
  onError?: (error: unknown) => void,
): Promise<void> {
  if (deliveries.length === 1) {
    const [delivery] = deliveries as [(typeof deliveries)[number]];
    await enqueue(callbacks, deliveryJob(delivery), { deliveryId: delivery.id }).catch((error: unknown) =>
      onError?.(error),
    );
    return;
  }
  for (const job of [jobs.callback, jobs.alert]) {
    const ids = deliveries.filter((d) => deliveryJob(d) === job).map((d) => ({ deliveryId: d.id }));
    for (let i = 0; i < ids.length; i += BULK)
      await enqueueMany(callbacks, job, ids.slice(i, i + BULK)).catch((error: unknown) => onError?.(error));
  }
}
