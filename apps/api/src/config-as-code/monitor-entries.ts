import { type Db, type Monitor, Prisma } from '@pageprobe/db';
import { keyringOf, open, seal } from '@pageprobe/secrets';
import { REDACTED, type RequestSecrets, toldByPings } from '@pageprobe/test-kinds';
import type { ServiceDeps } from '../deps.ts';
import type { Caller } from '../http/caller.ts';
import { heartbeatUpdate } from '@pageprobe/services';
import { checkListed, dropDependency } from '@pageprobe/services';
import { type CheckedMonitor, checkNewMonitor, cycleProblem, newMonitorRow } from '@pageprobe/services';
import type { ApplyContext, Existing, Wanted } from './apply-context.ts';
import type { MonitorEntry } from './config-body.ts';
import type { EntryErrors } from './entry-errors.ts';
import { type EntryState, SECRET } from './field-diff.ts';

// Monitors in a configuration (issue 50): each entry checked by POST /monitors' own checks, and compared
// with the team's monitor of its key through the columns a create would write.

/** The columns a monitor has when its body leaves them out (schema.prisma's defaults, and the API's). */
const DEFAULTS = {
  name: null,
  callbackUrl: null,
  runCount: 1,
  assertions: null,
  options: null,
  downAfter: 2,
  regressionPoints: 10,
  remindEveryMinutes: null,
  certificateAlertDays: 14,
  tags: [],
  publicPage: true,
  locations: [],
  quorum: null,
  locationMode: 'every',
  periodSeconds: null,
  graceSeconds: null,
  schedule: null,
  timeZone: null,
};

/** What an entry's state is read from: a monitor's columns (a row, or the row a create would write). */
type Columns = Pick<
  Monitor,
  | 'type'
  | 'url'
  | 'name'
  | 'device'
  | 'intervalSeconds'
  | 'callbackUrl'
  | 'runCount'
  | 'assertions'
  | 'options'
  | 'downAfter'
  | 'regressionPoints'
  | 'remindEveryMinutes'
  | 'certificateAlertDays'
  | 'tags'
  | 'publicPage'
  | 'locations'
  | 'quorum'
  | 'locationMode'
  | 'periodSeconds'
  | 'graceSeconds'
  | 'schedule'
  | 'timeZone'
>;

/** The options with their secret values put back (clear), or marked `(secret)` (shown). */
function options(shown: Record<string, unknown> | null, secrets: RequestSecrets | null, clear: boolean) {
  const out: Record<string, unknown> = structuredClone(shown ?? {});
  const secret = (value: unknown) => (clear ? value : SECRET);
  if (out.headers) {
    const headers = out.headers as Record<string, string>;
    for (const name of Object.keys(headers)) headers[name] = secret(secrets?.headers[name] ?? null) as string;
  }
  if (Array.isArray(out.cookies)) {
    out.cookies = (out.cookies as Array<{ name: string; value: string }>).map((c, i) => ({
      ...c,
      value: secret(secrets?.cookies[i]?.value ?? null),
    }));
  }
  if (out.basic_auth) {
    out.basic_auth = { ...(out.basic_auth as object), password: secret(secrets?.basicAuth?.password ?? null) };
  }
  if (Array.isArray(out.steps)) {
    out.steps = (out.steps as Array<{ type: string; text?: string }>).map((s, i) =>
      s.text === REDACTED ? { ...s, text: secret(secrets?.typed?.[i] ?? null) } : s,
    );
  }
  return out;
}

/**
 * A monitor as an entry describes it, its channels and the monitors it depends on by key (sorted: neither
 * list has an order).
 */
function stateOf(m: Columns, secrets: RequestSecrets | null, channelKeys: string[], parentKeys: string[]): EntryState {
  const heartbeat = toldByPings(m.type);
  const base = (clear: boolean) => ({
    type: m.type,
    name: m.name,
    ...(heartbeat
      ? { period_seconds: m.periodSeconds, grace_seconds: m.graceSeconds, schedule: m.schedule, time_zone: m.timeZone }
      : { url: m.url, device: m.device, interval_seconds: m.intervalSeconds, runs: m.runCount }),
    callback_url: m.callbackUrl,
    assertions: m.assertions,
    alert: {
      down_after: m.downAfter,
      regression_points: m.regressionPoints,
      remind_every_minutes: m.remindEveryMinutes,
      certificate_alert_days: m.certificateAlertDays,
    },
    alert_channels: [...channelKeys].sort(),
    depends_on: [...parentKeys].sort(),
    tags: m.tags,
    public_page: m.publicPage,
    ...(heartbeat
      ? {}
      : { locations: m.locations?.length ? m.locations : null, quorum: m.quorum, location_mode: m.locationMode }),
    ...options(m.options as Record<string, unknown> | null, secrets, clear),
  });
  return { clear: base(true), shown: base(false) };
}

export interface PreparedMonitor {
  checked: CheckedMonitor;
  /** Its alert channels' keys. */
  channels: string[];
  /** The keys of the monitors it depends on. */
  parents: string[];
}

/**
 * Each entry checked as POST /monitors checks its body (its channels are keys, checked by the plan); the
 * problems of every entry are collected, a few checks at a time (each may resolve the target's name).
 */
export async function checkMonitorEntries(
  deps: ServiceDeps,
  caller: Caller,
  entries: MonitorEntry[],
  errors: EntryErrors,
): Promise<Array<Wanted<PreparedMonitor>>> {
  const wanted: Array<Wanted<PreparedMonitor>> = [];
  await eachLimited(entries, 8, async (entry, index) => {
    try {
      const { key: _key, alert_channels: channels, depends_on: parents = [], ...body } = entry;
      const checked = await checkNewMonitor(deps, caller, { ...body, key: entry.key });
      if (channels) checkListed(channels, new Set(channels), 'alert_channels', 'an alert channel');
      if (parents.includes(entry.key)) throw cycleProblem(['itself']);
      const row = { ...DEFAULTS, ...newMonitorRow(deps, caller, checked) } as unknown as Columns;
      wanted.push({
        index,
        key: entry.key,
        given: entry as unknown as Record<string, unknown>,
        prepared: { checked, channels: channels ?? [], parents },
        state: stateOf(row, checked.secrets, channels ?? [], parents),
      });
    } catch (error) {
      errors.addProblem('monitor', index, entry.key, error);
    }
  });
  return wanted.sort((a, b) => a.index - b.index);
}

/** Runs `work` over the items, at most `limit` at once. */
export async function eachLimited<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export type MonitorRow = Monitor & { alertChannels: Array<{ channelId: string }> };

/** The team's monitors (not deleted) with a key, each as an entry would describe it. */
export async function loadMonitors(
  db: Db | Prisma.TransactionClient,
  deps: ServiceDeps,
  teamId: string,
  channelKeyOf: (id: string) => string,
  monitorKeyOf: (id: string) => string | null,
): Promise<Array<Existing & { row: MonitorRow }>> {
  const rows = await db.monitor.findMany({
    where: { teamId, deletedAt: null, key: { not: null } },
    include: { alertChannels: { select: { channelId: true } } },
    orderBy: { createdAt: 'asc' },
  });
  const keyring = keyringOf(deps.config);
  return rows.map((row) => {
    let secrets: RequestSecrets | null = null;
    if (row.secrets) {
      try {
        secrets = open<RequestSecrets>(keyring, row.secrets, `monitor:${row.id}`);
      } catch {
        // Sealed under a key that is gone: nothing equals it, so the entry's values are written again.
        secrets = { headers: {}, cookies: [], basicAuth: null, typed: {} };
      }
    }
    const keys = row.alertChannels.map((c) => channelKeyOf(c.channelId));
    const parents = row.dependsOn.flatMap((id) => monitorKeyOf(id) ?? []);
    return { id: row.id, key: row.key, managedBy: row.managedBy, state: stateOf(row, secrets, keys, parents), row };
  });
}

const channelIdsOf = (ctx: ApplyContext, keys: string[]) => keys.map((k) => ctx.channelIds.get(k)!);

/** The new monitor's row, as POST /monitors writes it, managed and linked to its channels by key. */
export function createMonitorRow(ctx: ApplyContext, w: Wanted<PreparedMonitor>) {
  return {
    row: { ...newMonitorRow(ctx.deps, ctx.caller, w.prepared.checked), managedBy: ctx.managedBy },
    links: channelIdsOf(ctx, w.prepared.channels).map((channelId) => ({
      monitorId: w.prepared.checked.id,
      channelId,
    })),
  };
}

/** Writes the entry's columns over the monitor's: its id, tokens, status and history stay. */
export async function updateMonitorRow(ctx: ApplyContext, w: Wanted<PreparedMonitor>, current: MonitorRow) {
  const { checked } = w.prepared;
  const wanted = { ...DEFAULTS, ...newMonitorRow(ctx.deps, ctx.caller, checked) } as Prisma.MonitorUncheckedCreateInput;
  const json = (v: unknown) => (v === null || v === undefined ? Prisma.DbNull : (v as Prisma.InputJsonValue));
  const data: Prisma.MonitorUncheckedUpdateInput = {
    key: w.key,
    managedBy: ctx.managedBy,
    name: wanted.name ?? null,
    callbackUrl: wanted.callbackUrl ?? null,
    assertions: json(wanted.assertions),
    regressionPoints: wanted.regressionPoints!,
    remindEveryMinutes: wanted.remindEveryMinutes ?? null,
    certificateAlertDays: wanted.certificateAlertDays!,
    tags: wanted.tags as string[],
    publicPage: wanted.publicPage ?? true,
  };
  if (toldByPings(current.type)) {
    const timing = checked.input as unknown as Record<string, unknown>;
    const changed = ['periodSeconds', 'graceSeconds', 'schedule', 'timeZone'].some(
      (c) => (wanted as Record<string, unknown>)[c] !== (current as Record<string, unknown>)[c],
    );
    // The deadline follows the new timing from the last ping, as a PATCH's does.
    const floor = { plan: ctx.caller.plan, deploymentMin: ctx.deps.config.MONITOR_MIN_INTERVAL_SECONDS };
    if (changed)
      Object.assign(data, heartbeatUpdate(current, { ...timing, time_zone: wanted.timeZone ?? null }, floor));
  } else {
    const locations = (wanted.locations as string[] | undefined) ?? [];
    Object.assign(data, {
      url: wanted.url,
      device: wanted.device,
      intervalSeconds: wanted.intervalSeconds,
      runCount: wanted.runCount,
      downAfter: wanted.downAfter,
      options: json(wanted.options),
      // Sealed to this monitor's id, as its own create did.
      secrets: checked.secrets
        ? new Uint8Array(seal(ctx.deps.config.SECRETS_KEY!, checked.secrets, `monitor:${current.id}`))
        : null,
      locations,
      quorum: wanted.quorum ?? null,
      locationMode: wanted.locationMode,
    });
    // Other locations: the verdicts kept for the old ones judge nothing now (as a PATCH's).
    if (locations.join() !== (current.locations ?? []).join()) {
      Object.assign(data, { locationChecks: Prisma.DbNull, decidedSlot: null });
    }
  }
  await ctx.tx.monitor.update({ where: { id: current.id }, data });
  const ids = channelIdsOf(ctx, w.prepared.channels);
  const now = current.alertChannels.map((c) => c.channelId);
  if (ids.length !== now.length || ids.some((id) => !now.includes(id))) {
    await ctx.tx.monitorAlertChannel.deleteMany({ where: { monitorId: current.id } });
    await ctx.tx.monitorAlertChannel.createMany({
      data: ids.map((channelId) => ({ monitorId: current.id, channelId })),
    });
  }
}

/** DELETE /monitors/{id}'s soft delete: history kept, secrets dropped, no more runs, no dependents held. */
export async function deleteMonitorRow(ctx: ApplyContext, id: string) {
  await ctx.tx.monitor.update({ where: { id }, data: { deletedAt: new Date(), nextRunAt: null, secrets: null } });
  await dropDependency(ctx.tx, ctx.caller.teamId, id);
}

/**
 * Each entry's `depends_on` keys written as ids, once every monitor of the apply exists (an entry may
 * depend on one later in the file): one statement, rows whose list is already so left alone.
 */
export async function writeDependencies(ctx: ApplyContext, wanted: Array<Wanted<PreparedMonitor>>) {
  const rows = wanted.map((w) => ({
    id: ctx.monitorIds.get(w.key)!,
    parents: w.prepared.parents.map((k) => ctx.monitorIds.get(k)!),
  }));
  if (rows.length === 0) return;
  await ctx.tx.$executeRawUnsafe(
    `UPDATE monitors m SET depends_on = ARRAY(SELECT jsonb_array_elements_text(d.parents)::uuid)
     FROM unnest($1::uuid[], $2::jsonb[]) d(id, parents)
     WHERE m.id = d.id AND m.depends_on IS DISTINCT FROM ARRAY(SELECT jsonb_array_elements_text(d.parents)::uuid)`,
    rows.map((r) => r.id),
    rows.map((r) => JSON.stringify(r.parents)),
  );
}
