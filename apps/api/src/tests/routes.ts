import { Router } from 'express';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { ProblemError } from '../http/problem.ts';
import { type CreateTestInput, createTest } from './create-test.ts';
import { presentCreated, presentTest } from './present-test.ts';

export function testRoutes(deps: ApiDeps): Router {
  const router = Router();
  const base = deps.config.PUBLIC_BASE_URL;

  router.post('/tests', requireScope('write'), async (req, res) => {
    // The validator has applied the document's defaults (type, device) and checked every field.
    const test = await createTest(deps, req.auth!, req.body as CreateTestInput);
    res.status(202).location(`/api/v1/tests/${test.id}`).json(presentCreated(test, base));
  });

  router.get('/tests/:test_id', requireScope('read'), async (req, res) => {
    const test = await deps.db.test.findFirst({
      where: { id: req.params.test_id as string, teamId: req.auth!.teamId },
      include: { delivery: { include: { attempts: { orderBy: { number: 'asc' } } } } },
    });
    // Another team's test is indistinguishable from a missing one.
    if (!test) throw new ProblemError(404, 'not_found', 'No test with that id.');
    res.json(presentTest(test, base, test.delivery));
  });

  return router;
}
