import type { Db, Prisma, StatusPage } from '@pageprobe/db';
import { randomUUIDv7 } from 'node:crypto';
import { ProblemError } from '../http/problem.ts';
import type { ShownMonitor } from '@pageprobe/services';
import { checkSlugFree } from '@pageprobe/services';
import type { ApplyContext, Existing, Wanted } from './apply-context.ts';
import type { PageEntry } from './config-body.ts';
import type { EntryErrors } from './entry-errors.ts';
import type { EntryState } from './field-diff.ts';

// Status pages in a configuration (issue 50): checked as POST /status-pages checks them (a reserved slug,
// a monitor listed twice); monitors named by key, in order.

interface PageColumns {
  slug: string;
  title: string;
  description: string | null;
  indexable: boolean;
  autoIncidents: boolean;
  logoUrl: string | null;
  accentColor: string | null;
}

function stateOf(p: PageColumns, monitors: Array<{ key: string; label: string }>): EntryState {
  const state = {
    slug: p.slug,
    title: p.title,
    description: p.description,
    monitors,
    indexable: p.indexable,
    auto_incidents: p.autoIncidents,
    logo_url: p.logoUrl,
    accent_color: p.accentColor,
  };
  return { clear: state, shown: state };
}

/** An entry's columns beside its monitors, its defaults filled in as POST /status-pages fills them. */
const lookColumns = (entry: PageEntry) => ({
  description: entry.description ?? null,
  indexable: entry.indexable ?? false,
  autoIncidents: entry.auto_incidents ?? false,
  logoUrl: entry.logo_url ?? null,
  accentColor: entry.accent_color?.toLowerCase() ?? null,
});

export function checkPageEntries(entries: PageEntry[], errors: EntryErrors): Array<Wanted<PageEntry>> {
  const wanted: Array<Wanted<PageEntry>> = [];
  entries.forEach((entry, index) => {
    try {
      checkSlugFree(entry.slug);
      const seen = new Set<string>();
      entry.monitors.forEach((m, i) => {
        if (seen.has(m.key)) {
          throw new ProblemError(400, 'validation_failed', `monitors.${i}.key is listed twice.`, {
            errors: [{ path: `body.monitors.${i}.key`, message: 'is listed twice' }],
          });
        }
        seen.add(m.key);
      });
      const columns = { ...entry, ...lookColumns(entry) };
      wanted.push({
        index,
        key: entry.key,
        given: entry as unknown as Record<string, unknown>,
        prepared: entry,
        state: stateOf(
          columns,
          entry.monitors.map(({ key, label }) => ({ key, label })),
        ),
      });
    } catch (error) {
      errors.addProblem('status_page', index, entry.key, error);
    }
  });
  return wanted;
}

export async function loadPages(
  db: Db | Prisma.TransactionClient,
  teamId: string,
  monitorKeyOf: (id: string) => string | null,
): Promise<Array<Existing & { row: StatusPage }>> {
  const rows = await db.statusPage.findMany({ where: { teamId, key: { not: null } }, orderBy: { createdAt: 'asc' } });
  return rows.map((row) => {
    // A deleted monitor has dropped out of the page, as the page shows it.
    const monitors = (row.monitors as unknown as ShownMonitor[]).flatMap((m) => {
      const key = monitorKeyOf(m.id);
      return key === null ? [] : [{ key, label: m.label }];
    });
    return { id: row.id, key: row.key, managedBy: row.managedBy, state: stateOf(row, monitors), row };
  });
}

function columnsOf(ctx: ApplyContext, w: Wanted<PageEntry>) {
  const entry = w.prepared;
  const monitors = entry.monitors.map((m) => ({ id: ctx.monitorIds.get(m.key)!, label: m.label }));
  return {
    slug: entry.slug,
    title: entry.title,
    ...lookColumns(entry),
    monitors: monitors as unknown as Prisma.InputJsonArray,
    key: w.key,
    managedBy: ctx.managedBy,
  };
}

export async function createPageRow(ctx: ApplyContext, w: Wanted<PageEntry>) {
  const id = randomUUIDv7();
  await ctx.tx.statusPage.create({ data: { id, teamId: ctx.caller.teamId, ...columnsOf(ctx, w) } });
  return id;
}

export const updatePageRow = (ctx: ApplyContext, w: Wanted<PageEntry>, id: string) =>
  ctx.tx.statusPage.update({ where: { id }, data: columnsOf(ctx, w) });

export const deletePageRow = (ctx: ApplyContext, id: string) => ctx.tx.statusPage.delete({ where: { id } });
