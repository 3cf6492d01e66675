import { liveLocations } from '@pageprobe/jobs';
import { Router } from 'express';
import type { ApiDeps } from '../deps.ts';
import { requireScope } from '../auth/api-key-auth.ts';
import { ProblemError } from '../http/problem.ts';

/**
 * GET /locations (issue 32): where tests and monitors can run now, from the workers' heartbeats: a
 * location is listed while it has a live worker, with its workers counted by kind. A worker that stops
 * leaves at once; one that is killed, LIVE_FOR_MS (15 s) after its last heartbeat.
 */
export function locationRoutes(deps: Pick<ApiDeps, 'redis' | 'config'>): Router {
  const router = Router();
  router.get('/locations', requireScope('read'), async (_req, res) => {
    const data = await liveLocations(deps.redis, deps.config.QUEUE_PREFIX).catch(() => {
      throw new ProblemError(503, 'service_unavailable', 'Locations cannot be listed right now; try again shortly.', {
        headers: { 'Retry-After': '5' },
      });
    });
    res.json({ data });
  });
  return router;
}
