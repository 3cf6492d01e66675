import { Router } from 'express';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { callerOf } from '../http/caller.ts';
import { parseLimit } from '@pageprobe/services';
import type { WindowInput } from '@pageprobe/services';
import { createWindow, deleteWindow, getWindow, listWindows, updateWindow } from '@pageprobe/services';

export { presentWindow, WINDOWS_PER_TEAM } from '@pageprobe/services';

/**
 * /maintenance-windows (issue 31): times when the chosen monitors' alerts are held. Checks still run;
 * incidents that begin in a window are marked maintenance; its checks count neither up nor down. The work
 * is the window service's (window-service.ts), which the dashboard calls too.
 */
export function maintenanceWindowRoutes(deps: ApiDeps): Router {
  const router = Router();
  const base = deps.config.PUBLIC_BASE_URL;
  const id = (req: { params: Record<string, unknown> }) => req.params.window_id as string;

  router.post('/maintenance-windows', requireScope('write'), async (req, res) => {
    const window = await createWindow(deps, callerOf(req), req.body as WindowInput & { name: string });
    res.status(201).location(`${base}/api/v1/maintenance-windows/${window.id}`).json(window);
  });

  router.get('/maintenance-windows', requireScope('read'), async (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    res.json(await listWindows(deps, callerOf(req), q.cursor, parseLimit(q.limit)));
  });

  router.get('/maintenance-windows/:window_id', requireScope('read'), async (req, res) => {
    res.json(await getWindow(deps, callerOf(req), id(req)));
  });

  router.patch('/maintenance-windows/:window_id', requireScope('write'), async (req, res) => {
    res.json(await updateWindow(deps, callerOf(req), id(req), req.body as WindowInput));
  });

  router.delete('/maintenance-windows/:window_id', requireScope('write'), async (req, res) => {
    await deleteWindow(deps, callerOf(req), id(req));
    res.status(204).end();
  });

  return router;
}
