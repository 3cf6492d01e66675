import { listRumAlerts, parseLimit } from '@pageprobe/services';
import { Router } from 'express';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { callerOf } from '../http/caller.ts';

/** GET /rum/sites/{id}/alerts (issue 61): a site's rum.regressed and rum.recovered, newest first. */
export function rumAlertRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.get('/rum/sites/:site_id/alerts', requireScope('read'), async (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    res.json(
      await listRumAlerts(deps, callerOf(req), req.params.site_id as string, {
        limit: parseLimit(q.limit),
        cursor: q.cursor,
      }),
    );
  });
  return router;
}
