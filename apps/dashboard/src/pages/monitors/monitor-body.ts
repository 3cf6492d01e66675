import { type MonitorWithChannels, ProblemError } from '@pageprobe/services';
import { HEARTBEAT_FIELDS, toldByPings } from '@pageprobe/test-kinds';
import { expectOfForm, expectRowValues } from '../../views/expect-rows.ts';
import { requestRowValues, requestsOfForm } from '../../views/request-rows.ts';
import { stepsOfForm } from '../../views/step-rows.ts';
import { FIRST_CHECK_TYPE } from './monitor-types.ts';

// The monitor's form (issue 46): every option of the API's CreateMonitor, and on edit what UpdateMonitor
// can change. The form is turned into the API's JSON body, which the API's schema and service then judge:
// the errors are the API's, each shown beside the field its path names. Issue 47: an uptime check's
// request and expectations, tcp and dns targets, and heartbeats (told by pings: a period or a cron
// schedule and a grace, none of a check's fields).

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

/** A heartbeat's timing from the form: a period, or a cron schedule in a time zone, and a grace. */
function heartbeatOf(v: Record<string, string>): Record<string, unknown> {
  const timing: Record<string, unknown> = {};
  for (const name of HEARTBEAT_FIELDS) {
    const value = name === 'schedule' || name === 'time_zone' ? text(v[name]) : num(v[name]);
    if (value !== undefined) timing[name] = value;
  }
  return timing;
}

/** The request and expectations of a check (uptime's method, body, content type; tcp's TLS; anyone's expect). */
function checkOptionsOf(v: Record<string, string>, set: (name: string, value: unknown) => void) {
  set('method', text(v.method));
  if ((v.body ?? '') !== '') set('body', v.body);
  set('content_type', text(v.content_type));
  if (v.tls === 'on') set('tls', true);
  set('expect', expectOfForm(v));
  set('requests', requestsOfForm(v));
}

/** Whether its page is public, as chosen; undefined: not said (a new monitor takes the team's default). */
const publicPageOf = (v: Record<string, string>) =>
  v.public_page === 'true' ? true : v.public_page === 'false' ? false : undefined;

/** POST /monitors's body from the form. */
export function createBody(v: Record<string, string>): Record<string, unknown> {
  const type = v.type || FIRST_CHECK_TYPE;
  const body: Record<string, unknown> = { type };
  const set = (name: string, value: unknown) => {
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) body[name] = value;
  };
  set('name', text(v.name));
  // The rest of a check's fields do not apply to a heartbeat, which the API would refuse by name.
  const alert = alertOf(v);
  if (Object.keys(alert).length) body.alert = alert;
  set('alert_channels', list(v.alert_channels));
  set('depends_on', list(v.depends_on));
  set('tags', list(v.tags));
  set('public_page', publicPageOf(v));
  set('callback_url', text(v.callback_url));
  // A heartbeat's body carries its timing only (the heartbeat folder's fields).
  if (toldByPings(type)) return { ...body, ...heartbeatOf(v) };
  body.url = (v.url ?? '').trim();
  body.device = v.device || 'mobile';
  set('interval_seconds', num(v.interval_seconds));
  set('runs', num(v.runs));
  set('assertions', json('assertions', v.assertions));
  checkOptionsOf(v, set);
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
  set('steps', stepsOfForm(v));
  if (v.repeat_view === 'on') body.repeat_view = true;
  return body;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const sameSet = (a: string[], b: string[]) => same([...a].sort(), [...b].sort());

/** PATCH /monitors/{id}'s body from the form: what differs from the monitor (an empty body changes nothing). */
export function updateBody(v: Record<string, string>, m: MonitorWithChannels): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  // A checked target's URL may change (issue 60); a heartbeat's is a placeholder, never shown.
  const url = text(v.url);
  if (url !== undefined && url !== m.url && !toldByPings(m.type)) body.url = url;
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
  const dependsOn = list(v.depends_on);
  if (!sameSet(dependsOn, m.dependsOn)) body.depends_on = dependsOn;
  const tags = list(v.tags);
  if (!same(tags, m.tags)) body.tags = tags;
  const publicPage = publicPageOf(v);
  if (publicPage !== undefined && publicPage !== m.publicPage) body.public_page = publicPage;
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
  if (toldByPings(m.type)) Object.assign(body, heartbeatChanges(v, m));
  else Object.assign(body, optionChanges(v, m));
  return body;
}

/** A heartbeat's timing as changed: a period given replaces a schedule, and the other way round. */
function heartbeatChanges(v: Record<string, string>, m: MonitorWithChannels): Record<string, unknown> {
  const given = heartbeatOf(v);
  const changes: Record<string, unknown> = {};
  if (given.grace_seconds !== undefined && given.grace_seconds !== m.graceSeconds) {
    changes.grace_seconds = given.grace_seconds;
  }
  if (given.schedule !== undefined && (given.schedule !== m.schedule || (given.time_zone ?? 'UTC') !== m.timeZone)) {
    changes.schedule = given.schedule;
    changes.time_zone = given.time_zone ?? 'UTC';
  } else if (given.schedule === undefined && given.period_seconds !== undefined) {
    if (given.period_seconds !== m.periodSeconds) changes.period_seconds = given.period_seconds;
  }
  return changes;
}

/** A check's request and expectations as changed; an emptied field removes its option. */
function optionChanges(v: Record<string, string>, m: MonitorWithChannels): Record<string, unknown> {
  const current = (m.options ?? {}) as Record<string, unknown>;
  const given: Record<string, unknown> = {};
  checkOptionsOf(v, (name, value) => {
    if (value !== undefined) given[name] = value;
  });
  const changes: Record<string, unknown> = {};
  for (const name of ['method', 'body', 'content_type', 'expect'] as const) {
    if (!same(given[name], current[name])) changes[name] = given[name] ?? null;
  }
  // A sequence's requests are replaced whole; emptied, they stay (a sequence cannot have none).
  if (given.requests !== undefined && !same(given.requests, current.requests)) changes.requests = given.requests;
  // TLS is fixed once made: a tcp monitor's handshake is part of what it checks.
  return changes;
}

/** The form's values for a monitor being edited. */
export function valuesOfMonitor(m: MonitorWithChannels): Record<string, string> {
  return {
    ...(toldByPings(m.type) ? {} : { url: m.url }),
    name: m.name ?? '',
    interval_seconds: String(m.intervalSeconds),
    callback_url: m.callbackUrl ?? '',
    assertions: m.assertions ? JSON.stringify(m.assertions, null, 2) : '',
    'alert.down_after': String(m.downAfter),
    'alert.regression_points': String(m.regressionPoints),
    'alert.certificate_alert_days': String(m.certificateAlertDays),
    'alert.remind_every_minutes': m.remindEveryMinutes === null ? '' : String(m.remindEveryMinutes),
    alert_channels: m.alertChannels.map((c) => c.channelId).join(','),
    depends_on: m.dependsOn.join(','),
    tags: m.tags.join(', '),
    public_page: String(m.publicPage),
    locations: (m.locations ?? []).join(', '),
    quorum: m.quorum === null ? '' : String(m.quorum),
    location_mode: m.locationMode,
    ...checkValuesOf(m),
    period_seconds: m.periodSeconds === null ? '' : String(m.periodSeconds),
    schedule: m.schedule ?? '',
    time_zone: m.timeZone ?? '',
    grace_seconds: m.graceSeconds === null ? '' : String(m.graceSeconds),
  };
}

/** A check's request and expectations as the form shows them. */
function checkValuesOf(m: MonitorWithChannels): Record<string, string> {
  const o = (m.options ?? {}) as {
    method?: string;
    body?: string;
    content_type?: string;
    expect?: unknown;
    requests?: unknown;
  };
  return {
    method: o.method ?? '',
    body: o.body ?? '',
    content_type: o.content_type ?? '',
    ...expectRowValues(o.expect),
    ...requestRowValues(o.requests),
  };
}
