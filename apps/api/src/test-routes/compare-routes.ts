import type { Pool, Test } from '@pageprobe/db';
import { kindNamed } from '@pageprobe/test-kinds';
import { reportUrl } from '@pageprobe/test-lifecycle';
import { Router } from 'express';
import { requireScope } from '../auth/api-key-auth.ts';
import { ProblemError } from '../http/problem.ts';
import { logTestId } from '../http/request-logger.ts';
import { testReader } from './read-test.ts';

/** The address of the side-by-side page: both report tokens, so it opens for whoever holds both reports. */
const compareReportUrl = (publicBaseUrl: string, head: Test, base: Test) =>
  `${reportUrl(publicBaseUrl, head.reportToken)}/compare/${base.reportToken}`;

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

/** GET /tests/{id}/compare/{base_id} (issue 15): head − base of two completed tests of one type. */
export function compareRoutes(pool: Pool, publicBaseUrl: string): Router {
  const router = Router();
  router.param('test_id', logTestId);
  const readTest = testReader(pool);

  router.get('/tests/:test_id/compare/:base_id', requireScope('read'), async (req, res) => {
    const { teamId } = req.auth!;
    const [head, base] = await Promise.all([
      readTest(teamId, req.params.test_id as string),
      readTest(teamId, req.params.base_id as string),
    ]);
    // Another team's test is indistinguishable from a missing one.
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
    res.json({
      type: head.type,
      head: compared(head, publicBaseUrl),
      base: compared(base, publicBaseUrl),
      deltas: kindNamed(head.type).comparison.compare(head, base),
      report_url: compareReportUrl(publicBaseUrl, head, base),
    });
  });
  return router;
}
