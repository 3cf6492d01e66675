import { html, type SafeHtml } from '@pageprobe/html';
import { EXTRACT_SOURCES, MAX_REQUESTS, UPTIME_METHODS } from '@pageprobe/test-kinds';
import { type FormState, fieldError } from './form-errors.ts';
import { invalid, jsonView, one, redrawnRows, rowCount, type Values } from './row-editor.ts';

// The forms' request editor (issue 60, item 3): a multistep check's requests as rows, each its name,
// method, URL, headers, body and what it extracts for the requests after it, read and written without
// JavaScript, beside a JSON view of the same list (row-editor.ts: a changed JSON view replaces the rows).
// Headers are lines of `Name: value`; extracts are lines of `name source what` (`token json $.token`,
// `sid header x-session`, `csrf body name="csrf" value="([^"]+)"`). A request's expectations are written in
// the JSON view; its row keeps them. The API judges what the rows say (a URL, a JSONPath, a pattern).

/** Rows a new form shows: a sequence is at least two requests, or it would be an uptime check. */
export const FIRST_REQUEST_ROWS = 2;

interface RequestRow {
  name: string;
  method: string;
  url: string;
  /** Lines of `Name: value`. */
  headers: string;
  body: string;
  contentType: string;
  /** Lines of `name source what`. */
  extract: string;
  /** Its expectations as JSON (kept from the JSON view, edited there). */
  expect: string;
}

const FIELDS = ['name', 'method', 'url', 'headers', 'body', 'content_type', 'extract', 'expect'] as const;
const id = (field: (typeof FIELDS)[number], i: number) => `request_${field}_${i}`;

function rowsOf(v: Values): RequestRow[] {
  return Array.from({ length: rowCount(v, 'request_rows', MAX_REQUESTS) }, (_, i) => ({
    name: one(v, id('name', i)).trim(),
    method: one(v, id('method', i)).trim(),
    url: one(v, id('url', i)).trim(),
    headers: one(v, id('headers', i)),
    body: one(v, id('body', i)),
    contentType: one(v, id('content_type', i)).trim(),
    extract: one(v, id('extract', i)),
    expect: one(v, id('expect', i)).trim(),
  }));
}

const blank = (r: RequestRow) =>
  !r.name && !r.url && !r.headers.trim() && !r.body && !r.contentType && !r.extract.trim() && !r.expect;

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** A row as the API's request, or a 400 naming the row and its field. */
function requestOfRow(r: RequestRow, i: number): Record<string, unknown> {
  const at = `requests.${i}`;
  const say = (field: string, message: string): never =>
    invalid(`${at}.${field}`, message, `Request ${i + 1}: ${message}.`);
  if (!r.url) say('url', 'give its URL, or a path relative to the monitor’s URL');
  const request: Record<string, unknown> = {};
  if (r.name) request.name = r.name;
  if (r.method && r.method !== 'GET') request.method = r.method;
  request.url = r.url;
  const headers = lines(r.headers);
  if (headers.length) {
    request.headers = Object.fromEntries(
      headers.map((line) => {
        const colon = line.indexOf(':');
        if (colon < 1) say('headers', `“${line}” is not a header: write Name: value, one a line`);
        return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
      }),
    );
  }
  if (r.body) request.body = r.body;
  if (r.contentType) request.content_type = r.contentType;
  const extracts = lines(r.extract);
  if (extracts.length) request.extract = extracts.map((line) => extractOfLine(line, (m) => say('extract', m)));
  if (r.expect) {
    try {
      request.expect = JSON.parse(r.expect);
    } catch {
      say('expect', 'its expectations are not valid JSON (change them in the JSON view)');
    }
  }
  return request;
}

/** `name source what` as the API's extract: what a json source reads is a path, a header's a name, a body's a pattern. */
function extractOfLine(line: string, say: (message: string) => never): Record<string, string> {
  const match = /^(\S+)\s+(\S+)\s+(.+)$/.exec(line);
  if (!match) return say(`“${line}” is not an extract: write name, source and what it reads, e.g. token json $.token`);
  const [, name, source, what] = match as unknown as [string, string, string, string];
  const field = { json: 'path', header: 'header', body: 'pattern' }[source];
  if (!field) return say(`“${source}” is not a source of an extract: use ${EXTRACT_SOURCES.join(', ')}`);
  return { name, source, [field]: what };
}

/** An extract as its line (what a line reads back). */
function lineOfExtract(e: Record<string, unknown>): string {
  const what = e.path ?? e.header ?? e.pattern ?? '';
  return `${String(e.name ?? '')} ${String(e.source ?? '')} ${String(what)}`.trim();
}

/**
 * The API's `requests` from the form: the JSON view's when it was changed (parsed; the API judges what it
 * says), else the rows', empty rows left out; undefined for none. A 400 names the row or the JSON view.
 */
export function requestsOfForm(v: Values): unknown {
  const view = jsonView(v, 'requests', 'request_rows', 'The requests’');
  if (view) return view.list;
  const requests = rowsOf(v)
    .filter((r) => !blank(r))
    .map(requestOfRow);
  return requests.length ? requests : undefined;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isRequestList = (x: unknown): x is Array<Record<string, unknown>> => Array.isArray(x) && x.every(isObject);
const str = (x: unknown) => (typeof x === 'string' ? x : '');

/** A request as its row shows it. */
function rowOfRequest(r: Record<string, unknown>): RequestRow {
  return {
    name: str(r.name),
    method: str(r.method),
    url: str(r.url),
    headers: isObject(r.headers)
      ? Object.entries(r.headers)
          .map(([k, value]) => `${k}: ${String(value)}`)
          .join('\n')
      : '',
    body: str(r.body),
    contentType: str(r.content_type),
    extract: Array.isArray(r.extract) ? r.extract.filter(isObject).map(lineOfExtract).join('\n') : '',
    expect: r.expect === undefined ? '' : JSON.stringify(r.expect),
  };
}

/** A row as the JSON view shows it: what it says so far, right or not. */
function jsonOfRow(r: RequestRow): Record<string, unknown> {
  try {
    return requestOfRow(r, 0);
  } catch {
    // Not yet a request: its fields as typed, for the person to finish in either view.
    const out: Record<string, unknown> = { url: r.url };
    if (r.name) out.name = r.name;
    if (r.method) out.method = r.method;
    if (r.body) out.body = r.body;
    return out;
  }
}

/** Rows as form values: each row's fields, the count, and the JSON view (with the copy the page sends back). */
function rowValues(rows: RequestRow[]): Record<string, string> {
  const values: Record<string, string> = { request_rows: String(rows.length) };
  for (const [i, r] of rows.entries()) {
    values[id('name', i)] = r.name;
    values[id('method', i)] = r.method;
    values[id('url', i)] = r.url;
    values[id('headers', i)] = r.headers;
    values[id('body', i)] = r.body;
    values[id('content_type', i)] = r.contentType;
    values[id('extract', i)] = r.extract;
    values[id('expect', i)] = r.expect;
  }
  const filled = rows.filter((r) => !blank(r));
  const json = filled.length ? JSON.stringify(filled.map(jsonOfRow), null, 1) : '';
  values.requests = json;
  values.requests_shown = json;
  return values;
}

/** A stored monitor's or test's requests as the form's rows and JSON view. */
export function requestRowValues(requests: unknown): Record<string, string> {
  return isRequestList(requests) && requests.length ? rowValues(requests.map(rowOfRequest)) : {};
}

const empty = (): RequestRow => ({
  name: '',
  method: '',
  url: '',
  headers: '',
  body: '',
  contentType: '',
  extract: '',
  expect: '',
});

/** The values to draw the form again: the rows as sent (or as the changed JSON view said), one added or removed. */
export const redrawnRequestValues = (v: Values, values: Record<string, string>): Record<string, string> =>
  redrawnRows(
    {
      field: 'requests',
      max: MAX_REQUESTS,
      rowsOf,
      blank,
      empty,
      isList: isRequestList,
      rowOf: (item) => rowOfRequest(item as Record<string, unknown>),
      rowValues,
    },
    v,
    Object.fromEntries(Object.entries(values).filter(([name]) => !/^requests?(_|$)/.test(name))),
  );

/** Whether the form was sent to add or remove a request row rather than to be sent on. */
export const changesRequestRows = (v: Values) => /^(add|remove_\d+)$/.test(one(v, 'requests_action'));

/** A row's messages by its field, from the API's errors (`requests.2.url`, `requests.2.extract.0.path`). */
function rowErrors(state: FormState, i: number): Map<string, string> {
  const at = `requests.${i}`;
  const found = new Map<string, string>();
  for (const [path, message] of Object.entries(state.errors)) {
    if (path !== at && !path.startsWith(`${at}.`)) continue;
    const field = path.slice(at.length + 1).split('.')[0] ?? '';
    const known = (FIELDS as readonly string[]).includes(field) ? field : '';
    if (!found.has(known)) found.set(known, message);
  }
  return found;
}

function requestRow(state: FormState, i: number): SafeHtml {
  const v = (field: (typeof FIELDS)[number]) => state.values[id(field, i)] ?? '';
  const errors = rowErrors(state, i);
  const n = i + 1;
  const hidden = html`<span class="visually-hidden">Request ${n} </span>`;
  const described = (field: (typeof FIELDS)[number], hinted = false) => {
    const error = errors.get(field);
    const ids = [hinted ? `${id(field, i)}-hint` : '', error ? `${id(field, i)}-error` : ''].filter(Boolean).join(' ');
    return html`${ids ? html` aria-describedby="${ids}"` : ''}${error ? html` aria-invalid="true"` : ''}`;
  };
  const hintOf = (field: (typeof FIELDS)[number], hint: SafeHtml | string) =>
    html`<span class="hint" id="${id(field, i)}-hint">${hint}</span>`;
  const errorOf = (field: (typeof FIELDS)[number], label: string) =>
    fieldError(id(field, i), errors.has(field) ? `Request ${n} ${label}: ${errors.get(field)}` : undefined);
  const input = (field: 'name' | 'url' | 'content_type', label: string, attrs: SafeHtml, hint?: string) =>
    html`<p class="request-${field}"><label for="${id(field, i)}">${hidden}${label}</label><input id="${id(field, i)}" name="${id(field, i)}" value="${v(field)}" autocomplete="off" spellcheck="false" ${attrs}${described(field, Boolean(hint))}>${hint ? hintOf(field, hint) : ''}${errorOf(field, label.toLowerCase())}</p>`;
  const area = (field: 'headers' | 'body' | 'extract', label: string, hint: SafeHtml | string) =>
    html`<p class="request-${field}"><label for="${id(field, i)}">${hidden}${label}</label><textarea id="${id(field, i)}" name="${id(field, i)}" rows="2" autocomplete="off" spellcheck="false"${described(field, true)}>${v(field)}</textarea>${hintOf(field, hint)}${errorOf(field, label.toLowerCase())}</p>`;
  const method = v('method') || 'GET';
  const rowError = errors.get('');
  return html`<fieldset class="request-row" id="request-${n}"><legend>Request ${n}</legend>
${input('name', 'Name (optional)', html`maxlength="100"`)}
<p class="request-method"><label for="${id('method', i)}">${hidden}Method</label><select id="${id('method', i)}" name="${id('method', i)}"${described('method')}>${UPTIME_METHODS.map(
    (m) => html`<option value="${m}"${m === method ? html` selected` : ''}>${m}</option>`,
  )}</select>${errorOf('method', 'method')}</p>
${input('url', 'URL', html`maxlength="2048"`, 'Absolute, or a path relative to the URL above; {{name}} puts in what an earlier request extracted.')}
${area('headers', 'Headers', html`One a line: <code>Authorization: Bearer {{token}}</code>. The team’s secrets are <code>{{secrets.NAME}}</code>.`)}
${area('body', 'Body', 'Sent as given with POST, PUT, PATCH, DELETE or OPTIONS.')}
${input('content_type', 'Content type', html`maxlength="200" placeholder="application/json"`)}
${area('extract', 'Extract', html`One a line, name, source and what it reads: <code>token json $.token</code>, <code>sid header x-session</code>, <code>csrf body value="([^"]+)"</code>.`)}
${v('expect') ? html`<p class="hint step-budgets">Expectations: <code>${v('expect')}</code> (change them in the JSON below)</p>` : ''}${errorOf('expect', 'expectations')}<input type="hidden" name="${id('expect', i)}" value="${v('expect')}">
${rowError ? html`<p class="field-error" role="alert">Request ${n}: ${rowError}</p>` : ''}
<p class="step-remove"><button type="submit" class="secondary" name="requests_action" value="remove_${i}">Remove request ${n}</button></p>
</fieldset>`;
}

/** The request editor: the rows, a button for one more, and the JSON view. */
export function requestEditor(state: FormState, legend: string): SafeHtml {
  const count = Math.min(
    Math.max(Number.parseInt(state.values.request_rows ?? '', 10) || FIRST_REQUEST_ROWS, 1),
    MAX_REQUESTS,
  );
  const jsonError = state.errors.requests;
  return html`<fieldset class="steps requests"><legend>${legend}</legend>
<p class="hint">Each request is sent in order; a value one extracts is <code>{{name}}</code> in the requests after it. Fill the rows, or write them as JSON below: if you change the JSON, it replaces the rows. A request’s expectations (its <code>expect</code>) are written in the JSON.</p>
<input type="hidden" name="request_rows" value="${String(count)}">
${Array.from({ length: count }, (_, i) => requestRow(state, i))}
${count < MAX_REQUESTS ? html`<p><button type="submit" class="secondary" name="requests_action" value="add">Add a request</button></p>` : ''}
<details${jsonError ? html` open` : ''}><summary>Requests as JSON</summary>
<p><label for="requests">Requests (JSON)</label><textarea id="requests" name="requests" rows="8" autocomplete="off" spellcheck="false" aria-describedby="requests-json-hint${jsonError ? ' requests-error' : ''}"${jsonError ? html` aria-invalid="true"` : ''}>${state.values.requests ?? ''}</textarea><span class="hint" id="requests-json-hint">The rows above as the API’s <code>requests</code>, each {url, method?, headers?, body?, content_type?, expect?, extract?, name?}. Changed, it replaces the rows when the form is sent.</span>${fieldError('requests', jsonError)}</p>
<input type="hidden" name="requests_shown" value="${state.values.requests_shown ?? ''}">
</details>
</fieldset>`;
}
