import type { Db, MaintenanceWindow, Prisma } from '@pageprobe/db';
import { randomUUIDv7 } from 'node:crypto';
import { windowColumns } from '../maintenance-windows/window-input.ts';
import type { ApplyContext, Existing, Wanted } from './apply-context.ts';
import type { WindowEntry } from './config-body.ts';
import type { EntryErrors } from './entry-errors.ts';
import type { EntryState } from './field-diff.ts';
import { eachLimited } from './monitor-entries.ts';

// Maintenance windows in a configuration (issue 50): checked and expanded by POST /maintenance-windows'
// own windowColumns; monitors named by key.

export type PreparedWindow = Awaited<ReturnType<typeof windowColumns>>;

interface WindowColumns {
  name: string;
  startsAt: Date;
  endsAt: Date | null;
  rrule: string | null;
  durationMinutes: number | null;
  timeZone: string;
  tags: string[];
}

function stateOf(w: WindowColumns, monitorKeys: string[]): EntryState {
  const state = {
    name: w.name,
    starts_at: w.startsAt.toISOString(),
    ends_at: w.endsAt?.toISOString() ?? null,
    rrule: w.rrule,
    duration_minutes: w.durationMinutes,
    time_zone: w.timeZone,
    monitors: [...monitorKeys].sort(),
    tags: w.tags,
  };
  return { clear: state, shown: state };
}

export async function checkWindowEntries(entries: WindowEntry[], errors: EntryErrors) {
  const wanted: Array<Wanted<PreparedWindow>> = [];
  await eachLimited(entries, 4, async (entry, index) => {
    try {
      // The monitors' keys stand for their ids: windowColumns only needs to know there are some.
      const columns = await windowColumns(entry, null);
      wanted.push({
        index,
        key: entry.key,
        given: entry as unknown as Record<string, unknown>,
        prepared: columns,
        state: stateOf({ ...columns, name: entry.name }, columns.monitorIds),
      });
    } catch (error) {
      errors.addProblem('maintenance_window', index, entry.key, error);
    }
  });
  return wanted.sort((a, b) => a.index - b.index);
}

export async function loadWindows(
  db: Db | Prisma.TransactionClient,
  teamId: string,
  monitorKeyOf: (id: string) => string,
): Promise<Array<Existing & { row: MaintenanceWindow }>> {
  const rows = await db.maintenanceWindow.findMany({
    where: { teamId, key: { not: null } },
    orderBy: { createdAt: 'asc' },
  });
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    managedBy: row.managedBy,
    state: stateOf(row, row.monitorIds.map(monitorKeyOf)),
    row,
  }));
}

/** The window's columns, its monitors' keys turned into ids (those of this apply's monitors too). */
function columnsOf(ctx: ApplyContext, w: Wanted<PreparedWindow>) {
  const entry = w.given as unknown as WindowEntry;
  return {
    ...w.prepared,
    name: entry.name,
    monitorIds: w.prepared.monitorIds.map((key) => ctx.monitorIds.get(key)!),
    key: w.key,
    managedBy: ctx.managedBy,
  };
}

export async function createWindowRow(ctx: ApplyContext, w: Wanted<PreparedWindow>) {
  const id = randomUUIDv7();
  await ctx.tx.maintenanceWindow.create({ data: { id, teamId: ctx.caller.teamId, ...columnsOf(ctx, w) } });
  return id;
}

export const updateWindowRow = (ctx: ApplyContext, w: Wanted<PreparedWindow>, id: string) =>
  ctx.tx.maintenanceWindow.update({ where: { id }, data: columnsOf(ctx, w) });

export const deleteWindowRow = (ctx: ApplyContext, id: string) => ctx.tx.maintenanceWindow.delete({ where: { id } });
