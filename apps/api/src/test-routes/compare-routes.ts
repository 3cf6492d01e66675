import type { Pool } from '@pageprobe/db';
import { Router } from 'express';
import { requireScope } from '../auth/api-key-auth.ts';
import { logTestId } from '../http/request-logger.ts';
import { testReader } from '@pageprobe/services';
import { compareTests } from '@pageprobe/services';

/** GET /tests/{id}/compare/{base_id} (issue 15): head − base of two completed tests of one type. */
export function compareRoutes(pool: Pool, publicBaseUrl: string): Router {
  const router = Router();
  router.param('test_id', logTestId);
  const readTest = testReader(pool);

  router.get('/tests/:test_id/compare/:base_id', requireScope('read'), async (req, res) => {
    const { teamId } = req.auth!;
    res.json(
      await compareTests(readTest, teamId, req.params.test_id as string, req.params.base_id as string, publicBaseUrl),
    );
  });
  return router;
}
