import { checkFieldsOf, checkPlaceholders } from '../variables/variable-service.ts';
import type { Test } from '@pageprobe/db';
import { liveLocations } from '@pageprobe/jobs';
import { kindNamed } from '@pageprobe/test-kinds';
import {
  type AcceptDeps,
  type Accepted,
  acceptTest,
  compareReportUrl,
  reportUrl,
  type TestRequest,
  TestRejected,
} from '@pageprobe/test-lifecycle';
import type { ServiceDeps } from '../deps.ts';
import type { Caller } from '../caller.ts';
import { ProblemError } from '../problem.ts';
import { rejectionProblem } from './rejection-problem.ts';

// Starting and comparing tests, whichever door asks (issue 46): POST /tests and the dashboard's form call
// startTest, GET /tests/{id}/compare/{base_id} and the dashboard's compare call compareTests.

/** What acceptTest needs, from the services' dependencies. */
export function acceptDepsOf(deps: ServiceDeps): AcceptDeps {
  const { config } = deps;
  return {
    db: deps.db,
    pool: deps.pool,
    testQueue: deps.testQueues.at,
    liveLocations: () => liveLocations(deps.redis, config.QUEUE_PREFIX),
    queuesReady: () => deps.redis.status === 'ready',
    logger: deps.logger,
    allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
    enabledTypes: config.ENABLED_TEST_TYPES,
    allowanceLimit: config.FREE_LIGHTHOUSE_PER_HOUR,
    secretsKey: config.SECRETS_KEY ?? null,
    previousSecretsKeys: config.SECRETS_KEYS_PREVIOUS,
  };
}

/**
 * Starts a test (its body checked against CreateTest, defaults applied): the address policy, locations,
 * credits or the free allowance, the Idempotency-Key (a replay answers the first test, `replayed`), the
 * row and its job. Throws the API's ProblemError.
 */
export async function startTest(
  accept: AcceptDeps,
  caller: Caller,
  input: TestRequest,
  idempotencyKey: string | undefined,
): Promise<Accepted> {
  // {{vars.X}} and {{secrets.X}} must name the team's variables, of their kind (issue 59).
  await checkPlaceholders(accept.db, caller.teamId, checkFieldsOf(input));
  return acceptTest(accept, caller, input, idempotencyKey).catch((error: unknown) => {
    throw error instanceof TestRejected ? rejectionProblem(error) : error;
  });
}

function compared(test: Test, publicBaseUrl: string) {
  return {
    id: test.id,
    url: test.url,
    device: test.device,
    completed_at: test.completedAt!.toISOString(),
    performance_score: test.performanceScore,
    structure_score: test.structureScore,
    runs_requested: test.runCount,
    report_url: reportUrl(publicBaseUrl, test.reportToken),
  };
}

export type Comparison = ReturnType<typeof comparison>;

const comparison = (head: Test, base: Test, publicBaseUrl: string) => ({
  type: head.type,
  head: compared(head, publicBaseUrl),
  base: compared(base, publicBaseUrl),
  deltas: kindNamed(head.type).comparison.compare(head, base),
  report_url: compareReportUrl(publicBaseUrl, head, base),
});

/**
 * head − base of two completed tests of one type (issue 15), the team's tests read by `readTest`
 * (another team's test is indistinguishable from a missing one). Throws the API's ProblemError.
 */
export async function compareTests(
  readTest: (teamId: string, testId: string) => Promise<Test | null>,
  teamId: string,
  headId: string,
  baseId: string,
  publicBaseUrl: string,
): Promise<Comparison> {
  const [head, base] = await Promise.all([readTest(teamId, headId), readTest(teamId, baseId)]);
  if (!head) throw new ProblemError(404, 'not_found', 'No test with that id.');
  if (!base) throw new ProblemError(404, 'not_found', 'No base test with that id.');
  if (head.type !== base.type) {
    throw new ProblemError(
      409,
      'not_comparable',
      `A ${head.type} test can only be compared with another ${head.type} test; the base is ${base.type}.`,
    );
  }
  for (const [which, test] of [
    ['test', head],
    ['base test', base],
  ] as const) {
    if (test.status !== 'completed') {
      throw new ProblemError(
        409,
        'test_not_completed',
        test.status === 'failed'
          ? `The ${which} failed: only completed tests can be compared.`
          : `The ${which} is ${test.status}; compare it once it completes.`,
      );
    }
  }
  return comparison(head, base, publicBaseUrl);
}
