import { type MonitorWithChannels, ProblemError } from '@pageprobe/api/services';
import { html, type SafeHtml } from '@pageprobe/test-kinds';
import { fieldError, type FormState } from '../../views/form-errors.ts';
import { field, problem } from '../../views/layout.ts';

// The monitor's form (issue 46): every option of the API's CreateMonitor, and on edit what UpdateMonitor
// can change. The form is turned into the API's JSON body, which the API's schema and service then judge:
// the errors are the API's, each shown beside the field its path names.

const TYPES = { uptime: 'Uptime', lighthouse: 'Lighthouse', seo_crawl: 'SEO crawl' } as const;

/** A refused field's message: its own, or the first of a part of it (`tags.2`, `headers.X-Foo`). */
export function errorOf(state: FormState, name: string): string | undefined {
  if (state.errors[name]) return state.errors[name];
  const key = Object.keys(state.errors).find((k) => k.startsWith(`${name}.`));
  return key ? `${key.slice(name.length + 1)}: ${state.errors[key]}` : undefined;
}

const invalid = (path: string, message: string): never => {
  throw new ProblemError(400, 'validation_failed', `${path} ${message}.`, {
    errors: [{ path: `body.${path}`, message }],
  });
};

/** A number as the API would read it from JSON; anything else stays text, which the schema refuses by name. */
const num = (raw: string | undefined) => {
  const text = (raw ?? '').trim();
  if (!text) return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
};
const text = (raw: string | undefined) => (raw ?? '').trim() || undefined;
const list = (raw: string | undefined) =>
  (raw ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
const lines = (raw: string | undefined) =>
  (raw ?? '')
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);

function json(path: string, raw: string | undefined): unknown {
  const t = text(raw);
  if (t === undefined) return undefined;
  try {
    return JSON.parse(t);
  } catch {
    return invalid(path, 'is not valid JSON');
  }
}

/** `Name: value` lines. */
function headersOf(raw: string | undefined): Record<string, string> | undefined {
  const rows = lines(raw);
  if (!rows.length) return undefined;
  const headers: Record<string, string> = {};
  for (const row of rows) {
    const at = row.indexOf(':');
    if (at < 1) invalid('headers', `"${row.slice(0, 40)}" is not a "Name: value" line`);
    headers[row.slice(0, at).trim()] = row.slice(at + 1).trim();
  }
  return headers;
}

/** `name=value` lines. */
function cookiesOf(raw: string | undefined): Array<{ name: string; value: string }> | undefined {
  const rows = lines(raw);
  if (!rows.length) return undefined;
  return rows.map((row) => {
    const at = row.indexOf('=');
    if (at < 1) invalid('cookies', `"${row.slice(0, 40)}" is not a "name=value" line`);
    return { name: row.slice(0, at).trim(), value: row.slice(at + 1).trim() };
  });
}

/** The form's values, one string each (a list of choices joined by commas). */
export function valuesOf(body: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (name === '_csrf') continue;
    values[name] = Array.isArray(value) ? value.map(String).join(',') : String(value ?? '');
  }
  return values;
}

/** The alert settings given; an empty field is left to the API's default (or, on edit, unchanged). */
function alertOf(v: Record<string, string>) {
  const alert: Record<string, unknown> = {};
  for (const name of ['down_after', 'regression_points', 'certificate_alert_days'] as const) {
    const value = num(v[`alert.${name}`]);
    if (value !== undefined) alert[name] = value;
  }
  const remind = num(v['alert.remind_every_minutes']);
  if (remind !== undefined) alert.remind_every_minutes = remind;
  return alert;
}

/** Secrets: never shown again. Headers, cookies and basic auth are asked again on a refused form. */
const SECRET_FIELDS = ['headers', 'cookies', 'basic_auth.username', 'basic_auth.password'];
export const withoutSecrets = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).filter(([name]) => !SECRET_FIELDS.includes(name)));

/** POST /monitors's body from the form. */
export function createBody(v: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {
    url: (v.url ?? '').trim(),
    type: v.type || 'uptime',
    device: v.device || 'mobile',
  };
  const set = (name: string, value: unknown) => {
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) body[name] = value;
  };
  set('name', text(v.name));
  set('interval_seconds', num(v.interval_seconds));
  set('runs', num(v.runs));
  set('callback_url', text(v.callback_url));
  set('assertions', json('assertions', v.assertions));
  const alert = alertOf(v);
  if (Object.keys(alert).length) body.alert = alert;
  set('alert_channels', list(v.alert_channels));
  set('tags', list(v.tags));
  set('locations', list(v.locations));
  set('quorum', num(v.quorum));
  set('location_mode', text(v.location_mode));
  set('headers', headersOf(v.headers));
  set('cookies', cookiesOf(v.cookies));
  if (text(v['basic_auth.username']) || text(v['basic_auth.password'])) {
    body.basic_auth = { username: (v['basic_auth.username'] ?? '').trim(), password: v['basic_auth.password'] ?? '' };
  }
  set('block_urls', lines(v.block_urls));
  set('throttling', text(v.throttling));
  if (text(v['viewport.width']) || text(v['viewport.height'])) {
    body.viewport = {
      width: num(v['viewport.width']),
      height: num(v['viewport.height']),
      device_scale_factor: num(v['viewport.device_scale_factor']) ?? 1,
    };
  }
  set('user_agent', text(v.user_agent));
  set('locale', text(v.locale));
  set('steps', json('steps', v.steps));
  if (v.repeat_view === 'on') body.repeat_view = true;
  return body;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const sameSet = (a: string[], b: string[]) => same([...a].sort(), [...b].sort());

/** PATCH /monitors/{id}'s body from the form: what differs from the monitor (an empty body changes nothing). */
export function updateBody(v: Record<string, string>, m: MonitorWithChannels): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const name = text(v.name) ?? null;
  if (name !== m.name) body.name = name;
  const interval = num(v.interval_seconds);
  if (interval !== undefined && interval !== m.intervalSeconds) body.interval_seconds = interval;
  const callback = text(v.callback_url) ?? null;
  if (callback !== m.callbackUrl) body.callback_url = callback;
  const assertions = json('assertions', v.assertions) ?? null;
  if (!same(assertions, m.assertions)) body.assertions = assertions;
  const alert = alertOf(v);
  const current: Record<string, unknown> = {
    down_after: m.downAfter,
    regression_points: m.regressionPoints,
    certificate_alert_days: m.certificateAlertDays,
    remind_every_minutes: m.remindEveryMinutes,
  };
  // An empty reminder field: no reminders.
  if (!('remind_every_minutes' in alert)) alert.remind_every_minutes = null;
  const changed = Object.fromEntries(Object.entries(alert).filter(([k, value]) => value !== current[k]));
  if (Object.keys(changed).length) body.alert = changed;
  const channels = list(v.alert_channels);
  if (
    !sameSet(
      channels,
      m.alertChannels.map((c) => c.channelId),
    )
  )
    body.alert_channels = channels;
  const tags = list(v.tags);
  if (!same(tags, m.tags)) body.tags = tags;
  const locations = list(v.locations);
  if (locations.length && !same(locations, m.locations ?? [])) body.locations = locations;
  const quorum = num(v.quorum);
  if (quorum !== undefined && quorum !== m.quorum) body.quorum = quorum;
  const mode = text(v.location_mode);
  if (mode && mode !== m.locationMode) body.location_mode = mode;
  // Sealed credentials: a filled field replaces them, a ticked box removes them, else they stay.
  const headers = headersOf(v.headers);
  if (headers) body.headers = headers;
  else if (v['remove.headers'] === 'on') body.headers = null;
  const cookies = cookiesOf(v.cookies);
  if (cookies) body.cookies = cookies;
  else if (v['remove.cookies'] === 'on') body.cookies = null;
  if (text(v['basic_auth.username']) || text(v['basic_auth.password'])) {
    body.basic_auth = { username: (v['basic_auth.username'] ?? '').trim(), password: v['basic_auth.password'] ?? '' };
  } else if (v['remove.basic_auth'] === 'on') body.basic_auth = null;
  return body;
}

/** The form's values for a monitor being edited. */
export function valuesOfMonitor(m: MonitorWithChannels): Record<string, string> {
  return {
    name: m.name ?? '',
    interval_seconds: String(m.intervalSeconds),
    callback_url: m.callbackUrl ?? '',
    assertions: m.assertions ? JSON.stringify(m.assertions, null, 2) : '',
    'alert.down_after': String(m.downAfter),
    'alert.regression_points': String(m.regressionPoints),
    'alert.certificate_alert_days': String(m.certificateAlertDays),
    'alert.remind_every_minutes': m.remindEveryMinutes === null ? '' : String(m.remindEveryMinutes),
    alert_channels: m.alertChannels.map((c) => c.channelId).join(','),
    tags: m.tags.join(', '),
    locations: (m.locations ?? []).join(', '),
    quorum: m.quorum === null ? '' : String(m.quorum),
    location_mode: m.locationMode,
  };
}

// The view.

const value = (state: FormState, name: string) => html`value="${state.values[name] ?? ''}"`;

const input = (state: FormState, label: string, name: string, type = 'text', attrs: SafeHtml = html``) =>
  field(label, name, type, html`${value(state, name)} ${attrs}`, errorOf(state, name));

function textarea(state: FormState, label: string, name: string, hint: string, rows = 3): SafeHtml {
  const error = errorOf(state, name);
  return html`<p><label for="${name}">${label}</label><span class="hint" id="${name}-hint">${hint}</span><textarea id="${name}" name="${name}" rows="${rows}" aria-describedby="${name}-hint${error ? ` ${name}-error` : ''}"${error ? html` aria-invalid="true"` : ''}>${state.values[name] ?? ''}</textarea>${fieldError(name, error)}</p>`;
}

function select(
  state: FormState,
  label: string,
  name: string,
  options: Array<[string, string]>,
  attrs: SafeHtml = html``,
): SafeHtml {
  const error = errorOf(state, name);
  const chosen = new Set((state.values[name] ?? '').split(','));
  return html`<p><label for="${name}">${label}</label><select id="${name}" name="${name}" ${attrs}${error ? html` aria-invalid="true" aria-describedby="${name}-error"` : ''}>${options.map(
    ([v, text]) => html`<option value="${v}"${chosen.has(v) ? html` selected` : ''}>${text}</option>`,
  )}</select>${fieldError(name, error)}</p>`;
}

export interface FormChoices {
  types: string[];
  channels: Array<{ id: string; name: string; type: string }>;
  locations: string[];
}

/** The create form's fields, or the edit form's (a monitor's URL, type and device are fixed once made). */
export function monitorFields(state: FormState, choices: FormChoices, editing: MonitorWithChannels | null): SafeHtml {
  const sealed = editing ? ((editing.options ?? {}) as Record<string, unknown>) : {};
  const has = (name: string) => sealed[name] !== undefined;
  const keep = (name: string, what: string) =>
    editing && has(name)
      ? html`<label class="check"><input type="checkbox" name="remove.${name}"> Remove the ${what} (kept and never shown; leave the field empty to keep them)</label>`
      : '';
  return html`${problem(state.problem)}
${
  editing
    ? html`<dl class="facts"><dt>URL</dt><dd>${editing.url}</dd><dt>Type</dt><dd>${TYPES[editing.type as keyof typeof TYPES] ?? editing.type}</dd><dt>Device</dt><dd>${editing.device}</dd></dl>`
    : html`${input(state, 'URL', 'url', 'url', html`required maxlength="2048" autocomplete="url"`)}
${select(
  state,
  'Type',
  'type',
  choices.types.map((t) => [t, TYPES[t as keyof typeof TYPES] ?? t]),
)}
${select(state, 'Device', 'device', [
  ['mobile', 'Mobile'],
  ['desktop', 'Desktop'],
])}`
}
${input(state, 'Name (optional)', 'name', 'text', html`maxlength="100"`)}
${input(state, 'Interval (seconds)', 'interval_seconds', 'number', html`required min="1" max="2592000"`)}
${editing ? '' : input(state, 'Runs (Lighthouse: the median of 1 to 5)', 'runs', 'number', html`min="1" max="5"`)}
${input(state, 'Tags', 'tags', 'text', html`aria-describedby="tags-hint"`)}<p class="hint" id="tags-hint">Separated by commas or spaces: lowercase letters, digits and <code>_ . : -</code>.</p>
<fieldset><legend>Alerts</legend>
${select(
  state,
  'Alert channels',
  'alert_channels',
  choices.channels.map((c) => [c.id, `${c.name} (${c.type})`]),
  html`multiple size="${Math.min(Math.max(choices.channels.length, 2), 6)}"`,
)}
${choices.channels.length ? '' : html`<p class="hint">No alert channel yet: make one under Alert channels.</p>`}
${input(state, 'Callback URL (alerts as signed webhooks)', 'callback_url', 'url')}
${input(state, 'Down after (failed checks in a row)', 'alert.down_after', 'number', html`min="1" max="100"`)}
${input(state, 'Remind every (minutes, while down; empty: once)', 'alert.remind_every_minutes', 'number', html`min="10" max="10080"`)}
${input(state, 'Regression (score points below the median)', 'alert.regression_points', 'number', html`min="1" max="100"`)}
${input(state, 'Certificate alert (days left)', 'alert.certificate_alert_days', 'number', html`min="1" max="365"`)}
</fieldset>
<fieldset><legend>Locations</legend>
${input(state, 'Locations', 'locations', 'text', html`list="known-locations" aria-describedby="locations-hint"`)}<p class="hint" id="locations-hint">Separated by commas; empty: the default location alone.${choices.locations.length ? ` Live: ${choices.locations.join(', ')}.` : ''}</p>
<datalist id="known-locations">${choices.locations.map((l) => html`<option value="${l}">`)}</datalist>
${input(state, 'Quorum (failed locations that make it down; empty: a majority)', 'quorum', 'number', html`min="1" max="10"`)}
${select(state, 'Location mode', 'location_mode', [
  ['every', 'Every location checks each time'],
  ['round_robin', 'One location a time, in turn'],
])}
</fieldset>
${textarea(state, 'Assertions', 'assertions', 'JSON in Lighthouse CI’s syntax, e.g. {"uptime:timings:total": ["error", {"maxNumericValue": 800}]}.', 4)}
<fieldset><legend>Credentials (sealed, never shown again)</legend>
${textarea(state, 'Headers', 'headers', 'One “Name: value” a line, sent to the monitored origin only.')}
${keep('headers', 'headers')}
${textarea(state, 'Cookies', 'cookies', 'One “name=value” a line.')}
${keep('cookies', 'cookies')}
${field('Basic auth user name', 'basic_auth.username', 'text', html`autocomplete="off"`, errorOf(state, 'basic_auth'))}
${field('Basic auth password', 'basic_auth.password', 'password', html`autocomplete="new-password"`)}
${keep('basic_auth', 'basic auth')}
</fieldset>
${
  editing
    ? ''
    : html`<details><summary>Lighthouse options</summary>
${select(state, 'Throttling', 'throttling', [
  ['', 'The device’s default'],
  ['mobile_slow_4g', 'Mobile, slow 4G'],
  ['desktop', 'Desktop'],
  ['none', 'None'],
])}
${textarea(state, 'Block URLs', 'block_urls', 'One pattern a line (* matches anything).')}
${input(state, 'Viewport width', 'viewport.width', 'number', html`min="200" max="4000"`)}
${input(state, 'Viewport height', 'viewport.height', 'number', html`min="200" max="8000"`)}
${input(state, 'Device scale factor', 'viewport.device_scale_factor', 'number', html`min="1" max="4" step="any"`)}
${input(state, 'User agent', 'user_agent')}
${input(state, 'Locale', 'locale', 'text', html`placeholder="en-GB"`)}
${textarea(state, 'Steps', 'steps', 'A user flow as JSON, as the API’s steps.', 4)}
<p><label class="check"><input type="checkbox" name="repeat_view"${state.values.repeat_view === 'on' ? html` checked` : ''}> Repeat view (load again with a warm cache)</label></p>
</details>`
}`;
}
