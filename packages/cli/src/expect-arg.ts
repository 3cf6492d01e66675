import { type CreateTest, EXPECT_OPERATORS, EXPECT_SOURCES } from '@pageprobe/client';
import { UsageError } from './assertions.ts';

export type Expectation = NonNullable<CreateTest['expect']>[number];
type Source = Expectation['source'];
type Operator = Expectation['operator'];

// Longest first, so `<=` is not read as `<` followed by a value starting with `=`.
const SYMBOLS: ReadonlyArray<[string, Operator]> = [
  ['==', 'eq'],
  ['!=', 'ne'],
  ['<=', 'lte'],
  ['>=', 'gte'],
  ['=~', 'matches'],
  ['!~', 'not_contains'],
  ['=', 'eq'],
  ['<', 'lt'],
  ['>', 'gt'],
  ['~', 'contains'],
];
/** Where a subject ends: an operator's first character, or a space before a word operator. */
const STOP = /[=!<>~\s]/;

const usage = (arg: string, why: string) =>
  new UsageError(`--expect ${arg}: ${why} (e.g. 'status=200', 'json:$.status=ok', 'header:content-type~json')`);

/**
 * One `--expect`: `<subject><symbol><value>` (`json:$.status=ok`, `response_time<500`,
 * `header:content-type~json`), `<subject> <operator> [<value>]` (`json:$.id exists`, `body matches ^OK$`),
 * or the API's JSON (`{"source":"status","operator":"eq","value":200}`); `degraded:` before any but the
 * JSON makes it of severity degraded (`degraded:response_time<500`). Which sources and operators a
 * kind takes is the API's to say (a 400 names the field); this only reads the words.
 */
export function parseExpect(arg: string): Expectation {
  // Issue 58: `degraded:` before an expectation makes its failure a degraded check, not a down one.
  const degraded = /^degraded:(?!\s*\{)/.exec(arg);
  if (degraded) return { ...parseExpect(arg.slice(degraded[0].length)), severity: 'degraded' } as Expectation;
  if (arg.trimStart().startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(arg);
    } catch (error) {
      throw usage(arg, `not JSON: ${(error as Error).message}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw usage(arg, 'not an object');
    return parsed as Expectation;
  }
  const source = EXPECT_SOURCES.find(
    (s) => arg.startsWith(s) && (arg.length === s.length || /[:=!<>~\s]/.test(arg[s.length]!)),
  );
  if (!source) throw usage(arg, `starts with one of ${EXPECT_SOURCES.join(', ')}`);
  let at = source.length;
  const expectation: Partial<Expectation> = { source };
  if (source === 'header' || source === 'json') {
    if (arg[at] !== ':') throw usage(arg, `${source} needs ${source === 'header' ? 'a name' : 'a path'}: ${source}:…`);
    const end = subjectEnd(arg, at + 1, source === 'json');
    const what = arg.slice(at + 1, end);
    if (!what) throw usage(arg, `${source} needs ${source === 'header' ? 'a name' : 'a path'}`);
    if (source === 'header') expectation.name = what;
    else expectation.path = what;
    at = end;
  }
  const rest = arg.slice(at);
  let operator: Operator;
  let raw: string | undefined;
  const worded = /^\s+([a-z_]+)(?:\s+([\s\S]*))?$/.exec(rest);
  if (worded) {
    if (!EXPECT_OPERATORS.includes(worded[1] as Operator))
      throw usage(arg, `operators are ${EXPECT_OPERATORS.join(', ')}`);
    operator = worded[1] as Operator;
    raw = worded[2];
  } else {
    const symbol = SYMBOLS.find(([s]) => rest.startsWith(s));
    if (!symbol) throw usage(arg, 'no operator (= != < <= > >= ~ !~ =~, or a word: exists, not_empty, …)');
    operator = symbol[1];
    raw = rest.slice(symbol[0].length);
  }
  if (operator === 'exists' || operator === 'not_empty') {
    if (raw) throw usage(arg, `${operator} takes no value`);
    return { ...expectation, operator } as Expectation;
  }
  if (raw === undefined || raw === '') throw usage(arg, `${operator} needs a value`);
  return { ...expectation, operator, value: typedValue(raw, source, operator) } as Expectation;
}

/**
 * The end of a header name or JSONPath: the first operator character outside brackets and quotes (a
 * JSONPath filter, `$.items[?@.price<10]`, holds operators of its own).
 */
function subjectEnd(arg: string, from: number, path: boolean): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from; i < arg.length; i++) {
    const c = arg[i]!;
    if (!path) {
      if (STOP.test(c)) return i;
      continue;
    }
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (depth > 0 && (c === "'" || c === '"')) quote = c;
    else if (c === '[') depth++;
    else if (c === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0 && STOP.test(c)) return i;
  }
  return arg.length;
}

/**
 * A value as typed: text where only text makes sense (a body, a pattern, a header's or an answer's
 * contents); elsewhere JSON when it reads as JSON (`200`, `true`, `null`, `"42"` for the text 42, a
 * `["list"]` of answers), else text.
 */
function typedValue(raw: string, source: Source, operator: Operator): Expectation['value'] {
  const text =
    source === 'body' ||
    operator === 'matches' ||
    (source === 'header' && (operator === 'contains' || operator === 'not_contains')) ||
    (source === 'answers' && operator === 'contains');
  if (text) return raw;
  try {
    const value = JSON.parse(raw) as unknown;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value as Expectation['value'];
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
  } catch {
    // Not JSON: the text itself.
  }
  return raw;
}
