import { html, type SafeHtml } from '@pageprobe/html';
import {
  BROWSER_ONLY_STEPS,
  BROWSER_STEP_FIELDS,
  BROWSER_STEP_TYPES,
  MAX_BROWSER_STEPS,
  type StepValueField,
} from '@pageprobe/test-kinds';
import { type FormState, fieldError } from './form-errors.ts';
import { invalid, jsonView, one, redrawnRows, rowCount, type Values } from './row-editor.ts';
import { listed } from './kind-words.ts';

// The forms' step editor: a row a step (its action, selector, value and name), read and written without
// JavaScript, and a JSON view of the same steps. What each action takes is the browser kind's table
// (BROWSER_STEP_FIELDS). The JSON view wins when it was changed: the page sends back the JSON it showed,
// and JSON that differs from it replaces the rows. Budgets are written in the JSON view; a row keeps
// them. What a type step types is a secret: never written back into the page, it is asked again.

/** What a form sends: one string a field, several for a field sent more than once. */

/** Rows a new form shows. */
export const FIRST_ROWS = 2;
/** What a person calls each value field, as its input's label once the row's action is known. */
const VALUE_WORDS: Record<StepValueField, string> = {
  url: 'URL',
  text: 'Text',
  value: 'Option value',
  key: 'Key',
  expression: 'Expression',
  ms: 'Milliseconds',
};
const BROWSER_ONLY = new Set<string>(BROWSER_ONLY_STEPS);
/** Values kept as typed (spaces count); the others are trimmed. */
const AS_TYPED = new Set<StepValueField>(['text', 'value', 'expression']);

interface StepRow {
  type: string;
  selector: string;
  value: string;
  name: string;
  /** Its budgets as JSON (kept from the JSON view, edited there). */
  expect: string;
}

const fieldsOf = (type: string) =>
  (BROWSER_STEP_TYPES as string[]).includes(type)
    ? BROWSER_STEP_FIELDS[type as keyof typeof BROWSER_STEP_FIELDS]
    : undefined;

function rowsOf(v: Values): StepRow[] {
  return Array.from({ length: rowCount(v, 'step_rows', MAX_BROWSER_STEPS) }, (_, i) => ({
    type: one(v, `step_type_${i}`).trim(),
    selector: one(v, `step_selector_${i}`).trim(),
    value: one(v, `step_value_${i}`),
    name: one(v, `step_name_${i}`).trim(),
    expect: one(v, `step_expect_${i}`).trim(),
  }));
}

const blank = (r: StepRow) => !r.type && !r.selector && !r.value.trim() && !r.name && !r.expect;

/** A row as the API's step, or a 400 naming the row and its field. */
function stepOfRow(r: StepRow, i: number): Record<string, unknown> {
  const at = `steps.${i}`;
  const say = (field: string, message: string): never =>
    invalid(`${at}.${field}`, message, `Step ${i + 1}: ${message}.`);
  if (!r.type) return say('type', 'choose what the step does');
  const fields = fieldsOf(r.type);
  if (!fields) return say('type', `${r.type} is not a step a journey takes`);
  const step: Record<string, unknown> = { type: r.type };
  if (r.selector && !fields.selector) say('selector', `a ${r.type} step takes no selector`);
  if (!r.selector && fields.selector === 'required') say('selector', `a ${r.type} step needs a CSS selector`);
  if (r.selector) step.selector = r.selector;
  const value = fields.value;
  const given = value && AS_TYPED.has(value.field) ? r.value : r.value.trim();
  if (!value) {
    if (given.trim()) say('value', `a ${r.type} step takes no value`);
  } else if (!given && !value.optional) {
    say(value.field, `a ${r.type} step needs ${value.label}`);
  } else if (value.field === 'ms') {
    if (!/^\d{1,9}$/.test(given)) say('ms', 'the milliseconds to wait must be a whole number');
    step.ms = Number(given);
  } else {
    step[value.field] = given;
  }
  if (r.name) step.name = r.name;
  if (r.expect) {
    try {
      step.expect = JSON.parse(r.expect);
    } catch {
      say('expect', 'its budgets are not valid JSON (change them in the JSON view)');
    }
  }
  return step;
}

/**
 * The API's `steps` from the form: the JSON view's when it was changed (parsed; the API judges what it
 * says), else the rows', empty rows left out; undefined for none. A 400 names the row or the JSON view.
 */
export function stepsOfForm(v: Values): unknown {
  const view = jsonView(v, 'steps', 'step_rows', 'The steps’');
  if (view) return view.list;
  const steps = rowsOf(v)
    .filter((r) => !blank(r))
    .map(stepOfRow);
  return steps.length ? steps : undefined;
}

/** A step's values as a row shows them; what a type step types is left out (asked again). */
function rowOfStep(step: Record<string, unknown>): StepRow {
  const type = typeof step.type === 'string' ? step.type : '';
  const field = fieldsOf(type)?.value?.field;
  const raw = field ? step[field] : undefined;
  const value = type === 'type' || raw === undefined || raw === null ? '' : String(raw);
  return {
    type,
    selector: typeof step.selector === 'string' ? step.selector : '',
    value,
    name: typeof step.name === 'string' ? step.name : '',
    expect: step.expect === undefined ? '' : JSON.stringify(step.expect),
  };
}

/** A row as the JSON view shows it: what it says so far, right or not (no typed text). */
function jsonOfRow(r: StepRow): Record<string, unknown> {
  const step: Record<string, unknown> = { type: r.type };
  if (r.selector) step.selector = r.selector;
  const field = fieldsOf(r.type)?.value?.field;
  if (field && r.value && r.type !== 'type')
    step[field] = field === 'ms' && /^\d+$/.test(r.value) ? Number(r.value) : r.value;
  if (r.name) step.name = r.name;
  if (r.expect) {
    try {
      step.expect = JSON.parse(r.expect);
    } catch {
      step.expect = r.expect;
    }
  }
  return step;
}

const isStepList = (steps: unknown): steps is Array<Record<string, unknown>> =>
  Array.isArray(steps) && steps.every((s) => typeof s === 'object' && s !== null && !Array.isArray(s));

/** Rows as form values: each row's fields, the count, and the JSON view (with the copy the page sends back). */
function rowValues(rows: StepRow[]): Record<string, string> {
  const values: Record<string, string> = { step_rows: String(rows.length) };
  for (const [i, r] of rows.entries()) {
    values[`step_type_${i}`] = r.type;
    values[`step_selector_${i}`] = r.selector;
    values[`step_value_${i}`] = r.type === 'type' ? '' : r.value;
    values[`step_name_${i}`] = r.name;
    values[`step_expect_${i}`] = r.expect;
  }
  const filled = rows.filter((r) => !blank(r));
  const json = filled.length ? JSON.stringify(filled.map(jsonOfRow), null, 1) : '';
  values.steps = json;
  values.steps_shown = json;
  return values;
}

/** A stored test's or monitor's steps as the form's rows (what a type step typed is not among them). */
export function stepRowValues(steps: unknown): Record<string, string> {
  return isStepList(steps) && steps.length ? rowValues(steps.map(rowOfStep)) : {};
}

/** The form's values without their step fields. */
const withoutStepFields = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).filter(([name]) => !/^steps?(_|$)/.test(name)));

/**
 * The form's values to draw it again (after a refusal, or to add or remove a row): the rows as sent, or
 * as the changed JSON view said; empty rows dropped, the row asked for added or removed. What a type
 * step types is not among them. JSON that did not parse stays as typed, still changed, to be fixed.
 */
export const redrawnStepValues = (v: Values, values: Record<string, string>): Record<string, string> =>
  redrawnRows(
    {
      field: 'steps',
      max: MAX_BROWSER_STEPS,
      rowsOf,
      blank,
      empty: () => ({ type: '', selector: '', value: '', name: '', expect: '' }),
      isList: isStepList,
      rowOf: (item) => rowOfStep(item as Record<string, unknown>),
      rowValues,
    },
    v,
    withoutStepFields(values),
  );

/** Whether the form was sent to add or remove a row rather than to be sent on. */
export const changesRows = (v: Values) => /^(add|remove_\d+)$/.test(one(v, 'steps_action'));

/** The message of a row's field, or of the row (`steps.2`), from the API's errors. */
function rowErrors(state: FormState, i: number): Array<[field: string, message: string]> {
  const at = `steps.${i}`;
  return Object.entries(state.errors)
    .filter(([path]) => path === at || path.startsWith(`${at}.`))
    .map(([path, message]) => [path.slice(at.length + 1), message]);
}

/** The actions, those a user flow takes too first, then a journey's own (the step types' own folder says which). */
const ACTION_GROUPS: ReadonlyArray<readonly [label: string, types: string[]]> = [
  ['Flows and journeys', BROWSER_STEP_TYPES.filter((t) => !BROWSER_ONLY.has(t))],
  ['Journeys only', BROWSER_STEP_TYPES.filter((t) => BROWSER_ONLY.has(t))],
];

/** Which value each action takes, in words: the editor's hint. */
const VALUE_HINT = `Value: the ${listed(
  BROWSER_STEP_TYPES.flatMap((t) => {
    const value = BROWSER_STEP_FIELDS[t].value;
    const word = VALUE_WORDS[value?.field ?? 'value'];
    return value ? [`${word === 'URL' ? word : word.toLowerCase()} of ${t}`] : [];
  }),
)}; the other actions take none.`;

function stepRow(state: FormState, i: number): SafeHtml {
  const v = (name: string) => state.values[`step_${name}_${i}`] ?? '';
  const type = v('type');
  const fields = fieldsOf(type);
  const errors = rowErrors(state, i);
  const errorOf = (...names: string[]) => errors.find(([f]) => names.includes(f.split('.')[0]!))?.[1];
  const valueFields = ['value', 'url', 'text', 'key', 'expression', 'ms'];
  const rowError = errors.find(([f]) => ![...valueFields, 'type', 'selector', 'name'].includes(f.split('.')[0]!));
  const id = (name: string) => `step_${name}_${i}`;
  const invalidAttrs = (name: string, message: string | undefined, hint?: string) =>
    message
      ? html` aria-invalid="true" aria-describedby="${hint ? `${hint} ` : ''}${id(name)}-error"`
      : hint
        ? html` aria-describedby="${hint}"`
        : '';
  const typeError = errorOf('type');
  const selectorError = errorOf('selector');
  const valueError = errorOf(...valueFields);
  const nameError = errorOf('name');
  const value = fields?.value;
  const valueLabel = value ? VALUE_WORDS[value.field] : fields ? 'Value (none)' : 'Value';
  // Known once the form comes back with the row's action chosen; a new row's is in the editor's hint.
  const valueHint =
    type === 'type'
      ? 'Kept secret: never shown again, so asked again whenever the form comes back.'
      : value
        ? `The ${value.label}.`
        : fields
          ? `A ${type} step takes none.`
          : '';
  const hidden = (text: string) => html`<span class="visually-hidden">${text}</span>`;
  const n = i + 1;
  return html`<fieldset class="step-row" id="step-${n}"><legend>Step ${n}</legend>
<p><label for="${id('type')}">${hidden(`Step ${n} `)}Action</label><select id="${id('type')}" name="${id('type')}"${invalidAttrs('type', typeError)}><option value="">Choose…</option>${ACTION_GROUPS.map(
    ([label, types]) =>
      html`<optgroup label="${label}">${types.map((t) => html`<option value="${t}"${t === type ? html` selected` : ''}>${t}</option>`)}</optgroup>`,
  )}</select>${fieldError(id('type'), typeError && `Step ${n}: ${typeError}`)}</p>
<p><label for="${id('selector')}">${hidden(`Step ${n} `)}Selector${fields && !fields.selector ? ' (none)' : fields?.selector === 'optional' ? ' (optional)' : ''}</label><input id="${id('selector')}" name="${id('selector')}" value="${v('selector')}" maxlength="500" autocomplete="off" spellcheck="false"${invalidAttrs('selector', selectorError)}>${fieldError(id('selector'), selectorError && `Step ${n} selector: ${selectorError}`)}</p>
<p><label for="${id('value')}">${hidden(`Step ${n} `)}${valueLabel}</label><input id="${id('value')}" name="${id('value')}" value="${v('value')}" maxlength="2048" autocomplete="off" spellcheck="false"${type === 'type' ? html` type="password"` : ''}${invalidAttrs('value', valueError, valueHint ? `${id('value')}-hint` : undefined)}>${valueHint ? html`<span class="hint" id="${id('value')}-hint">${valueHint}</span>` : ''}${fieldError(id('value'), valueError && `Step ${n}: ${valueError}`)}</p>
<p><label for="${id('name')}">${hidden(`Step ${n} `)}Name (optional)</label><input id="${id('name')}" name="${id('name')}" value="${v('name')}" maxlength="100" autocomplete="off"${invalidAttrs('name', nameError)}>${fieldError(id('name'), nameError && `Step ${n} name: ${nameError}`)}</p>
${v('expect') ? html`<p class="hint step-budgets">Budgets: <code>${v('expect')}</code> (change them in the JSON view)</p>` : ''}<input type="hidden" name="${id('expect')}" value="${v('expect')}">
${rowError ? html`<p class="field-error" role="alert">Step ${n}${rowError[0] ? ` ${rowError[0]}` : ''}: ${rowError[1]}</p>` : ''}
<p class="step-remove"><button type="submit" class="secondary" name="steps_action" value="remove_${i}">Remove step ${n}</button></p>
</fieldset>`;
}

/**
 * The step editor: the rows, a button for one more, and the JSON view. `first` is the form's own submit
 * button's text: an Enter in a field sends the form's first submit button, so the form starts with a copy
 * of it, out of sight, rather than sending "Remove step 1".
 */
export function stepEditor(state: FormState, legend: string): SafeHtml {
  const count = Math.min(
    Math.max(Number.parseInt(state.values.step_rows ?? '', 10) || FIRST_ROWS, 1),
    MAX_BROWSER_STEPS,
  );
  const jsonError = state.errors.steps;
  return html`<fieldset class="steps"><legend>${legend}</legend>
<p class="hint" id="steps-hint">Each step runs after the URL loads, in order, on the same page. A selector is a CSS selector. ${VALUE_HINT} Fill the rows, or write the steps as JSON in the JSON view below: if you change the JSON, it replaces the rows. Budgets (a step’s <code>expect</code>) are written in the JSON view. Add the rows you need before typing a type step’s text: it is never sent back to the page.</p>
<input type="hidden" name="step_rows" value="${String(count)}">
${Array.from({ length: count }, (_, i) => stepRow(state, i))}
${count < MAX_BROWSER_STEPS ? html`<p><button type="submit" class="secondary" name="steps_action" value="add">Add a step</button></p>` : ''}
<details${jsonError ? html` open` : ''}><summary>JSON view</summary>
<p><label for="steps">Steps (JSON)</label><textarea id="steps" name="steps" rows="6" autocomplete="off" spellcheck="false" aria-describedby="steps-json-hint${jsonError ? ' steps-error' : ''}"${jsonError ? html` aria-invalid="true"` : ''}>${state.values.steps ?? ''}</textarea><span class="hint" id="steps-json-hint">The rows above as the API’s <code>steps</code>. Changed, it replaces the rows when the form is sent, e.g. <code>[{"type": "click", "selector": "#add", "name": "add to basket", "expect": [{"source": "step_ms", "operator": "lt", "value": 1500}]}]</code>.</span>${fieldError('steps', jsonError)}</p>
<input type="hidden" name="steps_shown" value="${state.values.steps_shown ?? ''}">
</details>
</fieldset>`;
}

/** The form's first submit button, out of sight and out of the tab order: what Enter in a field sends. */
export const defaultSubmit = (text: string): SafeHtml =>
  html`<button type="submit" class="visually-hidden" tabindex="-1" aria-hidden="true">${text}</button>`;
