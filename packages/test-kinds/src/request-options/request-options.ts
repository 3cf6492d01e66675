// What a request may carry to reach a page (issue 18): headers, cookies and basic auth, sent only to
// the test's own origin. The values are secrets: they are split off, sealed for the worker, and the test
// keeps only their names, values shown as REDACTED.

export const REDACTED = '[redacted]';
export const MAX_HEADERS = 20;

export interface CookieInput {
  name: string;
  value: string;
  domain?: string;
  path?: string;
}

/** The request options of POST /tests (and monitors), as the document validated them. */
export interface RequestOptionsInput {
  headers?: Record<string, string>;
  cookies?: CookieInput[];
  basic_auth?: { username: string; password: string };
}

/** The values a run needs and nobody may read back. */
export interface RequestSecrets {
  headers: Record<string, string>;
  cookies: CookieInput[];
  basicAuth: { username: string; password: string } | null;
  /** What a user flow's `type` steps type (a login form's password), by step index. */
  typed?: Record<number, string>;
}

// Hop-by-hop and framing headers (RFC 9110 §7.6.1, §6.4), and the ones the options stand for: a request
// cannot set them.
const FORBIDDEN = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'expect',
  'cookie',
]);

export interface OptionProblem {
  path: string;
  message: string;
}

/** What the document cannot say: forbidden header names, cookies for another host. Null when all is well. */
export function checkRequestOptions(input: RequestOptionsInput, url: string): OptionProblem | null {
  const headers = Object.keys(input.headers ?? {});
  if (headers.length > MAX_HEADERS) return { path: 'body.headers', message: `at most ${MAX_HEADERS} headers` };
  for (const name of headers) {
    const lower = name.toLowerCase();
    if (FORBIDDEN.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-')) {
      const hint = lower === 'cookie' ? ' (use cookies)' : '';
      return { path: `body.headers.${name}`, message: `${name} cannot be set${hint}` };
    }
    if (lower === 'authorization' && input.basic_auth) {
      return { path: `body.headers.${name}`, message: 'Authorization and basic_auth cannot both be given' };
    }
  }
  const host = new URL(url).hostname.toLowerCase();
  for (const [i, cookie] of (input.cookies ?? []).entries()) {
    // A cookie for a parent domain would also reach sibling hosts: only the test's own host.
    if (cookie.domain !== undefined && cookie.domain.replace(/^\./, '').toLowerCase() !== host) {
      return { path: `body.cookies.${i}.domain`, message: `must be the tested host (${host}) or left out` };
    }
  }
  return null;
}

/** The options as the test shows them (values redacted), and the secrets (null when there are none). */
export function splitRequestOptions(input: RequestOptionsInput): {
  shown: Record<string, unknown>;
  secrets: RequestSecrets | null;
} {
  const shown: Record<string, unknown> = {};
  if (input.headers && Object.keys(input.headers).length) {
    shown.headers = Object.fromEntries(Object.keys(input.headers).map((name) => [name, REDACTED]));
  }
  if (input.cookies?.length) shown.cookies = input.cookies.map((c) => ({ ...c, value: REDACTED }));
  if (input.basic_auth) shown.basic_auth = { username: input.basic_auth.username, password: REDACTED };
  const secrets =
    shown.headers || shown.cookies || shown.basic_auth
      ? { headers: input.headers ?? {}, cookies: input.cookies ?? [], basicAuth: input.basic_auth ?? null }
      : null;
  return { shown, secrets };
}

/** Cookies for a path: a cookie's path (default "/") must be a prefix of it, at a segment boundary. */
export const cookiesFor = (cookies: CookieInput[], pathname: string) =>
  cookies.filter((c) => {
    const path = c.path ?? '/';
    return pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
  });

/**
 * The headers a request to `url` gets from the secrets: all of them for the test's own origin (same
 * scheme, host and port), none for any other, so a redirect or a third party never sees them.
 */
export function credentialsFor(secrets: RequestSecrets | null, testUrl: string) {
  const origin = new URL(testUrl).origin;
  return (url: URL): Record<string, string> => {
    if (!secrets || url.origin !== origin) return {};
    const out: Record<string, string> = { ...secrets.headers };
    const cookies = cookiesFor(secrets.cookies, url.pathname);
    if (cookies.length) out.cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    if (secrets.basicAuth) {
      const { username, password } = secrets.basicAuth;
      out.authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    }
    return out;
  };
}

/** What a browser page needs to carry the secrets (see applyCredentials in @pageprobe/browser); null without any. */
export function pageCredentials(secrets: RequestSecrets | null, testUrl: string) {
  if (!secrets) return null;
  return { origin: new URL(testUrl).origin, headersFor: credentialsFor(secrets, testUrl) };
}

/**
 * Everything a request asked beyond url, type and device, as the test (or monitor) keeps it: the
 * credentials and what a user flow types split off as secrets and shown redacted, and the kind's own
 * settings (lighthouse's throttling, viewport...) as given.
 */
export function requestOptions(input: RequestOptionsInput, kindOptions: readonly string[]) {
  const split = splitRequestOptions(input);
  const shown = split.shown;
  let secrets = split.secrets;
  for (const name of kindOptions) {
    const value = (input as Record<string, unknown>)[name];
    if (value !== undefined) shown[name] = value;
  }
  const steps = (input as { steps?: Array<{ type: string; text?: string }> }).steps;
  const typed = Object.fromEntries(
    (steps ?? []).flatMap((s, i) => (s.type === 'type' && s.text !== undefined ? [[i, s.text]] : [])),
  );
  if (steps && Object.keys(typed).length) {
    shown.steps = steps.map((s) => (s.type === 'type' ? { ...s, text: REDACTED } : s));
    secrets = { ...(secrets ?? { headers: {}, cookies: [], basicAuth: null }), typed };
  }
  return { shown, secrets };
}

/** Whether a request carries anything that must be sealed (so a deployment without SECRETS_KEY refuses it). */
export const carriesSecrets = (input: RequestOptionsInput) => requestOptions(input, []).secrets !== null;
