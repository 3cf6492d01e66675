import type { Db, MaintenanceWindow, Prisma } from '@pageprobe/db';
import { ExpansionBudget } from '@pageprobe/test-lifecycle';
import { randomUUIDv7 } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { windowColumns } from '@pageprobe/services';
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

/**
 * The rule thread's time one configuration may spend on its windows' rules, in all: a rule that happens
 * expands in a few ms (50 of them in well under a second); four that never happen spend it. The thread
 * is the replica's one, so what a plan spends, other teams' window writes wait for.
 */
export const CONFIG_EXPANSION_BUDGET_MS = 2000;

/** The fields a window's time-dependent checks read: they bind an entry only when one of these changes. */
export const TIMING = ['starts_at', 'ends_at', 'rrule', 'duration_minutes', 'time_zone'];

/**
 * Each entry checked as POST /maintenance-windows checks its body. Some checks depend on when they are
 * asked (starts_at within a year before now, a rule that still happens from now on): an entry that fails
 * them now but passes them at its own starts_at is no error of its own. It carries the problem as
 * `timely`, which the plan raises for a create or an update of its timing only: a window applied a year
 * ago and left as it was stays valid, or its file would fail every plan from then on.
 */
export async function checkWindowEntries(
  entries: WindowEntry[],
  errors: EntryErrors,
  now = new Date(),
  budget = new ExpansionBudget(CONFIG_EXPANSION_BUDGET_MS),
) {
  const wanted: Array<Wanted<PreparedWindow>> = [];
  // One at a time: the rule thread takes requests in turn, so another team's write waits for at most one
  // of these rules (the rule's deadline), not for several queued at once.
  await eachLimited(entries, 1, async (entry, index) => {
    try {
      // The monitors' keys stand for their ids: windowColumns only needs to know there are some.
      let columns: PreparedWindow;
      let timely: Wanted<PreparedWindow>['timely'];
      try {
        columns = await windowColumns(entry, null, now, budget);
      } catch (problem) {
        const then = new Date(entry.starts_at ?? Number.NaN);
        if (Number.isNaN(then.getTime()) || budget.leftMs <= 0) throw problem;
        // Refused then too: a problem of its own, named as it is. Passed: its occurrences from then are
        // never written, since the problem is raised whenever the timing would be.
        columns = await windowColumns(entry, null, then, budget);
        timely = { fields: TIMING, problem };
      }
      wanted.push({
        index,
        key: entry.key,
        given: entry as unknown as Record<string, unknown>,
        prepared: columns,
        state: stateOf({ ...columns, name: entry.name }, columns.monitorIds),
        ...(timely ? { timely } : {}),
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
  monitorKeyOf: (id: string) => string | null,
): Promise<Array<Existing & { row: MaintenanceWindow }>> {
  const rows = await db.maintenanceWindow.findMany({
    where: { teamId, key: { not: null } },
    orderBy: { createdAt: 'asc' },
  });
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    managedBy: row.managedBy,
    state: stateOf(
      row,
      row.monitorIds.flatMap((id) => monitorKeyOf(id) ?? []),
    ),
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

/**
 * The entry's columns over the window's. With its timing unchanged, its occurrences (kept ahead by the
 * sweeper) stay as they are: the entry's may have been computed at its starts_at (see `timely`).
 */
export function updateWindowRow(ctx: ApplyContext, w: Wanted<PreparedWindow>, current: Existing) {
  const columns = columnsOf(ctx, w);
  const retimed = TIMING.some((f) => !isDeepStrictEqual(w.state.clear[f], current.state.clear[f]));
  const { name, monitorIds, tags, key, managedBy } = columns;
  return ctx.tx.maintenanceWindow.update({
    where: { id: current.id },
    data: retimed ? columns : { name, monitorIds, tags, key, managedBy },
  });
}

export const deleteWindowRow = (ctx: ApplyContext, id: string) => ctx.tx.maintenanceWindow.delete({ where: { id } });
