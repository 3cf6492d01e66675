import { Router } from 'express';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { ProblemError } from '../http/problem.ts';
import { logTestId } from '../http/request-logger.ts';
import { type TestRequest, withCallback } from '@pageprobe/test-lifecycle';
import { callerOf } from '../http/caller.ts';
import { parseLimit } from '@pageprobe/services';
import { retryHint } from './retry-hint.ts';
import { type ListQuery, listTests } from '@pageprobe/services';
import { presentCreated, presentTest } from './present-test.ts';
import { testReader } from '@pageprobe/services';
import { acceptDepsOf, startTest } from '@pageprobe/services';

export function testRoutes(deps: ApiDeps): Router {
  const router = Router();
  const base = deps.config.PUBLIC_BASE_URL;
  router.param('test_id', logTestId);

  const readTest = testReader(deps.pool);
  const accept = acceptDepsOf(deps);

  router.post('/tests', requireScope('write'), async (req, res) => {
    // The validator has applied the document's defaults (type, device) and checked every field,
    // the Idempotency-Key's length included.
    const accepted = await startTest(accept, callerOf(req), req.body as TestRequest, req.get('Idempotency-Key'));
    const { test } = accepted;
    res.locals.testId = test.id;
    if (accepted.replayed) {
      res.status(200).json({ ...presentTest(test, base, accepted.delivery), replayed: true });
      return;
    }
    res.status(202).location(`${base}/api/v1/tests/${test.id}`).json(presentCreated(test, base));
  });

  router.get('/tests', requireScope('read'), async (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    const query: ListQuery = { limit: parseLimit(q.limit) };
    if (q.status) query.status = q.status as ListQuery['status'];
    if (q.type) query.type = q.type as ListQuery['type'];
    if (q.cursor) query.cursor = q.cursor;
    const { page, nextCursor } = await listTests(deps.db, req.auth!.teamId, query);
    res.json({ data: page.map((t) => presentTest(t, base, t.delivery)), next_cursor: nextCursor });
  });

  // The hottest route (clients poll it): one query, plus one for the callback only once there is one.
  router.get('/tests/:test_id', requireScope('read'), async (req, res) => {
    const test = await readTest(req.auth!.teamId, req.params.test_id as string);
    // Another team's test is indistinguishable from a missing one.
    if (!test) throw new ProblemError(404, 'not_found', 'No test with that id.');
    const delivery =
      test.callbackUrl && test.completedAt
        ? await deps.db.callbackDelivery.findUnique({
            where: { testId: test.id },
            include: withCallback.delivery.include,
          })
        : null;
    // Polling politely: an unfinished test says when to look again (the client of issue 17 follows it).
    const wait = retryHint(test);
    if (wait !== null) res.set('Retry-After', String(wait));
    res.json(presentTest(test, base, delivery));
  });

  return router;
}
