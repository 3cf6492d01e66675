import type { Db, Prisma } from '@pageprobe/db';
import { ALERT_CHANNELS_PER_TEAM, cycleProblem, findCycle } from '@pageprobe/services';
import type { ServiceDeps } from '../deps.ts';
import type { Caller } from '../http/caller.ts';
import { ProblemError } from '../http/problem.ts';
import { WINDOWS_PER_TEAM } from '@pageprobe/services';
import { RUM_SITES_PER_TEAM, STATUS_PAGES_PER_TEAM } from '@pageprobe/services';
import type { ApplyContext, Existing, Step, Wanted } from './apply-context.ts';
import {
  type PreparedChannel,
  checkChannelEntries,
  createChannelRow,
  deleteChannelRow,
  updateChannelRow,
} from './channel-entries.ts';
import { COLLECTIONS, type ConfigState, MAX_RESOURCES } from './config-body.ts';
import { EntryErrors } from './entry-errors.ts';
import { createdFields, diffStates, secretFields, withoutSecrets } from './field-diff.ts';
import {
  checkMonitorEntries,
  createMonitorRow,
  deleteMonitorRow,
  type PreparedMonitor,
  updateMonitorRow,
} from './monitor-entries.ts';
import { checkPageEntries, createPageRow, deletePageRow, updatePageRow } from './page-entries.ts';
import { NOUNS, type ResourceKind } from '@pageprobe/services';
import {
  checkWindowEntries,
  createWindowRow,
  deleteWindowRow,
  type PreparedWindow,
  updateWindowRow,
} from './window-entries.ts';
import type { NotCompared, PageEntry } from './config-body.ts';
import { loadTeamState } from './team-state.ts';
import {
  checkRumSiteEntries,
  createRumSiteRow,
  deleteRumSiteRow,
  type PreparedSite,
  updateRumSiteRow,
} from './rum-site-entries.ts';

// A configuration's plan (issue 50): its entries checked as their endpoints check them, then compared
// with the team's resources of their keys. Only what a configuration manages (managed_by set) is changed
// or deleted; a key a resource made by hand has is a conflict.

/** A configuration whose entries passed their endpoints' checks (what does not depend on the team's state). */
export interface CheckedConfig {
  body: ConfigState;
  channels: Array<Wanted<PreparedChannel>>;
  monitors: Array<Wanted<PreparedMonitor>>;
  windows: Array<Wanted<PreparedWindow>>;
  pages: Array<Wanted<PageEntry>>;
  rumSites: Array<Wanted<PreparedSite>>;
  errors: EntryErrors;
}

/** 413 past MAX_RESOURCES; every entry checked, a key given twice in one list refused. */
export async function checkConfig(deps: ServiceDeps, caller: Caller, body: ConfigState): Promise<CheckedConfig> {
  const total = COLLECTIONS.reduce((n, [name]) => n + ((body[name] as unknown[] | undefined)?.length ?? 0), 0);
  if (total > MAX_RESOURCES) {
    throw new ProblemError(
      413,
      'too_many_resources',
      `A configuration may describe at most ${MAX_RESOURCES} resources in one request; this one has ${total}.`,
    );
  }
  const errors = new EntryErrors();
  // More entries of a kind than a team may keep can never apply: refused before any is checked, so a
  // list of 1,000 windows does not have its rules expanded first (issue 56).
  const kept: Record<string, number> = {
    alert_channels: ALERT_CHANNELS_PER_TEAM,
    monitors: deps.config.MONITORS_PER_TEAM,
    maintenance_windows: WINDOWS_PER_TEAM,
    status_pages: STATUS_PAGES_PER_TEAM,
    rum_sites: RUM_SITES_PER_TEAM[caller.plan],
  };
  for (const [name, resource] of COLLECTIONS) {
    const given = (body[name] as unknown[] | undefined)?.length ?? 0;
    if (given > kept[name]!) {
      const message = `has ${given} entries; a team may keep at most ${kept[name]} ${NOUNS[resource]}s`;
      errors.list.push({ path: `body.${name}`, message });
    }
  }
  errors.throwIfAny();
  for (const [name, resource] of COLLECTIONS) {
    const seen = new Set<string>();
    // A RUM site's key is its name (issue 61).
    const field = resource === 'rum_site' ? 'name' : 'key';
    ((body[name] as Array<Record<string, string>> | undefined) ?? []).forEach((entry, index) => {
      const key = entry[field]!;
      if (seen.has(key)) errors.add(resource, index, key, field, `is given to another ${NOUNS[resource]}`);
      seen.add(key);
    });
  }
  const [channels, monitors, windows] = await Promise.all([
    checkChannelEntries(deps, body.alert_channels ?? [], errors),
    checkMonitorEntries(deps, caller, body.monitors ?? [], errors),
    checkWindowEntries(body.maintenance_windows ?? [], errors),
  ]);
  const pages = checkPageEntries(body.status_pages ?? [], errors);
  const rumSites = checkRumSiteEntries(body.rum_sites ?? [], errors);
  return { body, channels, monitors, windows, pages, rumSites, errors };
}

/** How a kind's resources are compared, made, changed and deleted. */
interface Kind<P, R extends Existing> {
  resource: ResourceKind;
  wanted: Array<Wanted<P>>;
  existing: R[];
  /** Fields a resource keeps for life (a monitor's type): another value needs another key. */
  fixed: string[];
  create(ctx: ApplyContext, w: Wanted<P>): Promise<string>;
  update(ctx: ApplyContext, w: Wanted<P>, current: R): Promise<unknown>;
  remove(ctx: ApplyContext, current: R): Promise<unknown>;
  /** The team's resources of the kind now, and how many it may have. */
  count: number;
  limit: { max: number; code: string; noun: string };
}

interface KindOutcome {
  steps: Step[];
  deletes: Step[];
  conflicts: string[];
  notCompared: NotCompared[];
}

function planKind<P, R extends Existing>(
  kind: Kind<P, R>,
  body: ConfigState,
  errors: EntryErrors,
  compareSecrets: boolean,
): KindOutcome {
  const byKey = new Map(kind.existing.map((e) => [e.key!, e]));
  const steps: Step[] = [];
  const conflicts: string[] = [];
  const notCompared: NotCompared[] = [];
  const base = { resource: kind.resource };
  for (const w of kind.wanted) {
    const current = byKey.get(w.key);
    if (!current) {
      if (w.timely) {
        errors.addProblem(kind.resource, w.index, w.key, w.timely.problem);
        continue;
      }
      steps.push({
        ...base,
        action: 'create',
        key: w.key,
        id: null,
        fields: createdFields(w.state, w.given),
        run: (ctx) => kind.create(ctx, w),
      });
      continue;
    }
    if (current.managedBy === null && !body.adopt) {
      conflicts.push(`${NOUNS[kind.resource]} "${w.key}"`);
      continue;
    }
    // A caller who may not write a secret is not told whether a value given matches it: secrets are
    // compared as shown (alike), and listed as not compared.
    const fields = compareSecrets
      ? diffStates(current.state, w.state)
      : diffStates(withoutSecrets(current.state), withoutSecrets(w.state));
    if (!compareSecrets) {
      for (const field of new Set([...secretFields(current.state), ...secretFields(w.state)])) {
        notCompared.push({ resource: kind.resource, key: w.key, field });
      }
    }
    if (w.timely && fields.some((f) => w.timely!.fields.includes(f.field.split('.')[0]!))) {
      errors.addProblem(kind.resource, w.index, w.key, w.timely.problem);
      continue;
    }
    for (const field of kind.fixed) {
      if (fields.some((f) => f.field === field)) {
        errors.add(
          kind.resource,
          w.index,
          w.key,
          field,
          `cannot change (it is ${String(current.state.shown[field])}); give the entry a new key to replace it`,
        );
      }
    }
    if (current.managedBy !== body.managed_by)
      fields.push({ field: 'managed_by', from: current.managedBy, to: body.managed_by });
    if (fields.length === 0) continue;
    steps.push({
      ...base,
      action: 'update',
      key: w.key,
      id: current.id,
      fields,
      run: async (ctx) => {
        await kind.update(ctx, w, current);
        return current.id;
      },
    });
  }
  const kept = new Set(kind.wanted.map((w) => w.key));
  // Only what this configuration manages is deleted, and only when asked.
  const deletes: Step[] = body.prune
    ? kind.existing
        .filter((e) => !kept.has(e.key!) && e.managedBy === body.managed_by)
        .map((e) => ({
          ...base,
          action: 'delete' as const,
          key: e.key!,
          id: e.id,
          fields: [],
          run: async (ctx: ApplyContext) => {
            await kind.remove(ctx, e);
            return e.id;
          },
        }))
    : [];
  const after = kind.count + steps.filter((s) => s.action === 'create').length - deletes.length;
  if (after > kind.limit.max && after > kind.count) {
    throw new ProblemError(
      409,
      kind.limit.code,
      `A team may have ${kind.limit.max} ${kind.limit.noun}; this configuration would make it ${after}.`,
    );
  }
  return { steps, deletes, conflicts, notCompared };
}

/** Each reference (`field` of an entry) must name a key the team will have once applied. */
function checkReferences(
  resource: ResourceKind,
  wanted: Array<{ index: number; key: string; refs: string[] }>,
  field: (i: number) => string,
  known: Set<string>,
  what: string,
  errors: EntryErrors,
) {
  for (const w of wanted) {
    w.refs.forEach((ref, i) => {
      if (!known.has(ref)) errors.add(resource, w.index, w.key, field(i), `"${ref}" is not the key of ${what}`);
    });
  }
}

/**
 * The team's dependencies once applied must hold no cycle: the file's entries by key, the team's other
 * monitors by id (theirs stay as they are). The first cycle found is the entry's 422, naming each step.
 */
function checkDependencyCycles(
  wanted: Array<Wanted<PreparedMonitor>>,
  team: Array<{ id: string; key: string | null; dependsOn: string[] }>,
  errors: EntryErrors,
) {
  const inFile = new Set(wanted.map((w) => w.key));
  const nodeOf = new Map(team.map((m) => [m.id, m.key !== null ? `key ${m.key}` : `id ${m.id}`]));
  const edges = new Map<string, string[]>();
  for (const m of team) {
    if (m.key !== null && inFile.has(m.key)) continue;
    edges.set(
      nodeOf.get(m.id)!,
      m.dependsOn.flatMap((id) => nodeOf.get(id) ?? []),
    );
  }
  for (const w of wanted)
    edges.set(
      `key ${w.key}`,
      w.prepared.parents.map((k) => `key ${k}`),
    );
  for (const w of wanted) {
    const cycle = findCycle(edges, `key ${w.key}`);
    if (!cycle) continue;
    errors.addProblem('monitor', w.index, w.key, cycleProblem(cycle.map((node) => node.replace(/^\w+ /, ''))));
    return;
  }
}

/**
 * The changes that make the team's resources as the configuration describes them, in the order they are
 * made: channels, monitors, windows, status pages, then the deletes (the other way round). Reads through
 * `db`: apply passes its transaction, holding the team's lock. Without `compareSecrets` (a read key's
 * plan), secret values are not compared, and `notCompared` lists the fields left so.
 */
export async function planConfig(
  db: Db | Prisma.TransactionClient,
  deps: ServiceDeps,
  caller: Caller,
  checked: CheckedConfig,
  { compareSecrets = true }: { compareSecrets?: boolean } = {},
): Promise<{
  steps: Step[];
  notCompared: NotCompared[];
  channelIds: Map<string, string>;
  monitorIds: Map<string, string>;
}> {
  const { body, errors } = checked;
  const { channelRows, monitorKeys, windowCount, pageCount, channels, monitors, windows, pages, rumSites } =
    await loadTeamState(db, deps, caller.teamId);

  const outcomes = [
    planKind(
      {
        resource: 'alert_channel',
        wanted: checked.channels,
        existing: channels,
        fixed: ['type'],
        create: createChannelRow,
        update: updateChannelRow,
        remove: (ctx, e) => deleteChannelRow(ctx, e.id),
        count: channelRows.length,
        limit: { max: ALERT_CHANNELS_PER_TEAM, code: 'alert_channel_limit_reached', noun: 'alert channels' },
      },
      body,
      errors,
      compareSecrets,
    ),
    planKind(
      {
        resource: 'monitor',
        wanted: checked.monitors,
        existing: monitors,
        fixed: ['type'],
        create: async (ctx, w) => {
          const { row, links } = createMonitorRow(ctx, w);
          ctx.monitorIds.set(w.key, row.id!);
          ctx.newMonitors.push({ row, links });
          return row.id!;
        },
        update: (ctx, w, current) => updateMonitorRow(ctx, w, current.row),
        remove: (ctx, e) => deleteMonitorRow(ctx, e.id),
        count: monitorKeys.length,
        limit: { max: deps.config.MONITORS_PER_TEAM, code: 'monitor_limit_reached', noun: 'monitors' },
      },
      body,
      errors,
      compareSecrets,
    ),
    planKind(
      {
        resource: 'maintenance_window',
        wanted: checked.windows,
        existing: windows,
        fixed: [],
        create: createWindowRow,
        update: updateWindowRow,
        remove: (ctx, e) => deleteWindowRow(ctx, e.id),
        count: windowCount,
        limit: { max: WINDOWS_PER_TEAM, code: 'maintenance_window_limit_reached', noun: 'maintenance windows' },
      },
      body,
      errors,
      compareSecrets,
    ),
    planKind(
      {
        resource: 'status_page',
        wanted: checked.pages,
        existing: pages,
        fixed: [],
        create: createPageRow,
        update: (ctx, w, current) => updatePageRow(ctx, w, current.id),
        remove: (ctx, e) => deletePageRow(ctx, e.id),
        count: pageCount,
        limit: { max: STATUS_PAGES_PER_TEAM, code: 'status_page_limit_reached', noun: 'status pages' },
      },
      body,
      errors,
      compareSecrets,
    ),
    planKind(
      {
        resource: 'rum_site',
        wanted: checked.rumSites,
        existing: rumSites,
        fixed: [],
        create: createRumSiteRow,
        update: (ctx, w, current) => updateRumSiteRow(ctx, w, current.id),
        remove: (ctx, e) => deleteRumSiteRow(ctx, e.id),
        count: rumSites.length,
        limit: { max: RUM_SITES_PER_TEAM[caller.plan], code: 'rum_site_limit_reached', noun: 'sites' },
      },
      body,
      errors,
      compareSecrets,
    ),
  ];
  const [channelOutcome, monitorOutcome] = outcomes;

  // What references may name: the keys the team will have once applied (the file's, and those kept).
  const keysAfter = (wanted: Array<{ key: string }>, existing: Existing[], deletes: Step[]) => {
    const gone = new Set(deletes.map((d) => d.key));
    return new Set([
      ...wanted.map((w) => w.key),
      ...existing.flatMap((e) => (e.key !== null && !gone.has(e.key) ? [e.key] : [])),
    ]);
  };
  // Hand-made channels and monitors without a key cannot be named: every resource's key is in existing.
  const channelsAfter = keysAfter(
    checked.channels,
    channelRows
      .filter((c) => c.key !== null)
      .map((c) => ({ id: c.id, key: c.key, managedBy: c.managedBy }) as Existing),
    channelOutcome!.deletes,
  );
  const monitorsAfter = keysAfter(
    checked.monitors,
    monitorKeys.filter((m) => m.key !== null).map((m) => ({ id: m.id, key: m.key }) as Existing),
    monitorOutcome!.deletes,
  );
  checkReferences(
    'monitor',
    checked.monitors.map((w) => ({ index: w.index, key: w.key, refs: w.prepared.channels })),
    (i) => `alert_channels.${i}`,
    channelsAfter,
    'an alert channel in the configuration or of the team',
    errors,
  );
  checkReferences(
    'rum_site',
    checked.rumSites.map((w) => ({ index: w.index, key: w.key, refs: w.prepared.channelKeys })),
    (i) => `alert_channels.${i}`,
    channelsAfter,
    'an alert channel in the configuration or of the team',
    errors,
  );
  checkReferences(
    'maintenance_window',
    checked.windows.map((w) => ({ index: w.index, key: w.key, refs: w.prepared.monitorIds })),
    (i) => `monitors.${i}`,
    monitorsAfter,
    'a monitor in the configuration or of the team',
    errors,
  );
  checkReferences(
    'status_page',
    checked.pages.map((w) => ({ index: w.index, key: w.key, refs: w.prepared.monitors.map((m) => m.key) })),
    (i) => `monitors.${i}.key`,
    monitorsAfter,
    'a monitor in the configuration or of the team',
    errors,
  );
  checkReferences(
    'monitor',
    checked.monitors.map((w) => ({ index: w.index, key: w.key, refs: w.prepared.parents })),
    (i) => `depends_on.${i}`,
    monitorsAfter,
    'a monitor in the configuration or of the team',
    errors,
  );
  checkDependencyCycles(checked.monitors, monitorKeys, errors);
  await checkSlugs(db, checked, pages, errors);
  errors.throwIfAny();
  const conflicts = outcomes.flatMap((o) => o.conflicts);
  if (conflicts.length > 0) {
    throw new ProblemError(
      409,
      'key_conflict',
      `Made by hand, not by a configuration: ${conflicts.join(', ')}. Give the entries other keys, remove the key from the resource, or send adopt: true to manage it from now on.`,
    );
  }
  const notCompared = outcomes.flatMap((o) => o.notCompared);
  const steps = [...outcomes.flatMap((o) => o.steps), ...outcomes.reverse().flatMap((o) => o.deletes)];
  const byKey = (rows: Array<{ id: string; key: string | null }>) =>
    new Map(rows.flatMap((r) => (r.key === null ? [] : [[r.key, r.id] as const])));
  return { steps, notCompared, channelIds: byKey(channelRows), monitorIds: byKey(monitorKeys) };
}

/** A slug is one page's across teams: one the entries give twice, or another page has, is refused. */
async function checkSlugs(
  db: Db | Prisma.TransactionClient,
  checked: CheckedConfig,
  pages: Existing[],
  errors: EntryErrors,
) {
  const slugs = checked.pages.map((w) => w.prepared.slug);
  const holders = await db.statusPage.findMany({ where: { slug: { in: slugs } }, select: { id: true, slug: true } });
  const holder = new Map(holders.map((h) => [h.slug, h.id]));
  const seen = new Set<string>();
  for (const w of checked.pages) {
    const own = pages.find((p) => p.key === w.key)?.id;
    const taken = holder.get(w.prepared.slug);
    if (seen.has(w.prepared.slug)) errors.add('status_page', w.index, w.key, 'slug', 'is given to another status page');
    else if (taken !== undefined && taken !== own) {
      errors.add('status_page', w.index, w.key, 'slug', 'is taken by another status page');
    }
    seen.add(w.prepared.slug);
  }
}
