import { Router } from 'express';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { creditsOf } from '@pageprobe/services';

export function creditRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.get('/credits', requireScope('read'), async (req, res) => {
    res.json(await creditsOf(deps, req.auth!.teamId));
  });
  return router;
}
