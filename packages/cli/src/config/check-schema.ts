// The file checked against its JSON Schema (schema/pageprobe.schema.json, generated from the API's document)
// before any request, so that a misspelt field is reported with its line rather than by the API without one.
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import schema from '../../schema/pageprobe.schema.json' with { type: 'json' };
import { ConfigError, showPath, type ValuePath } from './config-error.ts';
import type { Source } from './read-source.ts';

const SECTIONS = ['alert_channels', 'monitors', 'maintenance_windows', 'status_pages', 'rum_sites'] as const;
/** The field an entry is known by in its section: its key, or a RUM site's name (issue 61). */
const KEY_OF: Record<(typeof SECTIONS)[number], string> = {
  alert_channels: 'key',
  monitors: 'key',
  maintenance_windows: 'key',
  status_pages: 'key',
  rum_sites: 'name',
};

let validate: ReturnType<Ajv2020['compile']> | undefined;
function validator() {
  if (!validate) {
    // strict: false as the API's own validator: the document's descriptions and examples are not keywords.
    const ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true });
    addFormats.default(ajv);
    validate = ajv.compile(schema);
  }
  return validate;
}

const pathOf = (pointer: string): ValuePath =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** The nearest of `names` to a misspelt one, when it is near enough to be what was meant. */
function nearest(name: string, names: string[]): string | undefined {
  const distance = (a: string, b: string) => {
    let row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++)
        next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row = next;
    }
    return row[b.length]!;
  };
  const [best] = names.map((n) => ({ n, d: distance(name, n) })).sort((x, y) => x.d - y.d);
  if (best && best.d <= Math.max(2, Math.floor(name.length / 4))) return best.n;
  // `interval` for `interval_seconds`: what was meant starts with what was written.
  return name.length >= 3 ? names.find((n) => n.startsWith(name)) : undefined;
}

/** The values an enum or const error allows; a type such as MonitorType is an enum or a const (anyOf). */
const allowed = (error: ErrorObject) =>
  error.keyword === 'enum'
    ? (error.params as { allowedValues: unknown[] }).allowedValues
    : [(error.params as { allowedValue: unknown }).allowedValue];

/** Enum and const errors of one value as one (the branches of an anyOf of them). */
function mergeAllowed(errors: ErrorObject[]): ErrorObject[] {
  const merged: ErrorObject[] = [];
  for (const error of errors) {
    const same = merged.find((e) => e.instancePath === error.instancePath && ['enum', 'const'].includes(e.keyword));
    if (same && ['enum', 'const'].includes(error.keyword))
      Object.assign(same, { keyword: 'enum', params: { allowedValues: [...allowed(same), ...allowed(error)] } });
    else merged.push({ ...error });
  }
  return merged;
}

function message(source: Source, error: ErrorObject): string {
  const path = pathOf(error.instancePath);
  const at = (p: ValuePath, key = false) => source.where(p, { key });
  const name = showPath(path) || 'the file';
  switch (error.keyword) {
    case 'additionalProperties': {
      const field = (error.params as { additionalProperty: string }).additionalProperty;
      const known = Object.keys((error.parentSchema as { properties?: object })?.properties ?? {});
      const guess = nearest(field, known);
      return `${at([...path, field], true)}: ${showPath([...path, field])} is not a field${guess ? ` (did you mean ${guess}?)` : ''}`;
    }
    case 'required':
      return `${at(path)}: ${name} needs ${(error.params as { missingProperty: string }).missingProperty}`;
    case 'enum':
    case 'const':
      return `${at(path)}: ${name} must be one of ${allowed(error).join(', ')}`;
    default:
      return `${at(path)}: ${name} ${error.message}`;
  }
}

/** Every problem of the value (after `${…}` substitution), each with its position; throws ConfigError. */
export function checkSchema(source: Source, value: unknown): void {
  const check = validator();
  const problems: string[] = [];
  if (!check(value)) {
    const errors = check.errors ?? [];
    // oneOf/anyOf say only that no branch fitted; each branch's own errors say why.
    const specific = errors.filter((e) => !['oneOf', 'anyOf', 'if'].includes(e.keyword));
    for (const error of mergeAllowed(specific.length ? specific : errors)) {
      const text = message(source, error);
      if (!problems.includes(text)) problems.push(text);
    }
  } else {
    // What the schema cannot say: a key is the entry's name within its section.
    const state = value as Record<string, Array<Record<string, string>> | undefined>;
    for (const section of SECTIONS) {
      const field = KEY_OF[section];
      const seen = new Map<string, number>();
      (state[section] ?? []).forEach((entry, i) => {
        const key = entry[field]!;
        const first = seen.get(key);
        if (first !== undefined)
          problems.push(
            `${source.where([section, i, field])}: ${section}[${i}].${field} ${key} is also ${section}[${first}]'s`,
          );
        else seen.set(key, i);
      });
    }
  }
  if (problems.length) throw new ConfigError(problems);
}
