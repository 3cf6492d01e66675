import type { Db } from '@pageprobe/db';
import type { Logger } from '@pageprobe/logger';
import { planWindow, RETRY_FAILED_MS } from './window-plan.ts';

/** Windows computed again per sweep: each takes milliseconds, or the expander's deadline at worst. */
const REFRESH_BATCH = 20;

/**
 * Computes ahead the occurrences of recurring windows that are due (issue 44): those from before the
 * occurrence columns, and those half-way through what was computed. Runs in the dispatcher's sweep, so
 * reads never expand a rule. A rule that cannot be expanded (a row written before the grammar) keeps
 * what it had and is tried again an hour later. The update leaves updated_at alone and skips a window
 * changed meanwhile: its write computed its own occurrences.
 */
export async function refreshMaintenanceOccurrences(db: Db, logger: Logger, now = new Date()): Promise<number> {
  const due = await db.maintenanceWindow.findMany({
    where: { rrule: { not: null }, OR: [{ occurrencesRefreshAt: null }, { occurrencesRefreshAt: { lte: now } }] },
    orderBy: { occurrencesRefreshAt: { sort: 'asc', nulls: 'first' } },
    take: REFRESH_BATCH,
  });
  for (const window of due) {
    const plan = await planWindow(window, now);
    if (plan.problem !== undefined) {
      logger.warn({ windowId: window.id, problem: plan.problem }, 'a maintenance window rule could not be expanded');
      await db.$executeRaw`UPDATE maintenance_windows SET occurrences_refresh_at = ${new Date(now.getTime() + RETRY_FAILED_MS)}
        WHERE id = ${window.id}::uuid AND updated_at = ${window.updatedAt}`;
      continue;
    }
    const { occurrenceStarts, occurrenceEnds, occurrencesUntil, occurrencesRefreshAt } = plan.columns;
    await db.$executeRaw`UPDATE maintenance_windows SET occurrence_starts = ${occurrenceStarts}::timestamptz[],
        occurrence_ends = ${occurrenceEnds}::timestamptz[], occurrences_until = ${occurrencesUntil},
        occurrences_refresh_at = ${occurrencesRefreshAt}
      WHERE id = ${window.id}::uuid AND updated_at = ${window.updatedAt}`;
  }
  return due.length;
}
