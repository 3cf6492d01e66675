import { parseLimit, type RumSiteInput, rumSites } from '@pageprobe/services';
import { type Request, Router } from 'express';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { callerOf } from '../http/caller.ts';

/**
 * /rum/sites (issue 61): the sites whose pages send beacons, with their public key and snippet. The work is
 * the site service's (@pageprobe/services), which the dashboard and a configuration's apply reach too.
 */
export function rumSiteRoutes(deps: ApiDeps): Router {
  const router = Router();
  const base = deps.config.PUBLIC_BASE_URL;
  const id = (req: Request) => req.params.site_id as string;

  router.post('/rum/sites', requireScope('write'), async (req, res) => {
    const site = await rumSites.createSite(deps, callerOf(req), req.body as RumSiteInput);
    res.status(201).location(`${base}/api/v1/rum/sites/${site.id}`).json(site);
  });

  router.get('/rum/sites', requireScope('read'), async (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    res.json(await rumSites.listSites(deps, callerOf(req), q.cursor, parseLimit(q.limit)));
  });

  router.get('/rum/sites/:site_id', requireScope('read'), async (req, res) => {
    res.json(await rumSites.getSite(deps, callerOf(req), id(req)));
  });

  router.patch('/rum/sites/:site_id', requireScope('write'), async (req, res) => {
    res.json(await rumSites.updateSite(deps, callerOf(req), id(req), req.body as RumSiteInput));
  });

  router.delete('/rum/sites/:site_id', requireScope('write'), async (req, res) => {
    await rumSites.deleteSite(deps, callerOf(req), id(req));
    res.status(204).end();
  });

  return router;
}
