import type { Test } from '@pageprobe/db';
import { expectOfForm, expectRowValues } from '../../views/expect-rows.ts';
import { requestRowValues, requestsOfForm } from '../../views/request-rows.ts';
import { stepRowValues, stepsOfForm } from '../../views/step-rows.ts';

// The start form as the API's CreateTest body, and a test back as the form's values (Run again). Pure:
// unit-tested beside it. What the API would refuse is left for checkInput and the service to refuse, so
// the form shows the API's own messages.

/** The submitted form: one string a field, several for a field sent more than once (locations). */
export type FormBody = Record<string, string | string[] | undefined>;

/** Assertion rows the form offers. */
export const ASSERTION_ROWS = 3;

const one = (body: FormBody, name: string): string => {
  const value = body[name];
  return (Array.isArray(value) ? (value[0] ?? '') : (value ?? '')).trim();
};
const all = (body: FormBody, name: string): string[] => {
  const value = body[name];
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((v) => v.trim()).filter(Boolean);
};

/** A number when the text is one, else the text (so the schema refuses it with its own words). */
const numberOr = (text: string): number | string =>
  text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

/** `Name: value` lines; a line without a colon keeps its text as the name (the schema names it). */
function headerLines(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    const name = (colon === -1 ? line : line.slice(0, colon)).trim();
    headers[name] = colon === -1 ? '' : line.slice(colon + 1).trim();
  }
  return headers;
}

/** `name=value` lines. */
function cookieLines(text: string): Array<{ name: string; value: string }> {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .map((line) => {
      const eq = line.indexOf('=');
      return eq === -1
        ? { name: line.trim(), value: '' }
        : { name: line.slice(0, eq).trim(), value: line.slice(eq + 1).trim() };
    });
}

/**
 * The API's CreateTest body from the start form: only what was filled in, so the API's defaults apply.
 * Throws the API's 400 for a step row that cannot be a step, or a JSON view that is not JSON.
 */
export function createTestBody(body: FormBody): Record<string, unknown> {
  const out: Record<string, unknown> = { url: one(body, 'url') };
  for (const name of ['type', 'device', 'throttling', 'callback_url'] as const) {
    const value = one(body, name);
    if (value) out[name] = value;
  }
  const runs = one(body, 'runs');
  if (runs && runs !== '1') out.runs = numberOr(runs);
  const locations = all(body, 'locations');
  if (locations.length) out.locations = locations;
  if (one(body, 'repeat_view') === 'on') out.repeat_view = true;
  // A check's expectations (uptime, tcp, dns) and tcp's handshake (issue 47).
  if (one(body, 'tls') === 'on') out.tls = true;
  // The rows, or the JSON view when it was changed (issue 60).
  const expect = expectOfForm(body);
  if (expect !== undefined) out.expect = expect;
  const requests = requestsOfForm(body);
  if (requests !== undefined) out.requests = requests;
  // A journey or a user flow, as the API's steps: the step rows, or the JSON view when it was changed
  // (a row that cannot be a step is refused here, naming it).
  const steps = stepsOfForm(body);
  if (steps !== undefined) out.steps = steps;
  const assertions: Record<string, unknown> = {};
  for (let i = 0; i < ASSERTION_ROWS; i++) {
    const key = one(body, `assertion_key_${i}`);
    if (!key) continue;
    const level = one(body, `assertion_level_${i}`) || 'error';
    const operator = one(body, `assertion_operator_${i}`);
    const value = one(body, `assertion_value_${i}`);
    assertions[key] = operator ? [level, { [operator]: numberOr(value) }] : level;
  }
  if (Object.keys(assertions).length) out.assertions = assertions;
  const headers = one(body, 'headers');
  if (headers) out.headers = headerLines(headers);
  const cookies = one(body, 'cookies');
  if (cookies) out.cookies = cookieLines(cookies);
  const username = one(body, 'basic_auth_username');
  const password = body.basic_auth_password === undefined ? '' : String(body.basic_auth_password);
  if (username || password) out.basic_auth = { username, password };
  return out;
}

/** Whether any of a test's shown options is a sealed secret (headers, cookies, a password, typed text). */
export const hasSecrets = (test: Pick<Test, 'options'>): boolean =>
  JSON.stringify(test.options ?? {}).includes('[redacted]');

/** The CreateTest body that asks for `test` again (its secrets cannot be: see hasSecrets). */
export function againBody(test: Test): Record<string, unknown> {
  const options = { ...((test.options as Record<string, unknown> | null) ?? {}) };
  for (const secret of ['headers', 'cookies', 'basic_auth']) delete options[secret];
  const out: Record<string, unknown> = { url: test.url, type: test.type, device: test.device, ...options };
  if (test.runCount > 1) out.runs = test.runCount;
  if (test.locations?.length) out.locations = test.locations;
  if (test.callbackUrl) out.callback_url = test.callbackUrl;
  const assertions = test.assertions as Array<{
    key: string;
    level: string;
    operator: string;
    expected: number;
  }> | null;
  if (assertions?.length) {
    out.assertions = Object.fromEntries(assertions.map((a) => [a.key, [a.level, { [a.operator]: a.expected }]]));
  }
  return out;
}

/** A test as the start form's values (no secret: those are asked again). */
export function formValuesOf(test: Test): Record<string, string> {
  const body = againBody(test);
  const values: Record<string, string> = {
    url: test.url,
    type: test.type,
    device: test.device,
    runs: String(test.runCount),
    locations: (test.locations ?? []).join(','),
  };
  if (typeof body.throttling === 'string') values.throttling = body.throttling;
  if (body.repeat_view === true) values.repeat_view = 'on';
  if (test.callbackUrl) values.callback_url = test.callbackUrl;
  const basic = (test.options as { basic_auth?: { username?: string } } | null)?.basic_auth;
  if (basic?.username) values.basic_auth_username = basic.username;
  // Its steps as rows; what a type step typed is sealed, and asked again.
  Object.assign(values, stepRowValues(body.steps), expectRowValues(body.expect), requestRowValues(body.requests));
  const assertions =
    (test.assertions as Array<{ key: string; level: string; operator: string; expected: number }> | null) ?? [];
  for (const [i, a] of assertions.slice(0, ASSERTION_ROWS).entries()) {
    values[`assertion_key_${i}`] = a.key;
    values[`assertion_level_${i}`] = a.level;
    values[`assertion_operator_${i}`] = a.operator;
    values[`assertion_value_${i}`] = String(a.expected);
  }
  return values;
}

/** The form's values to fill it again after a refusal: what was typed, never a secret. */
export function keptValues(body: FormBody): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (name === '_csrf' || name === 'headers' || name === 'cookies' || name === 'basic_auth_password') continue;
    values[name] = Array.isArray(value) ? value.join(',') : (value ?? '');
  }
  return values;
}
