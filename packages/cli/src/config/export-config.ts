// `pageprobe export`: the team's resources (from the list endpoints) as the entries of a file that `plan`
// then finds nothing to change in. Each entry is its create body, with only what differs from the API's
// defaults; references by key; secrets (sealed, shown as "[redacted]") as `${VARIABLE}` placeholders whose
// names are listed for the user to set. A resource without a key gets one from its name (a slug, made unique).
import type { AlertChannel, MaintenanceWindow, Monitor, Page, StatusPage } from '@pageprobe/client';
import type { DesiredState } from './load-config.ts';

type Entry = Record<string, unknown> & { key: string };

export interface Resources {
  alert_channels: AlertChannel[];
  monitors: Monitor[];
  maintenance_windows: MaintenanceWindow[];
  status_pages: StatusPage[];
}

export interface Exported {
  state: Required<DesiredState>;
  /** Each placeholder written: the variable and what it stands for. */
  variables: Array<{ name: string; what: string }>;
  /** Resources that had no key and were given one: the key to give them on the server. */
  newKeys: Array<{ resource: keyof Resources; id: string; key: string }>;
}

/** Every page of a list. */
export async function allPages<T>(list: (query: { limit: number; cursor?: string }) => Promise<Page<T>>) {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await list({ limit: 100, ...(cursor ? { cursor } : {}) });
    items.push(...page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return items;
}

const REDACTED = '[redacted]';

/** A key from a name: lower-case letters, digits and inner hyphens, at most 64. */
export function slugOf(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 56)
    .replace(/-+$/, '');
  return slug || 'resource';
}

/** Keys for one section: each resource's own, else a slug of its name made unique among them. */
function keysFor<T extends { id: string; key?: string | null }>(items: T[], nameOf: (item: T) => string) {
  const keys = new Map<string, string>();
  const taken = new Set(items.flatMap((i) => (i.key ? [i.key] : [])));
  // Oldest first, so a re-export names the same resources the same way.
  for (const item of [...items].reverse()) {
    if (item.key) {
      keys.set(item.id, item.key);
      continue;
    }
    const base = slugOf(nameOf(item));
    let key = base;
    for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
    taken.add(key);
    keys.set(item.id, key);
  }
  return keys;
}

const variableOf = (...parts: string[]) =>
  parts
    .join('_')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^(\d)/, '_$1');

/** `value` unless it is `fallback` (the API's default), so the file says only what was chosen. */
const unless = <T>(value: T, fallback: T) => (value === fallback || value === null ? undefined : value);

/** The object without its undefined fields (so they are not written). */
const defined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

// The API's defaults for a monitor's alerting (AlertOptions).
const ALERT_DEFAULTS = { down_after: 2, regression_points: 10, remind_every_minutes: null, certificate_alert_days: 14 };

export function exportConfig(resources: Resources): Exported {
  const variables: Exported['variables'] = [];
  const secret = (name: string, what: string) => {
    variables.push({ name, what });
    return `\${${name}}`;
  };
  const channelKeys = keysFor(resources.alert_channels, (c) => c.name);
  const monitorKeys = keysFor(resources.monitors, (m) => m.name ?? m.url);
  const windowKeys = keysFor(resources.maintenance_windows, (w) => w.name);
  const pageKeys = keysFor(resources.status_pages, (p) => p.slug);

  const alert_channels = resources.alert_channels.map((c): Entry => {
    const key = channelKeys.get(c.id)!;
    return defined({
      key,
      type: c.type,
      name: c.name,
      url: c.url ? secret(variableOf(key, 'url'), `alert channel ${key}'s webhook URL`) : undefined,
      routing_key: c.routing_key
        ? secret(variableOf(key, 'routing_key'), `alert channel ${key}'s PagerDuty routing key`)
        : undefined,
      severity: c.severity,
      addresses: c.addresses?.map((a) => a.email),
    }) as Entry;
  });

  const monitors = resources.monitors.map((m): Entry => {
    const key = monitorKeys.get(m.id)!;
    const heartbeat = m.type === 'heartbeat';
    const options = { ...((m.options ?? {}) as Record<string, unknown>) };
    const headers = options.headers as Record<string, string> | undefined;
    if (headers)
      options.headers = Object.fromEntries(
        Object.keys(headers).map((h) => [h, secret(variableOf(key, 'header', h), `monitor ${key}'s ${h} header`)]),
      );
    const cookies = options.cookies as Array<{ name: string; value: string }> | undefined;
    if (cookies)
      options.cookies = cookies.map((c) => ({
        ...c,
        value: secret(variableOf(key, 'cookie', c.name), `monitor ${key}'s ${c.name} cookie`),
      }));
    const auth = options.basic_auth as { username: string; password: string } | undefined;
    if (auth)
      options.basic_auth = { ...auth, password: secret(variableOf(key, 'password'), `monitor ${key}'s password`) };
    const steps = options.steps as Array<Record<string, unknown>> | undefined;
    if (steps)
      options.steps = steps.map((s, i) =>
        s.text === REDACTED
          ? { ...s, text: secret(variableOf(key, 'step', String(i + 1)), `monitor ${key}'s step ${i + 1} text`) }
          : s,
      );
    const alert = defined(
      Object.fromEntries(
        Object.entries(ALERT_DEFAULTS).map(([name, fallback]) => [
          name,
          m.alert[name as keyof typeof ALERT_DEFAULTS] === fallback
            ? undefined
            : m.alert[name as keyof typeof ALERT_DEFAULTS],
        ]),
      ),
    );
    const locations = m.locations?.map((l) => l.location);
    const majority = locations ? Math.floor(locations.length / 2) + 1 : null;
    return defined({
      key,
      type: m.type,
      name: m.name ?? undefined,
      url: heartbeat ? undefined : m.url,
      interval_seconds: heartbeat ? undefined : m.interval_seconds,
      period_seconds: m.period_seconds ?? undefined,
      grace_seconds: m.grace_seconds ?? undefined,
      schedule: m.schedule ?? undefined,
      time_zone: m.schedule ? unless(m.time_zone, 'UTC') : undefined,
      device: heartbeat ? undefined : unless(m.device, 'mobile'),
      runs: unless(m.runs, 1),
      callback_url: m.callback_url ?? undefined,
      assertions: m.assertions ?? undefined,
      alert: Object.keys(alert).length ? alert : undefined,
      alert_channels: m.alert_channels.length ? m.alert_channels.map((id) => channelKeys.get(id) ?? id) : undefined,
      tags: m.tags.length ? m.tags : undefined,
      locations,
      quorum: locations ? unless(m.quorum, majority) : undefined,
      location_mode: locations ? unless(m.location_mode, 'every') : undefined,
      ...options,
    }) as Entry;
  });

  const maintenance_windows = resources.maintenance_windows.map(
    (w): Entry =>
      defined({
        key: windowKeys.get(w.id)!,
        name: w.name,
        starts_at: w.starts_at,
        ends_at: w.ends_at ?? undefined,
        rrule: w.rrule ?? undefined,
        duration_minutes: w.duration_minutes ?? undefined,
        time_zone: unless(w.time_zone, 'UTC'),
        monitors: w.monitors.length ? w.monitors.map((id) => monitorKeys.get(id) ?? id) : undefined,
        tags: w.tags.length ? w.tags : undefined,
      }) as Entry,
  );

  const status_pages = resources.status_pages.map(
    (p): Entry =>
      defined({
        key: pageKeys.get(p.id)!,
        slug: p.slug,
        title: p.title,
        description: p.description ?? undefined,
        monitors: p.monitors.map((m) => ({ key: monitorKeys.get(m.id) ?? m.id, label: m.label })),
        indexable: p.indexable || undefined,
      }) as Entry,
  );

  const newKeys: Exported['newKeys'] = [];
  const collect = (
    resource: keyof Resources,
    items: Array<{ id: string; key?: string | null }>,
    keys: Map<string, string>,
  ) => {
    for (const item of items) if (!item.key) newKeys.push({ resource, id: item.id, key: keys.get(item.id)! });
  };
  collect('alert_channels', resources.alert_channels, channelKeys);
  collect('monitors', resources.monitors, monitorKeys);
  collect('maintenance_windows', resources.maintenance_windows, windowKeys);
  collect('status_pages', resources.status_pages, pageKeys);

  return { state: { alert_channels, monitors, maintenance_windows, status_pages }, variables, newKeys };
}
