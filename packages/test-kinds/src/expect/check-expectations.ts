import {
  EXPECT_SOURCES,
  MAX_EXPECT_STRING,
  MAX_EXPECTATIONS,
  OPERATORS,
  type Operator,
  SOURCE_OPERATORS,
  SEVERITIES,
  type Severity,
  SOURCES,
  type Source,
} from './expectation.ts';
import { jsonPathProblem } from './json-path.ts';
import { compilePattern } from './pattern.ts';

/** A problem with a request's `expect`: the field's path (`body.expect.2.value`) and what is wrong. */
export interface ExpectProblem {
  path: string;
  message: string;
}

const NUMERIC: readonly Operator[] = ['lt', 'lte', 'gt', 'gte'];
const TEXT: readonly Operator[] = ['contains', 'not_contains', 'matches'];
const NO_VALUE: readonly Operator[] = ['exists', 'not_empty'];
// RFC 9110's token: what a header name may be.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScalar = (v: unknown) =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean' || v === null;

/**
 * Null when `expect` is a list of expectations that a `kind` check can evaluate; else the first problem,
 * naming its field. Checked when a test or monitor is written, so a check never meets a pattern RE2
 * refuses or a JSONPath that does not parse or calls match() or search(). `at` is the list's path (`body.expect`).
 */
export function checkExpectations(expect: unknown, kind: string, at = 'body.expect'): ExpectProblem | null {
  const sources = EXPECT_SOURCES[kind];
  if (!sources) return { path: at, message: `is not an option of ${kind} tests` };
  if (!Array.isArray(expect)) return { path: at, message: 'must be a list of expectations' };
  if (expect.length > MAX_EXPECTATIONS)
    return { path: at, message: `must have at most ${MAX_EXPECTATIONS} expectations` };
  for (const [i, item] of expect.entries()) {
    const problem = checkOne(item, sources, kind, `${at}.${i}`);
    if (problem) return problem;
  }
  return null;
}

function checkOne(item: unknown, sources: readonly Source[], kind: string, at: string): ExpectProblem | null {
  if (!isObject(item)) return { path: at, message: 'must be an object with source and operator' };
  for (const key of Object.keys(item)) {
    if (!['source', 'operator', 'name', 'path', 'value', 'severity'].includes(key)) {
      return { path: `${at}.${key}`, message: 'is not a field of an expectation' };
    }
  }
  if (item.severity !== undefined && !SEVERITIES.includes(item.severity as Severity)) {
    return { path: `${at}.severity`, message: `must be one of ${SEVERITIES.join(', ')}` };
  }
  const source = item.source as Source;
  if (!SOURCES.includes(source)) return { path: `${at}.source`, message: `must be one of ${SOURCES.join(', ')}` };
  if (!sources.includes(source)) {
    return { path: `${at}.source`, message: `${kind} checks take ${sources.join(', ')}, not ${source}` };
  }
  const operator = item.operator as Operator;
  const allowed = SOURCE_OPERATORS[source];
  if (!OPERATORS.includes(operator) || !allowed.includes(operator)) {
    return { path: `${at}.operator`, message: `${source} takes ${allowed.join(', ')}` };
  }
  if (source === 'header') {
    if (typeof item.name !== 'string' || !HEADER_NAME.test(item.name) || item.name.length > 256) {
      return { path: `${at}.name`, message: 'must be a header name (letters, digits and -)' };
    }
  } else if (item.name !== undefined) {
    return { path: `${at}.name`, message: 'is only for source header' };
  }
  if (source === 'json') {
    const problem = jsonPathProblem(item.path);
    if (problem) return { path: `${at}.path`, message: problem };
  } else if (item.path !== undefined) {
    return { path: `${at}.path`, message: 'is only for source json' };
  }
  const problem = checkValue(source, operator, item.value);
  return problem ? { path: `${at}.value`, message: problem } : null;
}

function checkValue(source: Source, operator: Operator, value: unknown): string | null {
  if (NO_VALUE.includes(operator)) return value === undefined ? null : `must be left out with ${operator}`;
  if (value === undefined) return `is required with ${operator}`;
  if (typeof value === 'string' && value.length > MAX_EXPECT_STRING) {
    return `must be at most ${MAX_EXPECT_STRING} characters`;
  }
  if (operator === 'matches') {
    if (typeof value !== 'string' || value === '') return 'must be a regular expression (RE2 syntax)';
    const compiled = compilePattern(value);
    return compiled.ok
      ? null
      : `is not a pattern RE2 runs in linear time (${compiled.reason}); backreferences and lookaround are not supported`;
  }
  switch (source) {
    case 'status':
      return Number.isInteger(value) && (value as number) >= 100 && (value as number) <= 599
        ? null
        : 'must be an HTTP status (100 to 599)';
    case 'response_time':
      return typeof value === 'number' && value > 0 && value <= 600_000
        ? null
        : 'must be a number of ms (up to 600000)';
    case 'certificate_days':
      return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 3650
        ? null
        : 'must be a number of days (0 to 3650)';
    case 'body':
      return typeof value === 'string' && value !== '' ? null : 'must be a non-empty string';
    case 'answers':
      if (operator === 'contains') return typeof value === 'string' && value !== '' ? null : 'must be a string';
      return typeof value === 'string' ||
        (Array.isArray(value) && value.length > 0 && value.length <= 100 && value.every((v) => typeof v === 'string'))
        ? null
        : 'must be a string or a list of up to 100 strings';
    default:
      // header and json
      if (NUMERIC.includes(operator))
        return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
      if (TEXT.includes(operator) && source === 'header') return typeof value === 'string' ? null : 'must be a string';
      if (source === 'header') {
        return typeof value === 'string' || typeof value === 'number' ? null : 'must be a string or a number';
      }
      return isScalar(value) ? null : 'must be a string, number, boolean or null';
  }
}
