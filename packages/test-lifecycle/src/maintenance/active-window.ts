import type { MaintenanceWindow, Prisma } from '@pageprobe/db';
import { type Occurrence, occurrenceAt } from './window-times.ts';

/** The window holding a monitor's alerts at a moment, and which of its occurrences. */
export interface ActiveWindow {
  id: string;
  name: string;
  occurrence: Occurrence;
}

/** The teams' maintenance windows, read once for a batch of runs. */
export const windowsOf = (tx: Prisma.TransactionClient, teamIds: string[]) =>
  tx.maintenanceWindow.findMany({ where: { teamId: { in: [...new Set(teamIds)] } } });

/** Whether a window covers a monitor: it names it, or shares one of its tags. */
export const covers = (window: MaintenanceWindow, monitor: { id: string; teamId: string; tags: string[] }) =>
  window.teamId === monitor.teamId &&
  (window.monitorIds.includes(monitor.id) || window.tags.some((tag) => monitor.tags.includes(tag)));

/** The first of the windows that covers the monitor at `at`, or null. */
export function activeWindow(
  windows: MaintenanceWindow[],
  monitor: { id: string; teamId: string; tags: string[] },
  at: Date,
): ActiveWindow | null {
  for (const window of windows) {
    if (!covers(window, monitor)) continue;
    const occurrence = occurrenceAt(window, at);
    if (occurrence) return { id: window.id, name: window.name, occurrence };
  }
  return null;
}
