import type { Prisma } from '@pageprobe/db';
import { type ActiveWindow, activeWindow, windowsOf } from '@pageprobe/test-lifecycle';

// Issue 61 item 5: RUM alerts are held by maintenance windows. A window names monitors (by id or tag),
// never a site, and always at least one monitor; so a window holds a site's alerts while it covers one of
// the team's monitors that watches the site: a monitor whose URL's origin is one of the site's origins.
// Maintenance of the site's pages is maintenance of its real users' figures too.

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** The window holding the site's alerts at `at`, or null. */
export async function rumMaintenance(
  tx: Prisma.TransactionClient,
  site: { teamId: string; origins: string[] },
  at: Date,
): Promise<ActiveWindow | null> {
  const windows = await windowsOf(tx, [site.teamId]);
  if (windows.length === 0) return null;
  const origins = new Set(site.origins.map((o) => originOf(o)).filter((o) => o !== null));
  // Only the monitors some window names (by id or tag): a team's thousands of others are not read.
  const monitors = await tx.monitor.findMany({
    where: {
      teamId: site.teamId,
      deletedAt: null,
      OR: [{ id: { in: windows.flatMap((w) => w.monitorIds) } }, { tags: { hasSome: windows.flatMap((w) => w.tags) } }],
    },
    select: { id: true, teamId: true, tags: true, url: true },
  });
  for (const monitor of monitors) {
    const origin = originOf(monitor.url);
    if (!origin || !origins.has(origin)) continue;
    const window = activeWindow(windows, monitor, at);
    if (window) return window;
  }
  return null;
}
