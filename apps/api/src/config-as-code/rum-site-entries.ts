import type { Db, Prisma, RumSite } from '@pageprobe/db';
import { randomUUIDv7 } from 'node:crypto';
import { ProblemError, rumSites, siteColumns } from '@pageprobe/services';
import type { ApplyContext, Existing, Wanted } from './apply-context.ts';
import type { RumSiteEntry } from './config-body.ts';
import type { EntryErrors } from './entry-errors.ts';
import type { EntryState } from './field-diff.ts';

// RUM sites in a configuration (issue 61): `rum_sites`, keyed by name (a site has no key of its own; its
// name is unique among the team's live sites), checked by POST /rum/sites' own siteColumns, alert
// channels named by key. A site the file creates gets its public key as POST /rum/sites gives one; a
// delete is the API's (the site hidden, its key refused).

export type PreparedSite = ReturnType<typeof siteColumns> & { channelKeys: string[] };

/** The defaults a create fills in (the table's): an entry without a field compares as having them. */
const DEFAULTS = {
  sampleRate: 1,
  keepQueryStrings: false,
  alertWindowMinutes: 60,
  alertMinPageViews: 50,
  beaconsPerMinute: 60000,
};

function stateOf(
  s: Omit<PreparedSite, 'channelKeys' | 'name' | 'alertChannelIds'> & { origins: string[] },
  channelKeys: string[],
): EntryState {
  const state = {
    origins: s.origins,
    sample_rate: s.sampleRate ?? DEFAULTS.sampleRate,
    page_groups: s.pageGroups ?? [],
    keep_query_strings: s.keepQueryStrings ?? DEFAULTS.keepQueryStrings,
    budgets: s.budgets ?? {},
    alert_channels: [...channelKeys].sort(),
    alert: {
      window_minutes: s.alertWindowMinutes ?? DEFAULTS.alertWindowMinutes,
      min_page_views: s.alertMinPageViews ?? DEFAULTS.alertMinPageViews,
    },
    beacons_per_minute: s.beaconsPerMinute ?? DEFAULTS.beaconsPerMinute,
  };
  return { clear: state, shown: state };
}

/** Each entry checked as POST /rum/sites checks its body; its channels are keys, checked by the plan. */
export function checkRumSiteEntries(entries: RumSiteEntry[], errors: EntryErrors): Array<Wanted<PreparedSite>> {
  const wanted: Array<Wanted<PreparedSite>> = [];
  entries.forEach((entry, index) => {
    try {
      const { alert_channels: channelKeys = [], ...body } = entry;
      if (new Set(channelKeys).size !== channelKeys.length) {
        const i = channelKeys.findIndex((k, j) => channelKeys.indexOf(k) !== j);
        throw new ProblemError(400, 'validation_failed', `alert_channels.${i} is listed twice.`, {
          errors: [{ path: `body.alert_channels.${i}`, message: 'is listed twice' }],
        });
      }
      const columns = siteColumns(body, true);
      wanted.push({
        index,
        key: columns.name!,
        given: entry as unknown as Record<string, unknown>,
        prepared: { ...columns, channelKeys },
        state: stateOf({ ...columns, origins: columns.origins! }, channelKeys),
      });
    } catch (error) {
      errors.addProblem('rum_site', index, typeof entry.name === 'string' ? entry.name : null, error);
    }
  });
  return wanted;
}

/** The team's live sites, as entries would describe them. */
export async function loadRumSites(
  db: Db | Prisma.TransactionClient,
  teamId: string,
  channelKeyOf: (id: string) => string,
): Promise<Array<Existing & { row: RumSite }>> {
  const rows = await db.rumSite.findMany({ where: { teamId, deletedAt: null }, orderBy: { createdAt: 'asc' } });
  return rows.map((row) => ({
    id: row.id,
    key: row.name,
    managedBy: row.managedBy,
    state: stateOf(
      {
        ...row,
        pageGroups: row.pageGroups as unknown as PreparedSite['pageGroups'],
        budgets: row.budgets as PreparedSite['budgets'],
      },
      row.alertChannelIds.map(channelKeyOf),
    ),
    row,
  }));
}

/** The entry's columns, every field (a field left out takes the default), its channels' keys as ids. */
function columnsOf(ctx: ApplyContext, w: Wanted<PreparedSite>) {
  const { channelKeys, ...columns } = w.prepared;
  return {
    ...DEFAULTS,
    ...columns,
    name: columns.name!,
    origins: columns.origins!,
    pageGroups: (columns.pageGroups ?? []) as unknown as Prisma.InputJsonArray,
    budgets: (columns.budgets ?? {}) as Prisma.InputJsonObject,
    alertChannelIds: channelKeys.map((k) => ctx.channelIds.get(k)!),
    managedBy: ctx.managedBy,
  };
}

export async function createRumSiteRow(ctx: ApplyContext, w: Wanted<PreparedSite>) {
  const id = randomUUIDv7();
  await ctx.tx.rumSite.create({
    data: { id, teamId: ctx.caller.teamId, siteKey: rumSites.newSiteKey(), ...columnsOf(ctx, w) },
  });
  return id;
}

export const updateRumSiteRow = (ctx: ApplyContext, w: Wanted<PreparedSite>, id: string) =>
  ctx.tx.rumSite.update({ where: { id }, data: columnsOf(ctx, w) });

export const deleteRumSiteRow = (ctx: ApplyContext, id: string) =>
  ctx.tx.rumSite.update({ where: { id }, data: { deletedAt: new Date() } });
