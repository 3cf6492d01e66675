import { MAX_PAGE_GROUPS } from '@pageprobe/rum';
import { html, type SafeHtml } from '@pageprobe/html';
import { type FormState, fieldError } from '../../views/form-errors.ts';
import { jsonView, one, redrawnRows, rowCount, type Values } from '../../views/row-editor.ts';

// A site's page groups as rows (issue 61): a name and a path glob each, read and drawn without
// JavaScript through the shared row editor, with the API's JSON as another view of the same list.

interface GroupRow {
  name: string;
  pattern: string;
}

const rowsOf = (v: Values): GroupRow[] =>
  Array.from({ length: rowCount(v, 'group_rows', MAX_PAGE_GROUPS) }, (_, i) => ({
    name: one(v, `group_name_${i}`).trim(),
    pattern: one(v, `group_pattern_${i}`).trim(),
  }));

const blank = (r: GroupRow) => !r.name && !r.pattern;

const isList = (x: unknown): x is Array<Record<string, unknown>> =>
  Array.isArray(x) && x.every((e) => typeof e === 'object' && e !== null && !Array.isArray(e));

const text = (x: unknown) => (typeof x === 'string' ? x : x === undefined || x === null ? '' : JSON.stringify(x));

function rowValues(rows: GroupRow[]): Record<string, string> {
  const values: Record<string, string> = { group_rows: String(rows.length) };
  for (const [i, r] of rows.entries()) {
    values[`group_name_${i}`] = r.name;
    values[`group_pattern_${i}`] = r.pattern;
  }
  const filled = rows.filter((r) => !blank(r));
  const json = filled.length ? JSON.stringify(filled, null, 1) : '';
  values.page_groups = json;
  values.page_groups_shown = json;
  return values;
}

/** The API's `page_groups` from the form: the changed JSON view's, else the rows' (empty ones left out). */
export function groupsOfForm(v: Values): unknown {
  const view = jsonView(v, 'page_groups', 'group_rows', 'The page groups’');
  if (view) return view.list ?? [];
  return rowsOf(v)
    .filter((r) => !blank(r))
    .map((r) => ({ name: r.name, pattern: r.pattern }));
}

/** A site's groups as the form's rows and JSON view. */
export const groupRowValues = (groups: Array<{ name: string; pattern: string }>): Record<string, string> =>
  rowValues(groups.length ? groups : [{ name: '', pattern: '' }]);

/** The values to draw the form again: the rows as sent (or as the changed JSON view said), one added or removed. */
export const redrawnGroupValues = (v: Values, values: Record<string, string>): Record<string, string> =>
  redrawnRows(
    {
      field: 'page_groups',
      max: MAX_PAGE_GROUPS,
      rowsOf,
      blank,
      empty: () => ({ name: '', pattern: '' }),
      isList,
      rowOf: (item) => {
        const g = item as Record<string, unknown>;
        return { name: text(g.name), pattern: text(g.pattern) };
      },
      rowValues,
    },
    // The shared editor names its action `<field>_action`: page_groups_action.
    v,
    Object.fromEntries(Object.entries(values).filter(([name]) => !/^(group_|page_groups)/.test(name))),
  );

/** Whether the form was sent to add or remove a group row rather than to be saved. */
export const changesGroupRows = (v: Values) => /^(add|remove_\d+)$/.test(one(v, 'page_groups_action'));

function groupRow(state: FormState, i: number): SafeHtml {
  const n = i + 1;
  const id = (name: string) => `group_${name}_${i}`;
  const at = `page_groups.${i}`;
  const errors = Object.entries(state.errors).filter(([p]) => p === at || p.startsWith(`${at}.`));
  const error = errors.map(([p, m]) => `${p.slice(at.length + 1) || 'it'} ${m}`).join('; ');
  const invalidAttr = error ? html` aria-invalid="true" aria-describedby="${id('row')}-error"` : '';
  const hidden = (t: string) => html`<span class="visually-hidden">${t}</span>`;
  return html`<fieldset class="group-row"><legend>Page group ${n}</legend>
<p><label for="${id('name')}">${hidden(`Page group ${n} `)}Name</label><input id="${id('name')}" name="${id('name')}" value="${state.values[id('name')] ?? ''}" maxlength="60" autocomplete="off"${invalidAttr}></p>
<p><label for="${id('pattern')}">${hidden(`Page group ${n} `)}Path pattern</label><input id="${id('pattern')}" name="${id('pattern')}" value="${state.values[id('pattern')] ?? ''}" maxlength="200" placeholder="/blog/*" autocomplete="off" spellcheck="false"${invalidAttr}></p>
${fieldError(id('row'), error && `Page group ${n}: ${error}`)}
<p class="row-remove"><button type="submit" class="secondary" name="page_groups_action" value="remove_${i}">Remove page group ${n}</button></p>
</fieldset>`;
}

/** The page groups' editor: its rows, a button for one more, and the JSON view. */
export function groupEditor(state: FormState): SafeHtml {
  const count = Math.min(Math.max(Number.parseInt(state.values.group_rows ?? '', 10) || 1, 1), MAX_PAGE_GROUPS);
  const jsonError = state.errors.page_groups;
  return html`<fieldset class="page-groups"><legend>Page groups</legend>
<p class="hint">A page view counts in the first group whose path pattern matches its path (<code>*</code> matches any run of characters: <code>/blog/*</code>, <code>/products/*/reviews</code>), else in “other”. Empty rows are left out.</p>
<input type="hidden" name="group_rows" value="${String(count)}">
${Array.from({ length: count }, (_, i) => groupRow(state, i))}
${count < MAX_PAGE_GROUPS ? html`<p><button type="submit" class="secondary" name="page_groups_action" value="add">Add a page group</button></p>` : ''}
<details${jsonError ? html` open` : ''}><summary>Page groups as JSON</summary>
<p><label for="page_groups">Page groups (JSON)</label><span class="hint" id="page_groups-hint">A list of {"name", "pattern"}, as the API takes it. Changed, it replaces the rows when the form is sent.</span><textarea id="page_groups" name="page_groups" rows="4" autocomplete="off" spellcheck="false" aria-describedby="page_groups-hint${jsonError ? ' page_groups-error' : ''}"${jsonError ? html` aria-invalid="true"` : ''}>${state.values.page_groups ?? ''}</textarea>${fieldError('page_groups', jsonError)}</p>
<input type="hidden" name="page_groups_shown" value="${state.values.page_groups_shown ?? ''}">
</details>
</fieldset>`;
}
