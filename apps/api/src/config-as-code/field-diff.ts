import { isDeepStrictEqual } from 'node:util';
import type { FieldChange } from './config-body.ts';

// A resource's state as a configuration entry has it (issue 50), twice: `clear` holds secret values to
// compare, `shown` the same with each secret as `(secret)`, which is all a plan ever echoes.

export const SECRET = '(secret)';

export interface EntryState {
  clear: Record<string, unknown>;
  shown: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value's absence and null are one. */
const orNull = (v: unknown) => (v === undefined ? null : v);

/**
 * Each field that differs between two states, dotted (`alert.regression_points`): objects are compared
 * field by field, arrays and values whole. From and to are the shown values.
 */
export function diffStates(from: EntryState | null, to: EntryState | null): FieldChange[] {
  const changes: FieldChange[] = [];
  const walk = (
    a: Record<string, unknown> | undefined,
    b: Record<string, unknown> | undefined,
    sa: Record<string, unknown> | undefined,
    sb: Record<string, unknown> | undefined,
    prefix: string,
  ) => {
    const names = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])];
    for (const name of names) {
      const x = orNull(a?.[name]);
      const y = orNull(b?.[name]);
      const field = prefix + name;
      const objects = (isObject(x) || x === null) && (isObject(y) || y === null) && (isObject(x) || isObject(y));
      if (objects) {
        // Field by field, an object appearing or going too.
        const part = (v: unknown, shown: Record<string, unknown> | undefined) =>
          isObject(v) ? (shown?.[name] as Record<string, unknown>) : {};
        walk(isObject(x) ? x : {}, isObject(y) ? y : {}, part(x, sa), part(y, sb), `${field}.`);
      } else if (!isDeepStrictEqual(x, y)) {
        changes.push({ field, from: orNull(sa?.[name]), to: orNull(sb?.[name]) });
      }
    }
  };
  walk(from?.clear, to?.clear, from?.shown, to?.shown, '');
  return changes;
}

/** What a new resource sets: its fields that the entry gives (defaults it leaves out are not listed). */
export function createdFields(state: EntryState, given: Record<string, unknown>): FieldChange[] {
  const top = new Set(Object.keys(given).filter((name) => name !== 'key'));
  return diffStates(null, state).filter((c) => top.has(c.field.split('.')[0]!) && c.to !== null);
}

/**
 * A state with its secrets as they are shown, for a caller who may not write them (a read key, issue 56):
 * compared so, a guessed secret that matches shows no more than one that does not.
 */
export const withoutSecrets = (state: EntryState | null): EntryState | null =>
  state && { clear: state.shown, shown: state.shown };

/** The fields (dotted, as a change names them) whose shown value is or holds a secret. */
export function secretFields(state: EntryState | null): string[] {
  const found: string[] = [];
  const walk = (o: Record<string, unknown>, prefix: string) => {
    for (const [name, v] of Object.entries(o)) {
      if (v === SECRET) found.push(prefix + name);
      else if (isObject(v)) walk(v, `${prefix}${name}.`);
      else if (Array.isArray(v) && JSON.stringify(v).includes(JSON.stringify(SECRET))) found.push(prefix + name);
    }
  };
  if (state) walk(state.shown, '');
  return found;
}
