import type { Expectation, Operator } from './expectation.ts';

const VERBS: Record<Operator, string> = {
  eq: 'to equal',
  ne: 'not to equal',
  lt: 'to be less than',
  lte: 'to be at most',
  gt: 'to be greater than',
  gte: 'to be at least',
  contains: 'to contain',
  not_contains: 'not to contain',
  matches: 'to match',
  exists: 'to exist',
  not_empty: 'not to be empty',
};

/** Longest a value is shown in a message, in characters (alerts quote it). */
const SHOWN = 100;

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}…` : s);

/** PostgreSQL's JSON refuses NUL, and a target may send it: shown as U+FFFD. */
export const clean = (s: string) => s.replaceAll('\u0000', '\uFFFD');

/** What an expectation is about, as its message names it. */
export function subjectOf(e: Expectation): string {
  switch (e.source) {
    case 'header':
      return `header ${e.name?.toLowerCase()}`;
    case 'json':
      return e.path ?? '$';
    case 'response_time':
      return 'response time';
    case 'certificate_days':
      return 'certificate days remaining';
    default:
      return e.source;
  }
}

/** A value as a message shows it: strings quoted, numbers with their unit, patterns between slashes. */
export function show(value: unknown, e: Pick<Expectation, 'source' | 'operator'>, asPattern = false): string {
  if (asPattern && typeof value === 'string') return `/${clip(clean(value), SHOWN)}/`;
  if (typeof value === 'number' && e.source === 'response_time') return `${value} ms`;
  if (value === undefined) return 'nothing';
  const json = JSON.stringify(value) ?? String(value);
  return clip(clean(json), SHOWN);
}

/** `<subject> <verb>[ <value>]`, e.g. `status to equal 200`: an expectation in words (a monitor's page lists them). */
export function expectationWords(e: Expectation): string {
  const value = e.value === undefined ? '' : ` ${show(e.value, e, e.operator === 'matches')}`;
  return `${subjectOf(e)} ${VERBS[e.operator] ?? e.operator}${value}`;
}

/** `Expected <subject> <verb>[ <value>]` — the start of every failure message. */
export const expected = (e: Expectation): string => `Expected ${expectationWords(e)}`;

/** What each operator says, as the forms' choices and the messages word it. */
export const OPERATOR_WORDS: Readonly<Record<Operator, string>> = VERBS;
