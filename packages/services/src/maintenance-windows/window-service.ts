import type { MaintenanceWindow } from '@pageprobe/db';
import { maintenanceScheduled, nextOccurrences, type Occurrence, occurrenceAt } from '@pageprobe/test-lifecycle';
import { enqueue } from '../alert-channels/channel-service.ts';
import { randomUUIDv7 } from 'node:crypto';
import { fieldsOf } from '../audit-fields.ts';
import type { ServiceDeps } from '../deps.ts';
import { auditCaller, type Caller } from '../caller.ts';
import { after, NEWEST_FIRST, pageOf } from '../keyset.ts';
import { ProblemError } from '../problem.ts';
import { createWithinLimit } from '../team-limit.ts';
import { checkMonitorIds } from '../monitors/monitor-input.ts';
import { type WindowInput, windowColumns } from './window-input.ts';
import { checkKeyFree, rethrowKeyTaken } from '../resource-key.ts';

// A team's maintenance windows (issue 31), whichever door asks: the API's routes and the dashboard's
// forms (issue 46) call these, so a rule is checked and expanded once, by the same code, under its deadline.

/** Maintenance windows one team may have. */
export const WINDOWS_PER_TEAM = 50;
/** Occurrences listed ahead with a window. */
export const LISTED = 5;

const occurrence = (o: Occurrence) => ({ start: o.start.toISOString(), end: o.end.toISOString() });

/** A window as the API shows it, with whether it holds alerts now and its next occurrences. */
export function presentWindow(window: MaintenanceWindow, now = new Date()) {
  const current = occurrenceAt(window, now);
  return {
    id: window.id,
    key: window.key,
    managed_by: window.managedBy,
    name: window.name,
    starts_at: window.startsAt.toISOString(),
    ends_at: window.endsAt?.toISOString() ?? null,
    rrule: window.rrule,
    duration_minutes: window.durationMinutes,
    time_zone: window.timeZone,
    monitors: window.monitorIds,
    tags: window.tags,
    active: current !== null,
    next: nextOccurrences(window, now, LISTED).map(occurrence),
    created_at: window.createdAt.toISOString(),
    updated_at: window.updatedAt.toISOString(),
  };
}

export type PresentedWindow = ReturnType<typeof presentWindow>;

async function owned(deps: ServiceDeps, teamId: string, id: string): Promise<MaintenanceWindow> {
  const window = /^[0-9a-f-]{36}$/i.test(id)
    ? await deps.db.maintenanceWindow.findFirst({ where: { id, teamId } })
    : null;
  if (!window) throw new ProblemError(404, 'not_found', 'No maintenance window with that id.');
  return window;
}

/**
 * What a window would be, saved now: its input checked as a create checks it (the rule's grammar, its
 * expansion off the event loop under its deadline, the monitors the team's), and its next occurrences.
 * Nothing is written: the dashboard shows these before the window is saved.
 */
export async function previewWindow(
  deps: ServiceDeps,
  caller: Caller,
  input: WindowInput,
  now = new Date(),
): Promise<{ next: Array<{ start: string; end: string }> }> {
  const columns = await windowColumns(input, null, now);
  await checkMonitorIds(deps.db, caller.teamId, columns.monitorIds, 'monitors');
  return { next: nextOccurrences(columns, now, LISTED).map(occurrence) };
}

/**
 * Issue 58: the status pages' subscribers told of the window's next occurrence (once per occurrence: a
 * change that moves it tells them again). The window is saved whatever this does; a failure is logged.
 */
async function announceScheduled(deps: ServiceDeps, window: MaintenanceWindow) {
  try {
    const deliveries = await deps.db.$transaction((tx) =>
      maintenanceScheduled(tx, window, deps.config.PUBLIC_BASE_URL),
    );
    await enqueue(deps, deliveries);
  } catch (error) {
    deps.logger.error({ err: error, windowId: window.id }, 'maintenance.scheduled notices not made');
  }
}

/** POST /maintenance-windows: the body as CreateMaintenanceWindow lets it through. */
export async function createWindow(
  deps: ServiceDeps,
  caller: Caller,
  input: WindowInput & { name: string },
): Promise<PresentedWindow> {
  const { teamId } = caller;
  const columns = await windowColumns(input, null);
  await checkMonitorIds(deps.db, teamId, columns.monitorIds, 'monitors');
  if (input.key) await checkKeyFree(deps.db, 'maintenance_window', teamId, input.key);
  const window = await createWithinLimit(
    deps.db,
    teamId,
    { max: WINDOWS_PER_TEAM, code: 'maintenance_window_limit_reached', noun: 'maintenance windows' },
    (tx) => tx.maintenanceWindow.count({ where: { teamId } }),
    (tx) =>
      tx.maintenanceWindow.create({
        data: { id: randomUUIDv7(), teamId, name: input.name, key: input.key ?? null, ...columns },
      }),
  ).catch(rethrowKeyTaken('maintenance_window', input.key));
  await auditCaller(deps.db, caller, 'maintenance_window.created', window.id, { name: window.name });
  await announceScheduled(deps, window);
  return presentWindow(window);
}

/** A keyset page of the team's windows, newest first. */
export async function listWindows(deps: ServiceDeps, caller: Caller, cursor: string | undefined, limit: number) {
  const rows = await deps.db.maintenanceWindow.findMany({
    where: { teamId: caller.teamId, ...after(cursor) },
    orderBy: NEWEST_FIRST,
    take: limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, limit);
  return { data: page.map((w) => presentWindow(w)), next_cursor: nextCursor };
}

export const getWindow = async (deps: ServiceDeps, caller: Caller, id: string): Promise<PresentedWindow> =>
  presentWindow(await owned(deps, caller.teamId, id));

/** PATCH /maintenance-windows/{id}: the body as UpdateMaintenanceWindow lets it through. */
export async function updateWindow(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  input: WindowInput,
): Promise<PresentedWindow> {
  const current = await owned(deps, caller.teamId, id);
  const columns = await windowColumns(input, current);
  if (input.monitors) await checkMonitorIds(deps.db, caller.teamId, columns.monitorIds, 'monitors');
  if (input.key) await checkKeyFree(deps.db, 'maintenance_window', caller.teamId, input.key, current.id);
  const window = await deps.db.maintenanceWindow
    .update({
      where: { id: current.id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.key !== undefined ? { key: input.key } : {}),
        ...columns,
      },
    })
    .catch(rethrowKeyTaken('maintenance_window', input.key));
  await auditCaller(deps.db, caller, 'maintenance_window.updated', window.id, fieldsOf(input));
  await announceScheduled(deps, window);
  return presentWindow(window);
}

export async function deleteWindow(deps: ServiceDeps, caller: Caller, id: string): Promise<void> {
  const window = await owned(deps, caller.teamId, id);
  await deps.db.maintenanceWindow.delete({ where: { id: window.id } });
  await auditCaller(deps.db, caller, 'maintenance_window.deleted', window.id, { name: window.name });
}
