import { REDACTED } from '../request-options/request-options.ts';

// Placeholders in a check's text (issue 59): `{{vars.NAME}}` and `{{secrets.NAME}}` are the team's
// variables (/variables), `{{NAME}}` a value an earlier multistep request extracted. One pattern without
// nested repetition, so reading a user's text is linear in its length.

export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const PLACEHOLDER = /\{\{\s*(?:(vars|secrets)\.)?([A-Za-z_][A-Za-z0-9_]{0,63})\s*\}\}/g;

export type PlaceholderScope = 'vars' | 'secrets' | 'extracted';
export interface Placeholder {
  scope: PlaceholderScope;
  name: string;
}

/** Each placeholder the text names, in order (repeats kept). */
export function placeholdersIn(text: string): Placeholder[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => ({
    scope: (m[1] as 'vars' | 'secrets' | undefined) ?? 'extracted',
    name: m[2]!,
  }));
}

/** Each placeholder in every string of a JSON value (a check's options, its steps). */
export function placeholdersDeep(value: unknown): Placeholder[] {
  if (typeof value === 'string') return placeholdersIn(value);
  if (Array.isArray(value)) return value.flatMap(placeholdersDeep);
  if (value && typeof value === 'object') return Object.values(value).flatMap(placeholdersDeep);
  return [];
}

/** The values a check's placeholders stand for. */
export interface TemplateValues {
  vars: Readonly<Record<string, string>>;
  secrets: Readonly<Record<string, string>>;
  /** What earlier requests of a multistep check extracted. */
  extracted?: Readonly<Record<string, string>>;
}

export class MissingValue extends Error {
  readonly placeholder: Placeholder;
  constructor(placeholder: Placeholder) {
    const written = placeholder.scope === 'extracted' ? placeholder.name : `${placeholder.scope}.${placeholder.name}`;
    super(
      placeholder.scope === 'extracted'
        ? `{{${written}}} was not extracted by an earlier request`
        : `{{${written}}} is not a ${placeholder.scope === 'vars' ? 'variable' : 'secret'} of the team`,
    );
    this.placeholder = placeholder;
  }
}

/**
 * The text with each placeholder replaced by its value; throws MissingValue for one without. Without
 * `values.extracted`, a `{{name}}` is left as written when `keepExtracted`: the worker host fills the
 * team's values first, and a multistep request fills what it extracted later.
 */
export function fill(text: string, values: TemplateValues, keepExtracted = false): string {
  return text.replace(PLACEHOLDER, (whole: string, scope: string | undefined, name: string) => {
    if (scope === undefined && keepExtracted && values.extracted === undefined) return whole;
    const table = scope === 'vars' ? values.vars : scope === 'secrets' ? values.secrets : values.extracted;
    const value = table && Object.hasOwn(table, name) ? table[name] : undefined;
    if (value === undefined) {
      throw new MissingValue({ scope: (scope as 'vars' | 'secrets' | undefined) ?? 'extracted', name });
    }
    return value;
  });
}

/** `fill` over every string of a JSON value; keys stay as written. */
export function fillDeep<T>(value: T, values: TemplateValues, keepExtracted = false): T {
  if (typeof value === 'string') return fill(value, values, keepExtracted) as T;
  if (Array.isArray(value)) return value.map((v) => fillDeep(v, values, keepExtracted)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, values, keepExtracted)])) as T;
  }
  return value;
}

/**
 * A function that replaces every occurrence of the given secret values with `[redacted]`: what a check
 * shows (its result, error messages, echoed bodies) never carries a secret it sent. Longest first, so a
 * secret that contains another is replaced whole.
 */
export function redactor(secrets: Iterable<string>): (text: string) => string {
  const values = [...new Set(secrets)].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
  if (values.length === 0) return (text) => text;
  return (text) => values.reduce((out, secret) => out.split(secret).join(REDACTED), text);
}

/** `redact` over every string of a JSON value (and its keys: a header's name may echo a value). */
export function redactDeep<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redact)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k), redactDeep(v, redact)])) as T;
  }
  return value;
}

/** What a team secret's seal is bound to: its team and name, so a sealed value cannot move to another row. */
export const variableSealContext = (teamId: string, name: string) => `team-variable:${teamId}:${name}`;

/**
 * Each team placeholder (scope vars or secrets) in every string of a JSON value, with the path of the
 * string that names it (`body.headers.Authorization`, `body.steps.2.text`): what an acceptance check
 * names in its 400.
 */
export function teamPlaceholdersAt(value: unknown, path: string): Array<Placeholder & { path: string }> {
  if (typeof value === 'string') {
    return placeholdersIn(value)
      .filter((p) => p.scope !== 'extracted')
      .map((p) => ({ ...p, path }));
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => teamPlaceholdersAt(v, `${path}.${i}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => teamPlaceholdersAt(v, `${path}.${k}`));
  }
  return [];
}

/** Whether a JSON value names any of the team's variables or secrets (a check without any reads none). */
export const usesTeamValues = (value: unknown): boolean => placeholdersDeep(value).some((p) => p.scope !== 'extracted');
