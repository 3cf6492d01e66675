import type { AlertChannel, Db, Prisma } from '@pageprobe/db';
import type { ServiceDeps } from '../deps.ts';
import { loadChannels } from './channel-entries.ts';
import { loadMonitors } from './monitor-entries.ts';
import { loadPages } from './page-entries.ts';
import { loadRumSites } from './rum-site-entries.ts';
import { loadWindows } from './window-entries.ts';

// The team's resources as a configuration's entries describe them (issue 50): what plan compares a file
// with, and what export writes a file from, so the two read one shape and a round trip is exact.

export type TeamState = Awaited<ReturnType<typeof loadTeamState>>;

/** Every resource of the team, those with a key also as an entry would describe them. */
export async function loadTeamState(db: Db | Prisma.TransactionClient, deps: ServiceDeps, teamId: string) {
  const [channelRows, monitorKeys, windowCount, pageCount]: [
    AlertChannel[],
    Array<{ id: string; key: string | null; dependsOn: string[] }>,
    number,
    number,
  ] = await Promise.all([
    db.alertChannel.findMany({ where: { teamId }, orderBy: { createdAt: 'asc' } }),
    db.monitor.findMany({ where: { teamId, deletedAt: null }, select: { id: true, key: true, dependsOn: true } }),
    db.maintenanceWindow.count({ where: { teamId } }),
    db.statusPage.count({ where: { teamId } }),
  ]);
  const channelKey = new Map(channelRows.map((c) => [c.id, c.key]));
  const monitorKey = new Map(monitorKeys.map((m) => [m.id, m.key]));
  // A channel or monitor without a key is named by its id (no entry can name it); a deleted monitor has
  // dropped out of the windows and pages that listed it, as they treat it.
  const channelKeyOf = (id: string) => channelKey.get(id) ?? id;
  const monitorKeyOf = (id: string) => (monitorKey.has(id) ? (monitorKey.get(id) ?? id) : null);
  const [channels, monitors, windows, pages, rumSites] = await Promise.all([
    loadChannels(deps, channelRows),
    loadMonitors(db, deps, teamId, channelKeyOf, monitorKeyOf),
    loadWindows(db, teamId, monitorKeyOf),
    loadPages(db, teamId, monitorKeyOf),
    // Every live site: a site's key is its name, so none is left out for want of one.
    loadRumSites(db, teamId, channelKeyOf),
  ]);
  return { channelRows, monitorKeys, windowCount, pageCount, channels, monitors, windows, pages, rumSites };
}
