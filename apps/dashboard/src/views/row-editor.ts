import { ProblemError } from '@pageprobe/services';

// What the forms' row editors share (browser steps, step-rows.ts; expectations, expect-rows.ts): rows
// drawn as numbered fields beside a JSON view of the same list, "add" and "remove N" buttons that draw the
// form again, and a JSON view that, once changed, replaces the rows.

export type Values = Record<string, string | string[] | undefined>;

/** A field's one value (a repeated field's first). */
export const one = (v: Values, name: string): string => {
  const value = v[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

/** A 400 naming the field (`body.<path>`) with the sentence shown above the form. */
export const invalid = (path: string, message: string, sentence: string): never => {
  throw new ProblemError(400, 'validation_failed', sentence, { errors: [{ path: `body.${path}`, message }] });
};

/** How many rows the form had (bounded: a forged count draws no more than `max`). */
export function rowCount(v: Values, field: string, max: number): number {
  const n = Number.parseInt(one(v, field), 10);
  return Number.isFinite(n) ? Math.min(Math.max(n, 0), max) : 0;
}

/** Whether the JSON view was changed from what the page showed (by what it says, not its spacing). */
export function jsonChanged(text: string, shown: string): boolean {
  const canonical = (t: string) => {
    try {
      return JSON.stringify(JSON.parse(t));
    } catch {
      return t.trim();
    }
  };
  return canonical(text) !== canonical(shown);
}

/**
 * What a list's JSON view says when it wins over the rows (changed from what the page showed, or no rows
 * sent): `{ list }`, parsed (the API judges what it says) or undefined when emptied; null when the rows
 * count. JSON that does not parse is a 400 naming the view; `whose` is the list's words ("The steps’").
 */
export function jsonView(v: Values, field: string, rowsField: string, whose: string): { list: unknown } | null {
  const json = one(v, field);
  if (!jsonChanged(json, one(v, `${field}_shown`)) && rowsField in v) return null;
  if (!json.trim()) return { list: undefined };
  try {
    return { list: JSON.parse(json) };
  } catch (error) {
    return invalid(field, `is not valid JSON (${(error as Error).message})`, `${whose} JSON view is not valid JSON.`);
  }
}

/** One editor's shape: its JSON field's name (`steps`, `expect`) and how its rows are read and drawn. */
export interface RowEditor<Row> {
  field: string;
  max: number;
  rowsOf(v: Values): Row[];
  blank(row: Row): boolean;
  empty(): Row;
  /** Whether parsed JSON is a list of this editor's items, and an item as a row. */
  isList(parsed: unknown): parsed is unknown[];
  rowOf(item: unknown): Row;
  rowValues(rows: Row[]): Record<string, string>;
}

/**
 * The form's values to draw it again (after a refusal, or to add or remove a row): the rows as sent, or as
 * the changed JSON view said; empty rows dropped (kept while a person adds and removes them, so rows keep
 * their numbers), the row asked for added or removed. JSON that did not parse stays as typed, to be fixed.
 * The values of `others` come first, without the editor's own fields.
 */
export function redrawnRows<Row>(
  editor: RowEditor<Row>,
  v: Values,
  others: Record<string, string>,
): Record<string, string> {
  const json = one(v, editor.field);
  const action = one(v, `${editor.field}_action`);
  const removed = /^remove_(\d+)$/.exec(action);
  let rows = action ? editor.rowsOf(v) : editor.rowsOf(v).filter((r) => !editor.blank(r));
  let kept: string | null = null;
  if (jsonChanged(json, one(v, `${editor.field}_shown`))) {
    let parsed: unknown;
    try {
      parsed = json.trim() ? JSON.parse(json) : [];
    } catch {
      parsed = undefined;
    }
    if (editor.isList(parsed)) rows = parsed.map((item) => editor.rowOf(item));
    else kept = json;
  }
  if (removed) rows = rows.filter((_, i) => i !== Number(removed[1]));
  if (action === 'add' && rows.length < editor.max) rows.push(editor.empty());
  if (rows.length === 0) rows.push(editor.empty());
  const drawn = editor.rowValues(rows);
  if (kept !== null) drawn[editor.field] = kept;
  return { ...others, ...drawn };
}
