/**
 * Assertions in Lighthouse CI's syntax (the `assertions` object of a lighthouserc), so people can paste
 * theirs: `{ "<key>": "error" | "warn" | "off" | [level, { minScore | maxNumericValue | minNumericValue |
 * maxLength }] }`. Each kind says which keys it knows and how to read a key's actual value from a run;
 * this module parses, validates and judges.
 */

export type Level = 'error' | 'warn' | 'off';
export type Operator = 'minScore' | 'maxNumericValue' | 'minNumericValue' | 'maxLength';
export const OPERATORS: readonly Operator[] = ['minScore', 'maxNumericValue', 'minNumericValue', 'maxLength'];

export interface Assertion {
  key: string;
  level: Level;
  operator: Operator;
  expected: number;
}

/** What a kind knows about one key: the operators it takes, and the one a bare level means. */
export interface KeyRule {
  operators: readonly Operator[];
  /** For a key given as a level alone (LHCI: `"cache-insight": "error"`). */
  implied?: { operator: Operator; expected: number };
  /**
   * Set when the key has the right form but names nothing the kind's engine reports (an audit Lighthouse
   * no longer has): why, for the answer. A new request is refused for it; stored assertions keep it.
   */
  unknown?: string;
}

/** A kind's assertable keys: the rule for a key, or null when the kind does not know it. */
export type KeyRules = (key: string) => KeyRule | null;

export interface AssertionProblem {
  key: string;
  message: string;
}

const isLevel = (v: unknown): v is Level => v === 'error' || v === 'warn' || v === 'off';

/**
 * Parses `input` against a kind's keys: the assertions, or every problem found (each naming its key).
 * `stored`: assertions accepted before (a monitor's, or a test's being written), where a key the engine
 * no longer reports still parses and fails when judged, rather than stopping the monitor's runs.
 */
export function parseAssertions(
  input: unknown,
  rules: KeyRules,
  { stored = false }: { stored?: boolean } = {},
): { ok: true; assertions: Assertion[] } | { ok: false; problems: AssertionProblem[] } {
  const problems: AssertionProblem[] = [];
  const assertions: Assertion[] = [];
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, problems: [{ key: '', message: 'must be an object of assertions' }] };
  }
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    const rule = rules(key);
    if (!rule) {
      problems.push({ key, message: 'is not an assertion this test type knows' });
      continue;
    }
    if (rule.unknown && !stored) {
      problems.push({ key, message: rule.unknown });
      continue;
    }
    const [level, options] = Array.isArray(value) ? value : [value, undefined];
    if (!isLevel(level)) {
      problems.push({ key, message: 'level must be "error", "warn" or "off"' });
      continue;
    }
    if (Array.isArray(value) && value.length !== 2) {
      problems.push({ key, message: 'must be a level or [level, {options}]' });
      continue;
    }
    if (options === undefined) {
      if (!rule.implied) problems.push({ key, message: `needs one of ${rule.operators.join(', ')}` });
      else assertions.push({ key, level, ...rule.implied });
      continue;
    }
    if (options === null || typeof options !== 'object' || Array.isArray(options)) {
      problems.push({ key, message: 'options must be an object' });
      continue;
    }
    const entries = Object.entries(options as Record<string, unknown>);
    if (entries.length === 0) problems.push({ key, message: `needs one of ${rule.operators.join(', ')}` });
    for (const [operator, expected] of entries) {
      if (!rule.operators.includes(operator as Operator)) {
        problems.push({ key, message: `takes ${rule.operators.join(', ')}, not ${operator}` });
      } else if (typeof expected !== 'number' || !Number.isFinite(expected) || expected < 0) {
        problems.push({ key, message: `${operator} must be a number ≥ 0` });
      } else if (operator === 'minScore' && expected > 1) {
        problems.push({ key, message: 'minScore is between 0 and 1' });
      } else {
        assertions.push({ key, level, operator: operator as Operator, expected });
      }
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, assertions };
}

export interface AssertionResult extends Assertion {
  /** What the run measured; null when it could not be measured (then the assertion fails). */
  actual: number | null;
  passed: boolean;
}

/** Reads the value an assertion is about from a finished run (kind-specific). */
export type Measure = (key: string, operator: Operator) => number | null;

/**
 * Judges each assertion (`off` ones are skipped) and the whole: `passed` is false when an `error`-level
 * assertion failed, true otherwise, null when there was nothing to judge.
 */
export function judge(
  assertions: Assertion[],
  measure: Measure,
): { results: AssertionResult[]; passed: boolean | null } {
  const results = assertions
    .filter((a) => a.level !== 'off')
    .map((a) => {
      const actual = measure(a.key, a.operator);
      const passed =
        actual !== null &&
        (a.operator === 'minScore' || a.operator === 'minNumericValue' ? actual >= a.expected : actual <= a.expected);
      return { ...a, actual, passed };
    });
  if (results.length === 0) return { results, passed: null };
  return { results, passed: results.every((r) => r.passed || r.level !== 'error') };
}

/** The median of some numbers (the mean of the middle two for an even count); null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * A test of several runs is judged on the median of the runs' values (Lighthouse CI's
 * `aggregationMethod: "median"`); a run that could not measure a value is left out of its median.
 */
export function medianMeasure(measures: Measure[]): Measure {
  if (measures.length === 1) return measures[0]!;
  return (key, operator) => median(measures.map((m) => m(key, operator)).filter((v): v is number => v !== null));
}
