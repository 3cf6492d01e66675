import { html, type SafeHtml } from '@pageprobe/html';
import {
  EXPECT_SOURCES,
  MAX_EXPECTATIONS,
  OPERATOR_WORDS,
  type Operator,
  SOURCE_OPERATORS,
  type Source,
} from '@pageprobe/test-kinds';
import { type FormState, fieldError } from './form-errors.ts';
import { invalid, jsonView, one, redrawnRows, rowCount, type Values } from './row-editor.ts';

// A check's expectations as rows (issue 60): a row an expectation (its source, a header's name or a
// JSON path, an operator, a value, what its failure makes of the check), read and written without
// JavaScript as step-rows.ts does steps, and the API's JSON as another view of the same list: the page
// sends back the JSON it showed, and JSON that differs from it replaces the rows.

interface ExpectRow {
  source: string;
  key: string;
  operator: string;
  value: string;
  severity: string;
}

const FIELDS = ['source', 'key', 'operator', 'value', 'severity'] as const;
/** Sources whose value is a number (the API refuses a number given as text). */
const NUMERIC = new Set<string>(['status', 'response_time', 'certificate_days']);
const VALUELESS = new Set<string>(['exists', 'not_empty']);
const SOURCE_WORDS: Record<Source, string> = {
  status: 'Status code',
  header: 'Response header',
  body: 'Body',
  json: 'JSON value',
  response_time: 'Response time (ms)',
  certificate_days: 'Certificate days left',
  answers: 'Answers',
};

const rowsOf = (v: Values): ExpectRow[] =>
  Array.from({ length: rowCount(v, 'expect_rows', MAX_EXPECTATIONS) }, (_, i) => ({
    source: one(v, `expect_source_${i}`).trim(),
    key: one(v, `expect_key_${i}`).trim(),
    operator: one(v, `expect_operator_${i}`).trim(),
    value: one(v, `expect_value_${i}`),
    severity: one(v, `expect_severity_${i}`).trim(),
  }));

/** A row nobody filled: no source, key or value (an operator alone is the select's first choice). */
const blank = (r: ExpectRow) => !r.source && !r.key && !r.value.trim();

/** A row as the API's expectation; the API judges whether the source takes the operator. */
function expectationOfRow(r: ExpectRow, i: number): Record<string, unknown> {
  const say = (field: string, message: string): never =>
    invalid(`expect.${i}.${field}`, message, `Expectation ${i + 1}: ${message}.`);
  if (!r.source) say('source', 'choose what it reads');
  if (!r.operator) say('operator', 'choose how it compares');
  const e: Record<string, unknown> = { source: r.source, operator: r.operator };
  if (r.source === 'header') e.name = r.key;
  if (r.source === 'json') e.path = r.key || '$';
  const value = r.value.trim();
  if (!VALUELESS.has(r.operator)) {
    if (NUMERIC.has(r.source) && /^-?\d+(\.\d+)?$/.test(value)) e.value = Number(value);
    else if (r.source === 'json') {
      try {
        e.value = JSON.parse(value);
      } catch {
        e.value = value;
      }
    } else e.value = r.value;
  }
  if (r.severity === 'degraded') e.severity = 'degraded';
  return e;
}

/** The API's `expect` from the form: the changed JSON view's, else the rows' (empty ones left out); undefined for none. */
export function expectOfForm(v: Values): unknown {
  const view = jsonView(v, 'expect', 'expect_rows', 'The expectations’');
  if (view) return view.list;
  const list = rowsOf(v)
    .filter((r) => !blank(r))
    .map(expectationOfRow);
  return list.length ? list : undefined;
}

const text = (x: unknown) => (x === undefined || x === null ? '' : typeof x === 'string' ? x : JSON.stringify(x));

function rowOfExpectation(e: Record<string, unknown>): ExpectRow {
  return {
    source: text(e.source),
    key: text(e.source === 'header' ? e.name : e.source === 'json' ? e.path : ''),
    operator: text(e.operator),
    value: text(e.value),
    severity: e.severity === 'degraded' ? 'degraded' : '',
  };
}

const isList = (x: unknown): x is Array<Record<string, unknown>> =>
  Array.isArray(x) && x.every((e) => typeof e === 'object' && e !== null && !Array.isArray(e));

function rowValues(rows: ExpectRow[]): Record<string, string> {
  const values: Record<string, string> = { expect_rows: String(rows.length) };
  for (const [i, r] of rows.entries()) for (const f of FIELDS) values[`expect_${f}_${i}`] = r[f];
  const filled = rows.filter((r) => !blank(r));
  let json = '';
  try {
    json = filled.length ? JSON.stringify(filled.map(expectationOfRow), null, 1) : '';
  } catch {
    // A row not yet whole: the JSON view shows what the rows will say once they are.
  }
  values.expect = json;
  values.expect_shown = json;
  return values;
}

/** A stored monitor's expectations as the form's rows and JSON view. */
export function expectRowValues(expect: unknown): Record<string, string> {
  return isList(expect) && expect.length ? rowValues(expect.map(rowOfExpectation)) : {};
}

/** The values to draw the form again: the rows as sent (or as the changed JSON view said), one added or removed. */
export const redrawnExpectValues = (v: Values, values: Record<string, string>): Record<string, string> =>
  redrawnRows(
    {
      field: 'expect',
      max: MAX_EXPECTATIONS,
      rowsOf,
      blank,
      empty: () => ({ source: '', key: '', operator: '', value: '', severity: '' }),
      isList,
      rowOf: (item) => rowOfExpectation(item as Record<string, unknown>),
      rowValues,
    },
    v,
    Object.fromEntries(Object.entries(values).filter(([name]) => !/^expect(_|$)/.test(name))),
  );

/** Whether the form was sent to add or remove an expectation row rather than to be saved. */
export const changesExpectRows = (v: Values) => /^(add|remove_\d+)$/.test(one(v, 'expect_action'));

function expectRow(state: FormState, i: number, sources: readonly Source[]): SafeHtml {
  const v = (name: string) => state.values[`expect_${name}_${i}`] ?? '';
  const n = i + 1;
  const id = (name: string) => `expect_${name}_${i}`;
  const at = `expect.${i}`;
  const errors = Object.entries(state.errors).filter(([p]) => p === at || p.startsWith(`${at}.`));
  const error = errors.length ? errors.map(([p, m]) => `${p.slice(at.length + 1) || 'it'}: ${m}`).join('; ') : '';
  const operators = [...new Set(sources.flatMap((s) => SOURCE_OPERATORS[s]))] as Operator[];
  const hidden = (t: string) => html`<span class="visually-hidden">${t}</span>`;
  const option = (value: string, label: string, chosen: string) =>
    html`<option value="${value}"${value === chosen ? html` selected` : ''}>${label}</option>`;
  const invalidAttr = error ? html` aria-invalid="true" aria-describedby="${id('row')}-error"` : '';
  return html`<fieldset class="expect-row"><legend>Expectation ${n}</legend>
<p><label for="${id('source')}">${hidden(`Expectation ${n} `)}Source</label><select id="${id('source')}" name="${id('source')}"${invalidAttr}>${option('', 'Choose…', v('source'))}${sources.map((s) => option(s, SOURCE_WORDS[s], v('source')))}</select></p>
<p><label for="${id('key')}">${hidden(`Expectation ${n} `)}Header or path</label><input id="${id('key')}" name="${id('key')}" value="${v('key')}" maxlength="500" autocomplete="off" spellcheck="false"></p>
<p><label for="${id('operator')}">${hidden(`Expectation ${n} `)}Operator</label><select id="${id('operator')}" name="${id('operator')}">${option('', 'Choose…', v('operator'))}${operators.map((o) => option(o, OPERATOR_WORDS[o], v('operator')))}</select></p>
<p><label for="${id('value')}">${hidden(`Expectation ${n} `)}Value</label><input id="${id('value')}" name="${id('value')}" value="${v('value')}" maxlength="1000" autocomplete="off" spellcheck="false"></p>
<p><label for="${id('severity')}">${hidden(`Expectation ${n} `)}If it fails</label><select id="${id('severity')}" name="${id('severity')}">${option('', 'Down', v('severity'))}${option('degraded', 'Degraded (slow but up)', v('severity'))}</select></p>
${fieldError(id('row'), error && `Expectation ${n}: ${error}`)}
<p class="row-remove"><button type="submit" class="secondary" name="expect_action" value="remove_${i}">Remove expectation ${n}</button></p>
</fieldset>`;
}

/** The expectation editor of a kind: its rows, a button for one more, and the JSON view. */
export function expectEditor(state: FormState, kind: string, hint: string): SafeHtml {
  const sources = EXPECT_SOURCES[kind] ?? [];
  const count = Math.min(Math.max(Number.parseInt(state.values.expect_rows ?? '', 10) || 1, 1), MAX_EXPECTATIONS);
  const jsonError = state.errors.expect;
  return html`<fieldset class="expectations"><legend>Expectations</legend>
<p class="hint">Each row one expectation, all of which must hold; empty rows are left out. A header’s name or a JSON path (e.g. <code>$.status</code>) goes in “Header or path”.</p>
<input type="hidden" name="expect_rows" value="${String(count)}">
${Array.from({ length: count }, (_, i) => expectRow(state, i, sources))}
${count < MAX_EXPECTATIONS ? html`<p><button type="submit" class="secondary" name="expect_action" value="add">Add an expectation</button></p>` : ''}
<details${jsonError ? html` open` : ''}><summary>Expectations as JSON</summary>
<p><label for="expect">Expectations (JSON)</label><span class="hint" id="expect-hint">${hint} Changed, it replaces the rows when the form is sent.</span><textarea id="expect" name="expect" rows="4" autocomplete="off" spellcheck="false" aria-describedby="expect-hint${jsonError ? ' expect-error' : ''}"${jsonError ? html` aria-invalid="true"` : ''}>${state.values.expect ?? ''}</textarea>${fieldError('expect', jsonError)}</p>
<input type="hidden" name="expect_shown" value="${state.values.expect_shown ?? ''}">
</details>
</fieldset>`;
}
