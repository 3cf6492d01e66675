import type { MaintenanceWindow } from '@pageprobe/db';
import { nextOccurrences, occurrenceAt } from '@pageprobe/test-lifecycle';
import { randomUUIDv7 } from 'node:crypto';
import { Router } from 'express';
import { auditRequest, fieldsOf } from '../audit/audit-request.ts';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { after, NEWEST_FIRST, pageOf, parseLimit } from '../http/keyset.ts';
import { ProblemError } from '../http/problem.ts';
import { createWithinLimit } from '../http/team-limit.ts';
import { checkMonitorIds } from '../monitors/monitor-input.ts';
import { type WindowInput, windowColumns } from './window-input.ts';

/** Maintenance windows one team may have. */
export const WINDOWS_PER_TEAM = 50;
/** Occurrences listed ahead with a window. */
const LISTED = 5;

/** A window as the API shows it, with whether it holds alerts now and its next occurrences. */
export function presentWindow(window: MaintenanceWindow, now = new Date()) {
  const current = occurrenceAt(window, now);
  return {
    id: window.id,
    name: window.name,
    starts_at: window.startsAt.toISOString(),
    ends_at: window.endsAt?.toISOString() ?? null,
    rrule: window.rrule,
    duration_minutes: window.durationMinutes,
    time_zone: window.timeZone,
    monitors: window.monitorIds,
    tags: window.tags,
    active: current !== null,
    next: nextOccurrences(window, now, LISTED).map((o) => ({ start: o.start.toISOString(), end: o.end.toISOString() })),
    created_at: window.createdAt.toISOString(),
    updated_at: window.updatedAt.toISOString(),
  };
}

/**
 * /maintenance-windows (issue 31): times when the chosen monitors' alerts are held. Checks still run;
 * incidents that begin in a window are marked maintenance; its checks count neither up nor down.
 */
export function maintenanceWindowRoutes(deps: ApiDeps): Router {
  const router = Router();
  const base = deps.config.PUBLIC_BASE_URL;

  async function owned(teamId: string, id: string): Promise<MaintenanceWindow> {
    const window = await deps.db.maintenanceWindow.findFirst({ where: { id, teamId } });
    if (!window) throw new ProblemError(404, 'not_found', 'No maintenance window with that id.');
    return window;
  }

  router.post('/maintenance-windows', requireScope('write'), async (req, res) => {
    const input = req.body as WindowInput & { name: string };
    const { teamId } = req.auth!;
    const columns = await windowColumns(input, null);
    await checkMonitorIds(deps.db, teamId, columns.monitorIds, 'monitors');
    const window = await createWithinLimit(
      deps.db,
      teamId,
      { max: WINDOWS_PER_TEAM, code: 'maintenance_window_limit_reached', noun: 'maintenance windows' },
      (tx) => tx.maintenanceWindow.count({ where: { teamId } }),
      (tx) => tx.maintenanceWindow.create({ data: { id: randomUUIDv7(), teamId, name: input.name, ...columns } }),
    );
    await auditRequest(deps.db, req, 'maintenance_window.created', window.id, { name: window.name });
    res.status(201).location(`${base}/api/v1/maintenance-windows/${window.id}`).json(presentWindow(window));
  });

  router.get('/maintenance-windows', requireScope('read'), async (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    const limit = parseLimit(q.limit);
    const rows = await deps.db.maintenanceWindow.findMany({
      where: { teamId: req.auth!.teamId, ...after(q.cursor) },
      orderBy: NEWEST_FIRST,
      take: limit + 1,
    });
    const { page, nextCursor } = pageOf(rows, limit);
    res.json({ data: page.map((w) => presentWindow(w)), next_cursor: nextCursor });
  });

  router.get('/maintenance-windows/:window_id', requireScope('read'), async (req, res) => {
    res.json(presentWindow(await owned(req.auth!.teamId, req.params.window_id as string)));
  });

  router.patch('/maintenance-windows/:window_id', requireScope('write'), async (req, res) => {
    const input = req.body as WindowInput;
    const { teamId } = req.auth!;
    const current = await owned(teamId, req.params.window_id as string);
    const columns = await windowColumns(input, current);
    if (input.monitors) await checkMonitorIds(deps.db, teamId, columns.monitorIds, 'monitors');
    const window = await deps.db.maintenanceWindow.update({
      where: { id: current.id },
      data: { ...(input.name !== undefined ? { name: input.name } : {}), ...columns },
    });
    await auditRequest(deps.db, req, 'maintenance_window.updated', window.id, fieldsOf(input));
    res.json(presentWindow(window));
  });

  router.delete('/maintenance-windows/:window_id', requireScope('write'), async (req, res) => {
    const window = await owned(req.auth!.teamId, req.params.window_id as string);
    await deps.db.maintenanceWindow.delete({ where: { id: window.id } });
    await auditRequest(deps.db, req, 'maintenance_window.deleted', window.id, { name: window.name });
    res.status(204).end();
  });

  return router;
}
