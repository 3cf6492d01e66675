import { toldByPings } from '@pageprobe/test-kinds';
import type { Prisma } from '@pageprobe/db';
import type { ServiceDeps } from '../deps.ts';
import { auditCallerMany, type Caller } from '../http/caller.ts';
import { ProblemError } from '../http/problem.ts';
import type { Existing } from './apply-context.ts';
import { TRANSACTION } from './apply.ts';
import { type Entry, entryOf, Placeholders, type Variable } from './export-entries.ts';
import { newKeys } from './export-keys.ts';
import { isKeyViolation, type ResourceKind } from '@pageprobe/services';
import { loadTeamState } from './team-state.ts';

// POST /config/export (issue 50): the team's resources as the file that `plan` then finds nothing to
// change in. In one transaction, one write however many resources: every resource without a key is given
// one from its name, and the file takes over what it describes (managed_by), so a plain `pageprobe plan`
// of what it wrote is no change. Resources another file manages are left to it: they are left out.

export interface ExportBody {
  managed_by: string;
}

export interface ConfigExport {
  config: Record<'alert_channels' | 'monitors' | 'maintenance_windows' | 'status_pages', Entry[]> & {
    /** Keyed by name (issue 61): `name` stands where other entries have `key`. */
    rum_sites: Array<Record<string, unknown> & { name: string }>;
  };
  variables: Variable[];
  keyed: number;
  taken_over: number;
  left_out: Array<{ resource: ResourceKind; key: string; managed_by: string }>;
}

interface Row {
  id: string;
  key: string | null;
  managedBy: string | null;
  label: string;
}

type Update = (tx: Prisma.TransactionClient, id: string, data: { key: string; managedBy: string }) => Promise<unknown>;

/** The team's resources of each kind, oldest first, with what a key is made from. */
async function rowsOf(tx: Prisma.TransactionClient, teamId: string) {
  const where = { teamId };
  const orderBy = { createdAt: 'asc' } as const;
  const base = { id: true, key: true, managedBy: true } as const;
  const [channels, monitors, windows, pages, sites] = await Promise.all([
    tx.alertChannel.findMany({ where, orderBy, select: { ...base, name: true } }),
    tx.monitor.findMany({
      where: { ...where, deletedAt: null },
      orderBy,
      select: { ...base, name: true, url: true, type: true },
    }),
    tx.maintenanceWindow.findMany({ where, orderBy, select: { ...base, name: true } }),
    tx.statusPage.findMany({ where, orderBy, select: { ...base, slug: true } }),
    tx.rumSite.findMany({
      where: { ...where, deletedAt: null },
      orderBy,
      select: { id: true, name: true, managedBy: true },
    }),
  ]);
  const kinds: Array<{ resource: ResourceKind; rows: Row[]; update: Update }> = [
    {
      resource: 'alert_channel',
      rows: channels.map((c) => ({ ...c, label: c.name })),
      update: (db, id, data) => db.alertChannel.update({ where: { id }, data }),
    },
    {
      resource: 'monitor',
      // A heartbeat's url is its own id: without a name, it is a heartbeat.
      rows: monitors.map((m) => ({ ...m, label: m.name ?? (toldByPings(m.type) ? m.type : m.url) })),
      update: (db, id, data) => db.monitor.update({ where: { id }, data }),
    },
    {
      resource: 'maintenance_window',
      rows: windows.map((w) => ({ ...w, label: w.name })),
      update: (db, id, data) => db.maintenanceWindow.update({ where: { id }, data }),
    },
    {
      resource: 'status_page',
      rows: pages.map((p) => ({ ...p, label: p.slug })),
      update: (db, id, data) => db.statusPage.update({ where: { id }, data }),
    },
    {
      resource: 'rum_site',
      // Its name is its key: only managed_by is ever written.
      rows: sites.map((s) => ({ id: s.id, key: s.name, managedBy: s.managedBy, label: s.name })),
      update: (db, id, data) => db.rumSite.update({ where: { id }, data: { managedBy: data.managedBy } }),
    },
  ];
  return kinds;
}

export async function exportConfig(deps: ServiceDeps, caller: Caller, body: ExportBody): Promise<ConfigExport> {
  const managedBy = body.managed_by;
  const { teamId } = caller;
  return deps.db
    .$transaction(async (tx) => {
      // Apply's lock: an export and an apply of the team run one after the other.
      await tx.$queryRaw`SELECT 1 FROM teams WHERE id = ${teamId}::uuid FOR UPDATE`;
      const leftOut: ConfigExport['left_out'] = [];
      const audits: Array<{ action: string; target: string; details: Prisma.InputJsonObject }> = [];
      let keyed = 0;
      let takenOver = 0;
      for (const { resource, rows, update } of await rowsOf(tx, teamId)) {
        const keys = newKeys(rows);
        for (const row of rows) {
          if (row.managedBy !== null && row.managedBy !== managedBy && row.key !== null) {
            leftOut.push({ resource, key: row.key, managed_by: row.managedBy });
            continue;
          }
          const key = row.key ?? keys.get(row.id)!;
          if (row.key === key && row.managedBy === managedBy) continue;
          await update(tx, row.id, { key, managedBy });
          const fields = [...(row.key === null ? ['key'] : []), ...(row.managedBy !== managedBy ? ['managed_by'] : [])];
          if (row.key === null) keyed++;
          if (row.managedBy !== managedBy) takenOver++;
          audits.push({
            action: `${resource}.updated`,
            target: row.id,
            details: { key, managed_by: managedBy, fields },
          });
        }
      }
      audits.push({
        action: 'config.exported',
        target: managedBy,
        details: { keyed, taken_over: takenOver, left_out: leftOut.length },
      });
      await auditCallerMany(tx, caller, audits);

      // Read back as plan reads them, so the entries are what plan will compare.
      const team = await loadTeamState(tx, deps, teamId);
      const { defaultPublicPage } = await tx.team.findUniqueOrThrow({
        where: { id: teamId },
        select: { defaultPublicPage: true },
      });
      const vars = new Placeholders();
      const skipped = new Set(leftOut.map((l) => `${l.resource} ${l.key}`));
      const entries = (resource: ResourceKind, existing: Existing[]) =>
        existing.flatMap((e) =>
          skipped.has(`${resource} ${e.key}`) ? [] : [entryOf(resource, e.key!, e.state, vars, defaultPublicPage)],
        );
      const config = {
        alert_channels: entries('alert_channel', team.channels),
        monitors: entries('monitor', team.monitors),
        maintenance_windows: entries('maintenance_window', team.windows),
        status_pages: entries('status_page', team.pages),
        rum_sites: entries('rum_site', team.rumSites).map(({ key, ...rest }) => ({ name: key, ...rest })),
      };
      return { config, variables: vars.list, keyed, taken_over: takenOver, left_out: leftOut };
    }, TRANSACTION)
    .catch((error: unknown) => {
      // A PATCH giving one of these keys at the same moment: the index refused ours.
      if (isKeyViolation(error)) {
        throw new ProblemError(409, 'key_conflict', 'Another request gave one of these keys meanwhile; export again.');
      }
      throw error;
    });
}
