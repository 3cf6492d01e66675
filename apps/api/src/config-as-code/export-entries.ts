import { toldByPings } from '@pageprobe/test-kinds';
import { type EntryState, SECRET } from './field-diff.ts';
import type { ResourceKind } from '@pageprobe/services';

// A resource as the entry of a file (issue 50: POST /config/export), written from the very state plan
// compares a file's entries with: what differs from the API's defaults, references by key, each secret
// (sealed, `(secret)` in the state) a `${VARIABLE}` placeholder, and a literal `${` in any other string
// written `$${`, as the CLI reads the file back.

export type Entry = Record<string, unknown> & { key: string };

export interface Variable {
  name: string;
  description: string;
}

type Path = Array<string | number>;

/** An environment variable's name from parts of it: upper-case letters, digits and `_`. */
export const variableOf = (...parts: Array<string | number>) =>
  parts
    .join('_')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^(\d)/, '_$1');

/** The placeholders a file is given, each name once. */
export class Placeholders {
  readonly list: Variable[] = [];
  private readonly names = new Set<string>();

  add(parts: Array<string | number>, description: string): string {
    const base = variableOf(...parts);
    let name = base;
    for (let n = 2; this.names.has(name); n++) name = `${base}_${n}`;
    this.names.add(name);
    this.list.push({ name, description });
    return `\${${name}}`;
  }
}

/**
 * Where the API keeps a secret (as the CLI's secret-fields.ts knows them): the variable's parts after the
 * key and what it stands for; null elsewhere.
 */
function secretAt(resource: ResourceKind, key: string, path: Path, shown: Record<string, unknown>) {
  const [field, a, b] = path;
  if (resource === 'alert_channel' && path.length === 1) {
    if (field === 'url') return { parts: ['url'], description: `alert channel ${key}'s webhook URL` };
    if (field === 'routing_key') {
      return { parts: ['routing_key'], description: `alert channel ${key}'s PagerDuty routing key` };
    }
  }
  if (resource !== 'monitor') return null;
  if (field === 'headers' && path.length === 2) {
    return { parts: ['header', a!], description: `monitor ${key}'s ${a} header` };
  }
  if (field === 'cookies' && path.length === 3 && b === 'value') {
    const name = (shown.cookies as Array<{ name: string }>)[a as number]!.name;
    return { parts: ['cookie', name], description: `monitor ${key}'s ${name} cookie` };
  }
  if (field === 'basic_auth' && path.length === 2 && a === 'password') {
    return { parts: ['password'], description: `monitor ${key}'s password` };
  }
  if (field === 'steps' && path.length === 3 && b === 'text') {
    const n = (a as number) + 1;
    return { parts: ['step', n], description: `monitor ${key}'s step ${n} text` };
  }
  return null;
}

/**
 * A field's value when the entry leaves it out (the create body's default), by kind; a null is always
 * left out. Lists are left out empty only where an empty list and none are one (a status page's
 * `monitors` is required).
 */
function defaults(
  resource: ResourceKind,
  shown: Record<string, unknown>,
  publicPage: boolean,
): Record<string, unknown> {
  switch (resource) {
    case 'monitor':
      return {
        device: 'mobile',
        runs: 1,
        location_mode: 'every',
        time_zone: 'UTC',
        alert_channels: [],
        depends_on: [],
        tags: [],
        // An entry without it takes the team's default for new monitors' pages.
        public_page: publicPage,
        alert: {
          // A heartbeat is down at its first missed deadline, whatever the body says.
          down_after: toldByPings(String(shown.type)) ? 1 : 2,
          regression_points: 10,
          certificate_alert_days: 14,
        },
      };
    case 'maintenance_window':
      return { time_zone: 'UTC', monitors: [], tags: [] };
    case 'status_page':
      return { indexable: false, auto_incidents: false };
    case 'alert_channel':
      return {};
    case 'rum_site':
      return {
        sample_rate: 1,
        page_groups: [],
        keep_query_strings: false,
        budgets: {},
        alert_channels: [],
        alert: { window_minutes: 60, min_page_views: 50 },
        beacons_per_minute: 60000,
      };
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields of `value` that are not null and differ from `fallback`'s (objects field by field). */
function without(value: Record<string, unknown>, fallback: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, v] of Object.entries(value)) {
    const d = fallback[field];
    if (v === null || v === undefined) continue;
    if (isObject(v) && isObject(d)) {
      const rest = without(v, d);
      if (Object.keys(rest).length > 0) out[field] = rest;
    } else if (JSON.stringify(v) !== JSON.stringify(d)) out[field] = v;
  }
  return out;
}

/** The entry describing a resource of this state (its `shown` half: secrets are never read). */
export function entryOf(
  resource: ResourceKind,
  key: string,
  state: EntryState,
  vars: Placeholders,
  defaultPublicPage = true,
): Entry {
  const shown = state.shown;
  const write = (value: unknown, path: Path): unknown => {
    if (Array.isArray(value)) return value.map((v, i) => write(v, [...path, i]));
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, write(v, [...path, k])]));
    if (typeof value !== 'string') return value;
    const secret = value === SECRET ? secretAt(resource, key, path, shown) : null;
    return secret ? vars.add([key, ...secret.parts], secret.description) : value.replaceAll('${', () => '$${');
  };
  return {
    key,
    ...(write(without(shown, defaults(resource, shown, defaultPublicPage)), []) as Record<string, unknown>),
  };
}
