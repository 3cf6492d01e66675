import { Router } from 'express';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { callerOf } from '../http/caller.ts';
import { applyChanges, planChanges } from './apply.ts';
import type { ConfigState } from './config-body.ts';
import { type ExportBody, exportConfig } from './export.ts';

/**
 * /config/plan, /config/apply and /config/export (issue 50): monitoring as code. The whole desired state
 * in one request; plan answers the changes, apply makes them in one transaction and counts as one write;
 * export writes the team's resources as a file (one write too: it keys and takes them over).
 */
export function configRoutes(deps: ApiDeps): Router {
  const router = Router();

  router.post('/config/plan', requireScope('read'), async (req, res) => {
    // Secrets are compared for a key that could write them only (issue 56).
    const compareSecrets = req.auth!.scope === 'write';
    res.json(await planChanges(deps, callerOf(req), req.body as ConfigState, { compareSecrets }));
  });

  router.post('/config/apply', requireScope('write'), async (req, res) => {
    res.json({ changes: await applyChanges(deps, callerOf(req), req.body as ConfigState) });
  });

  router.post('/config/export', requireScope('write'), async (req, res) => {
    res.json(await exportConfig(deps, callerOf(req), req.body as ExportBody));
  });

  return router;
}
