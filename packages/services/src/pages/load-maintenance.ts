import type { Db, Monitor } from '@pageprobe/db';
import { MAINTENANCE_AHEAD_MS, type MaintenanceRow } from '@pageprobe/pages';
import { covers, nextOccurrences } from '@pageprobe/test-lifecycle';

/** Occurrences listed per window. */
const PER_WINDOW = 3;
const LISTED = 10;

/**
 * The maintenance of these monitors (one team's) now and in the next 7 days, soonest first, each with
 * the labels of the monitors it covers when they have labels; and the ids of the monitors under one now.
 */
export async function loadMaintenance(
  db: Db,
  teamId: string,
  monitors: Array<{ monitor: Pick<Monitor, 'id' | 'teamId' | 'tags'>; label?: string }>,
  now: Date,
): Promise<{ rows: MaintenanceRow[]; active: Set<string> }> {
  const windows = await db.maintenanceWindow.findMany({ where: { teamId } });
  const rows: MaintenanceRow[] = [];
  const active = new Set<string>();
  for (const window of windows) {
    const covered = monitors.filter((m) => covers(window, m.monitor));
    if (covered.length === 0) continue;
    for (const o of nextOccurrences(window, now, PER_WINDOW)) {
      if (o.start.getTime() > now.getTime() + MAINTENANCE_AHEAD_MS) break;
      if (o.start <= now) for (const m of covered) active.add(m.monitor.id);
      const labels = covered.flatMap((m) => (m.label ? [m.label] : []));
      rows.push({ name: window.name, start: o.start, end: o.end, ...(labels.length ? { labels } : {}) });
    }
  }
  rows.sort((a, b) => a.start.getTime() - b.start.getTime());
  return { rows: rows.slice(0, LISTED), active };
}
