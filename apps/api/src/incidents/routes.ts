import {
  addIncidentUpdate,
  type ChangeIncident,
  type CreateIncident,
  changeIncident,
  createIncident,
  deleteIncident,
  getIncident,
  type IncidentUpdateInput,
  listIncidents,
  parseLimit,
} from '@pageprobe/services';
import { Router } from 'express';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { callerOf } from '../http/caller.ts';

/**
 * /incidents (issue 58): what a team tells its status pages' readers, each move an update. Shown on every
 * status page that shows one of its components. The work is the incident service's, which the dashboard
 * calls too.
 */
export function incidentRoutes(deps: ApiDeps): Router {
  const router = Router();
  const base = deps.config.PUBLIC_BASE_URL;
  const id = (req: { params: Record<string, unknown> }) => req.params.incident_id as string;

  router.post('/incidents', requireScope('write'), async (req, res) => {
    const incident = await createIncident(deps, callerOf(req), req.body as CreateIncident);
    res.status(201).location(`${base}/api/v1/incidents/${incident.id}`).json(incident);
  });

  router.get('/incidents', requireScope('read'), async (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    const status = q.status as 'open' | 'resolved' | undefined;
    res.json(await listIncidents(deps, callerOf(req), { status, cursor: q.cursor, limit: parseLimit(q.limit) }));
  });

  router.get('/incidents/:incident_id', requireScope('read'), async (req, res) => {
    res.json(await getIncident(deps, callerOf(req), id(req)));
  });

  router.patch('/incidents/:incident_id', requireScope('write'), async (req, res) => {
    res.json(await changeIncident(deps, callerOf(req), id(req), req.body as ChangeIncident));
  });

  router.post('/incidents/:incident_id/updates', requireScope('write'), async (req, res) => {
    const incident = await addIncidentUpdate(deps, callerOf(req), id(req), req.body as IncidentUpdateInput);
    res.status(201).location(`${base}/api/v1/incidents/${incident.id}`).json(incident);
  });

  router.delete('/incidents/:incident_id', requireScope('write'), async (req, res) => {
    await deleteIncident(deps, callerOf(req), id(req));
    res.status(204).end();
  });

  return router;
}
