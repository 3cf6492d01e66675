import { query } from 'jsonpath-rfc9535';
import { clean, expected, show } from './describe.ts';
import type { Expectation, ExpectationResult } from './expectation.ts';
import { jsonPathProblem } from './json-path.ts';
import { patternMatches } from './pattern.ts';

/** What a check found, for its expectations to read; each kind fills what it has. */
export interface ExpectSubject {
  status?: number | null;
  /** Lower-cased names, as Node gives them. */
  headers?: Record<string, string | string[] | undefined>;
  /** The body as text, up to the read cap (parsed as JSON only when a json expectation asks). */
  body?: string | null;
  /** The body went on past the cap: a JSON parse of the part read fails, and the message says why. */
  body_truncated?: boolean;
  response_time_ms?: number | null;
  certificate_days?: number | null;
  answers?: string[] | null;
}

/** The longest `actual` kept in a result (JSON characters); a bigger value is kept as its start. */
const MAX_ACTUAL = 500;
const BODY_EXCERPT = 200;

type Verdict = { actual: unknown; passed: boolean; why: string };

/**
 * Every expectation against what the check found, in order, each with what was found and, when it
 * failed, the words for the alert. Expectations were checked when written (checkExpectations); the
 * patterns run on RE2, in time linear in the body.
 */
export function evaluateExpectations(expect: readonly Expectation[], subject: ExpectSubject): ExpectationResult[] {
  let parsed: { ok: true; doc: unknown } | { ok: false } | undefined;
  const json = () => {
    if (!parsed) {
      try {
        parsed = { ok: true, doc: JSON.parse(subject.body ?? '') };
      } catch {
        parsed = { ok: false };
      }
    }
    return parsed;
  };
  return expect.map((e) => {
    const verdict = judge(e, subject, json);
    return {
      ...e,
      actual: keepable(verdict.actual),
      passed: verdict.passed,
      message: verdict.passed ? null : `${expected(e)}, ${verdict.why}`,
    };
  });
}

/** The first failed expectation's message that makes the check down, or null when none did. */
export const firstFailure = (results: readonly ExpectationResult[]): string | null =>
  results.find((r) => !r.passed && r.severity !== 'degraded')?.message ?? null;

/**
 * A check that is up but failed an expectation of severity degraded: that expectation's message (the
 * alert's words); null when every expectation held.
 */
export const firstDegraded = (results: readonly ExpectationResult[]): string | null =>
  results.find((r) => !r.passed && r.severity === 'degraded')?.message ?? null;

function judge(e: Expectation, s: ExpectSubject, json: () => { ok: true; doc: unknown } | { ok: false }): Verdict {
  switch (e.source) {
    case 'status':
      return compareOne(e, s.status ?? null, 'there was no answer');
    case 'header': {
      const raw = s.headers?.[e.name!.toLowerCase()];
      const actual = raw === undefined ? null : Array.isArray(raw) ? raw.join(', ') : raw;
      return compareOne(e, actual, 'it was missing');
    }
    case 'body': {
      const body = s.body ?? '';
      const found =
        e.operator === 'matches' ? patternMatches(e.value as string, body) : body.includes(e.value as string);
      const passed = e.operator === 'not_contains' ? !found : found;
      return { actual: body.slice(0, BODY_EXCERPT), passed, why: found ? 'it did' : 'it did not' };
    }
    case 'json': {
      const doc = json();
      if (!doc.ok) {
        const why = s.body_truncated ? 'the body was cut at the read cap, so not JSON' : 'the body is not JSON';
        return { actual: null, passed: false, why };
      }
      // A path saved before its function was refused is not run (see json-path.ts).
      const problem = jsonPathProblem(e.path);
      if (problem) return { actual: null, passed: false, why: `the path was not evaluated: it ${problem}` };
      let nodes: unknown[];
      try {
        nodes = query(doc.doc as never, e.path!) as unknown[];
      } catch (error) {
        // A body nested deeper than the evaluator's stack, say: the target's doing, not ours.
        return { actual: null, passed: false, why: `the path could not be evaluated (${(error as Error).message})` };
      }
      return compareNodes(e, nodes);
    }
    case 'response_time':
      return compareOne(e, s.response_time_ms ?? null, 'it was not measured');
    case 'certificate_days':
      return compareOne(e, s.certificate_days ?? null, 'there was no certificate');
    case 'answers':
      return compareAnswers(e, s.answers ?? []);
  }
}

const got = (actual: unknown, e: Expectation) => `got ${show(actual, e)}`;

/** A single value (null: absent). Absent fails every operator but `ne` and `not_contains`. */
function compareOne(e: Expectation, actual: unknown, absent: string): Verdict {
  if (actual === null || actual === undefined) {
    const passed = e.operator === 'ne' || e.operator === 'not_contains';
    return { actual: null, passed, why: absent };
  }
  return { actual, passed: holds(e, actual), why: got(actual, e) };
}

/**
 * A JSONPath selects a list of nodes. One node is compared as a value; with several, `contains` holds
 * when one of them does and every other operator must hold for all of them.
 */
function compareNodes(e: Expectation, nodes: unknown[]): Verdict {
  if (e.operator === 'exists') {
    return { actual: nodes.length === 1 ? nodes[0] : nodes, passed: nodes.length > 0, why: 'it was not found' };
  }
  if (nodes.length === 0) {
    const passed = e.operator === 'ne' || e.operator === 'not_contains';
    return { actual: null, passed, why: 'it was not found' };
  }
  if (nodes.length === 1) return { actual: nodes[0], passed: holds(e, nodes[0]), why: got(nodes[0], e) };
  // Several nodes are a list: `contains` asks whether one is (or contains) the value, `not_contains` that none is.
  const inList = () => nodes.some((n) => same(n, e.value) || contains(n, e.value));
  const passed =
    e.operator === 'contains' ? inList() : e.operator === 'not_contains' ? !inList() : nodes.every((n) => holds(e, n));
  return { actual: nodes, passed, why: got(nodes, e) };
}

function compareAnswers(e: Expectation, answers: string[]): Verdict {
  if (e.operator === 'not_empty') return { actual: answers, passed: answers.length > 0, why: 'got none' };
  if (e.operator === 'contains')
    return { actual: answers, passed: answers.includes(e.value as string), why: got(answers, e) };
  // eq: the same set, whatever the order the server gave.
  const set = (list: string[]) => [...new Set(list)].sort();
  const want = set(typeof e.value === 'string' ? [e.value] : (e.value as string[]));
  const have = set(answers);
  const passed = want.length === have.length && want.every((v, i) => v === have[i]);
  return { actual: answers, passed, why: got(have, e) };
}

/** Whether `actual` (present) satisfies the operator and value. */
function holds(e: Expectation, actual: unknown): boolean {
  const value = e.value;
  switch (e.operator) {
    case 'eq':
      return same(actual, value);
    case 'ne':
      return !same(actual, value);
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const n =
        typeof actual === 'number'
          ? actual
          : typeof actual === 'string' && actual.trim() !== ''
            ? Number(actual)
            : Number.NaN;
      const v = value as number;
      if (!Number.isFinite(n)) return false;
      return e.operator === 'lt' ? n < v : e.operator === 'lte' ? n <= v : e.operator === 'gt' ? n > v : n >= v;
    }
    case 'contains':
      return contains(actual, value);
    case 'not_contains':
      return !contains(actual, value);
    case 'matches':
      return (
        (typeof actual === 'string' || typeof actual === 'number') && patternMatches(value as string, String(actual))
      );
    case 'exists':
      return true;
    case 'not_empty':
      return Array.isArray(actual) ? actual.length > 0 : actual !== '';
  }
}

/** Equal as JSON scalars; a header (text) equals a number when it reads as that number. */
function same(actual: unknown, value: unknown): boolean {
  if (typeof actual === 'string' && typeof value === 'number') return actual.trim() !== '' && Number(actual) === value;
  return actual === value;
}

/** Text contains text; a list contains an element equal to the value. */
function contains(actual: unknown, value: unknown): boolean {
  if (typeof actual === 'string') return typeof value === 'string' && actual.includes(value);
  if (Array.isArray(actual)) return actual.some((v) => same(v, value));
  return false;
}

/** `actual` as it is stored: NUL-free, and no bigger than MAX_ACTUAL characters of JSON. */
function keepable(actual: unknown): unknown {
  if (actual === undefined) return null;
  const json = JSON.stringify(actual);
  if (json === undefined) return null;
  if (json.length > MAX_ACTUAL) return clean(`${json.slice(0, MAX_ACTUAL)}…`);
  return typeof actual === 'string'
    ? clean(actual)
    : json.includes('\\u0000')
      ? JSON.parse(json.replaceAll('\\u0000', '\\ufffd'))
      : actual;
}
