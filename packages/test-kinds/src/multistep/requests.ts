import parseJsonPath from 'jsonpath-rfc9535/parser';
import { checkExpectations } from '../expect/check-expectations.ts';
import type { Expectation } from '../expect/expectation.ts';
import { jsonPathProblem } from '../expect/json-path.ts';
import { compilePattern } from '../expect/pattern.ts';
import { placeholdersIn, VARIABLE_NAME } from '../template/template.ts';
import { checkUptimeOptions, UPTIME_METHODS, type UptimeMethod } from '../uptime/options.ts';

// A multistep check's requests (issue 59): each an uptime request (method, body, expect) to its own URL,
// whose answer may give values to the requests after it (`extract`), used there as `{{name}}` in the URL,
// the headers and the body. The test's `url` is the base a relative request URL resolves against.

export const EXTRACT_SOURCES = ['json', 'header', 'body'] as const;
export type ExtractSource = (typeof EXTRACT_SOURCES)[number];

/** A value taken from an answer: a JSONPath's one value, a header's value, or a pattern's first group. */
export interface Extract {
  name: string;
  source: ExtractSource;
  /** json: a singular JSONPath (names and indexes only: `$.data.token`, `$.items[0].id`). */
  path?: string;
  /** header: the header's name. */
  header?: string;
  /** body: an RE2 pattern; its first group (else the whole match) is the value. */
  pattern?: string;
}

export interface MultistepRequest {
  /** The step's name in results, alerts and series (default: its method and path, `POST /login`). */
  name?: string;
  method?: UptimeMethod;
  /** Absolute, or relative to the test's URL. */
  url: string;
  headers?: Record<string, string>;
  body?: string;
  content_type?: string;
  expect?: Expectation[];
  extract?: Extract[];
}

export const MAX_REQUESTS = 10;
export const MAX_EXTRACTS = 10;
export const MAX_REQUEST_HEADERS = 20;
/** A whole check's time budget, every request included. */
export const MULTISTEP_RUN_MS = 30_000;
/** An extracted value's length at most: a token, an id; a longer one is a mistake in the extract. */
export const MAX_EXTRACTED_CHARS = 8192;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A request's URL as placeholders leave it checkable: each one stands for a plain word. */
const probeUrl = (url: string, base: string) => new URL(url.replace(/\{\{[^}]*\}\}/g, 'x'), base);

/** The step's name: its own, else its method and the path it asks for, as written. */
export function requestName(request: Pick<MultistepRequest, 'name' | 'method' | 'url'>, base: string): string {
  if (request.name) return request.name;
  let path = request.url;
  try {
    const probe = probeUrl(request.url, base);
    path = request.url.startsWith('/') ? request.url : `${probe.pathname}${probe.search ? '?…' : ''}`;
  } catch {}
  return `${request.method ?? 'GET'} ${path}`.slice(0, 100);
}

type Problem = { path: string; message: string };

/**
 * Null when `requests` is a list a multistep check can run; else the first problem, naming its field.
 * Each placeholder without a scope must be a value an earlier request extracts.
 */
export function checkRequests(requests: unknown, base: string): Problem | null {
  const at = 'body.requests';
  if (!Array.isArray(requests) || requests.length === 0) return { path: at, message: 'must list at least one request' };
  if (requests.length > MAX_REQUESTS) return { path: at, message: `must have at most ${MAX_REQUESTS} requests` };
  const extracted = new Set<string>();
  const names = new Set<string>();
  for (const [i, request] of requests.entries()) {
    const problem = checkRequest(request, `${at}.${i}`, base, extracted);
    if (problem) return problem;
    const name = requestName(request as MultistepRequest, base);
    if (names.has(name)) {
      return {
        path: `${at}.${i}.name`,
        message: `"${name}" names an earlier request too: give each a name of its own`,
      };
    }
    names.add(name);
  }
  return null;
}

function checkRequest(request: unknown, at: string, base: string, extracted: Set<string>): Problem | null {
  if (!isObject(request)) return { path: at, message: 'must be an object with url' };
  const known = ['name', 'method', 'url', 'headers', 'body', 'content_type', 'expect', 'extract'];
  const unknown = Object.keys(request).find((k) => !known.includes(k));
  if (unknown) return { path: `${at}.${unknown}`, message: 'is not a field of a request' };
  const r = request as unknown as MultistepRequest;
  if (r.name !== undefined && (typeof r.name !== 'string' || r.name.length === 0 || r.name.length > 100)) {
    return { path: `${at}.name`, message: 'must be 1 to 100 characters' };
  }
  if (r.method !== undefined && !UPTIME_METHODS.includes(r.method)) {
    return { path: `${at}.method`, message: `must be one of ${UPTIME_METHODS.join(', ')}` };
  }
  if (typeof r.url !== 'string' || r.url.length === 0 || r.url.length > 2048) {
    return { path: `${at}.url`, message: 'must be a URL of 1 to 2048 characters' };
  }
  try {
    const probe = probeUrl(r.url, base);
    if (probe.protocol !== 'http:' && probe.protocol !== 'https:') {
      return { path: `${at}.url`, message: 'must be an http(s) URL, or a path relative to the test’s url' };
    }
    if (probe.username || probe.password) {
      return { path: `${at}.url`, message: 'must not carry a user name or password (use a header)' };
    }
  } catch {
    return { path: `${at}.url`, message: 'is not a URL, nor a path relative to the test’s url' };
  }
  if (r.headers !== undefined) {
    if (!isObject(r.headers)) return { path: `${at}.headers`, message: 'must be an object of header names to values' };
    const entries = Object.entries(r.headers);
    if (entries.length > MAX_REQUEST_HEADERS) {
      return { path: `${at}.headers`, message: `must have at most ${MAX_REQUEST_HEADERS} headers` };
    }
    for (const [name, value] of entries) {
      if (!HEADER_NAME.test(name)) return { path: `${at}.headers.${name}`, message: 'is not a header name' };
      if (typeof value !== 'string' || value.length > 8192 || /[\r\n\0]/.test(value)) {
        return { path: `${at}.headers.${name}`, message: 'must be text of at most 8192 characters on one line' };
      }
    }
  }
  const asked = checkUptimeOptions({
    ...(r.method ? { method: r.method } : {}),
    ...(r.body !== undefined ? { body: r.body } : {}),
    ...(r.content_type !== undefined ? { content_type: r.content_type } : {}),
    ...(r.expect ? { expect: r.expect } : {}),
  });
  if (asked) return { ...asked, path: asked.path.replace(/^body\./, `${at}.`) };
  if (r.expect !== undefined) {
    const problem = checkExpectations(r.expect, 'multistep', `${at}.expect`);
    if (problem) return problem;
  }
  // What the request sends may use what earlier requests extracted, never its own.
  const sent = [r.url, r.body ?? '', ...Object.values(r.headers ?? {})];
  for (const p of sent.flatMap(placeholdersIn)) {
    if (p.scope === 'extracted' && !extracted.has(p.name)) {
      return { path: at, message: `uses {{${p.name}}}, which no earlier request extracts` };
    }
  }
  if (r.extract !== undefined) {
    if (!Array.isArray(r.extract) || r.extract.length > MAX_EXTRACTS) {
      return { path: `${at}.extract`, message: `must be a list of at most ${MAX_EXTRACTS} extracts` };
    }
    for (const [j, rule] of r.extract.entries()) {
      const problem = checkExtract(rule, `${at}.extract.${j}`);
      if (problem) return problem;
      extracted.add((rule as Extract).name);
    }
  }
  return null;
}

function checkExtract(rule: unknown, at: string): Problem | null {
  if (!isObject(rule)) return { path: at, message: 'must be an object with name and source' };
  const unknown = Object.keys(rule).find((k) => !['name', 'source', 'path', 'header', 'pattern'].includes(k));
  if (unknown) return { path: `${at}.${unknown}`, message: 'is not a field of an extract' };
  const e = rule as unknown as Extract;
  if (typeof e.name !== 'string' || !VARIABLE_NAME.test(e.name) || e.name === 'vars' || e.name === 'secrets') {
    return { path: `${at}.name`, message: 'must be a name of letters, digits and _ (not vars or secrets)' };
  }
  const needs = { json: 'path', header: 'header', body: 'pattern' } as const;
  if (!EXTRACT_SOURCES.includes(e.source)) {
    return { path: `${at}.source`, message: `must be one of ${EXTRACT_SOURCES.join(', ')}` };
  }
  const field = needs[e.source];
  const stray = Object.values(needs).find((f) => f !== field && e[f] !== undefined);
  if (stray) return { path: `${at}.${stray}`, message: `is not used with source ${e.source} (it takes ${field})` };
  const value = e[field];
  if (typeof value !== 'string' || value.length === 0 || value.length > 1000) {
    return { path: `${at}.${field}`, message: `must be given with source ${e.source}, 1 to 1000 characters` };
  }
  if (e.source === 'json') {
    const problem =
      jsonPathProblem(value) ??
      (isSingular(value) ? null : 'must select one value: names and indexes only ($.data.token, $.items[0].id)');
    if (problem) return { path: `${at}.path`, message: problem };
  }
  if (e.source === 'header' && !HEADER_NAME.test(value))
    return { path: `${at}.header`, message: 'is not a header name' };
  if (e.source === 'body') {
    const compiled = compilePattern(value);
    if (!compiled.ok) return { path: `${at}.pattern`, message: `is not a pattern RE2 runs: ${compiled.reason}` };
  }
  return null;
}

/** Whether a parsed JSONPath is a singular query (RFC 9535 §2.3.5.1: names and indexes only). */
export function isSingular(path: string): boolean {
  let parsed: unknown;
  try {
    parsed = parseJsonPath(path);
  } catch {
    return false;
  }
  type Node = { type?: string; selectors?: Array<{ type?: string }> };
  const { segments } = parsed as { segments?: Array<{ type?: string; node?: Node }> };
  const one = (node: Node | undefined) =>
    node?.type === 'MemberNameShorthand' ||
    (node?.type === 'BracketedSelection' &&
      node.selectors?.length === 1 &&
      (node.selectors[0]!.type === 'NameSelector' || node.selectors[0]!.type === 'IndexSelector'));
  return Array.isArray(segments) && segments.every((s) => s.type === 'ChildSegment' && one(s.node));
}

/** The requests of stored options (checked when written); none when there are none. */
export const requestsOf = (options: unknown): MultistepRequest[] =>
  options && typeof options === 'object' && Array.isArray((options as { requests?: unknown }).requests)
    ? (options as { requests: MultistepRequest[] }).requests
    : [];
