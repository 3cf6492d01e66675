import { type RumQuery, rumSiteAttribution, rumSiteSeries } from '@pageprobe/services';
import { Router } from 'express';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { callerOf } from '../http/caller.ts';

/**
 * Reading a RUM site's figures (issue 61): its series (p50, p75, p95 and the shares of good,
 * needs-improvement and poor page views, with the lab's and CrUX's figures and the deploys beside them)
 * and what made its page views slow. The work is the services' (@pageprobe/services rum-figures), which
 * the dashboard reaches too; another team's site answers 404 as an unknown one does.
 */
export function rumReadRoutes(deps: ApiDeps): Router {
  const router = Router();

  router.get('/rum/sites/:site_id/series', requireScope('read'), async (req, res) => {
    res.json(await rumSiteSeries(deps, callerOf(req), req.params.site_id as string, req.query as RumQuery));
  });

  router.get('/rum/sites/:site_id/attribution', requireScope('read'), async (req, res) => {
    res.json(await rumSiteAttribution(deps, callerOf(req), req.params.site_id as string, req.query as RumQuery));
  });

  return router;
}
