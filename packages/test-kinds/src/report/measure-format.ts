import { fmtBytes, fmtMs, plural } from './format.ts';

// An assertion's threshold and measured value in the unit its key measures (issue 30): `873 ms`, not
// `872.8331000000001`; a 0..1 score as the 0-100 the rest of the report shows.

/** What an assertion's value is: its unit follows from its key and operator. */
export type MeasureUnit = 'ms' | 'bytes' | 'score' | 'cls' | 'count' | 'days' | 'up' | 'number';

/** Lighthouse audits whose numericValue is not in milliseconds (their numericUnit in Lighthouse 13). */
const AUDIT_UNITS: Record<string, MeasureUnit> = {
  'cumulative-layout-shift': 'cls',
  'total-byte-weight': 'bytes',
  'dom-size-insight': 'count',
};
const AUDIT_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The unit of a key's value, by the kinds' keys (lighthouse/, seo_crawl/, uptime/assertions.ts): minScore
 * reads a 0..1 score, maxLength counts items; `resource-summary:<type>:size` is bytes and `:count`
 * requests; an audit's maxNumericValue is its numericValue (milliseconds but for the few above);
 * uptime's timings are ms and its certificate's remaining days days; seo's issue counts counts.
 */
export function measureUnit(key: string, operator: string): MeasureUnit {
  if (key === 'uptime:up') return 'up';
  if (operator === 'maxLength') return 'count';
  if (operator === 'minScore') return 'score';
  if (key.startsWith('uptime:timings:')) return 'ms';
  if (key === 'uptime:certificate:days_remaining') return 'days';
  if (key.startsWith('seo:issues:')) return 'count';
  const summary = /^resource-summary:[a-z-]+:(size|count)$/.exec(key);
  if (summary) return summary[1] === 'size' ? 'bytes' : 'count';
  if (AUDIT_ID.test(key)) return AUDIT_UNITS[key] ?? 'ms';
  return 'number';
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** A value shown at a precision (0 the coarsest, as the rest of the report shows it): its text and the number it reads as. */
type Shown = { text: string; reads: number };
const LEVELS = 3;

function show(unit: MeasureUnit, v: number, level: number): Shown {
  switch (unit) {
    case 'ms':
      if (level === 0) return { text: fmtMs(v), reads: v >= 1000 ? Math.round(v / 100) * 100 : Math.round(v) };
      return { text: `${round(v, level - 1)} ms`, reads: round(v, level - 1) };
    case 'bytes': {
      if (level > 0) return { text: `${round(v, level - 1)} B`, reads: round(v, level - 1) };
      const step = v >= 1024 * 1024 ? 1024 * 1024 : v >= 1024 ? 1024 : 0;
      return step
        ? { text: fmtBytes(v), reads: (Math.round((v / step) * 10) / 10) * step }
        : { text: fmtBytes(Math.round(v)), reads: Math.round(v) };
    }
    case 'score':
      // Compared as points: 0.895 reads as 89.5, not 90.
      return { text: String(round(v * 100, level)), reads: round(v * 100, level) / 100 };
    case 'cls':
      return { text: String(round(v, 3 + level)), reads: round(v, 3 + level) };
    case 'count':
      return { text: String(round(v, level)), reads: round(v, level) };
    case 'days':
      return { text: plural(round(v, level), 'day'), reads: round(v, level) };
    case 'up':
      return { text: v >= 1 ? 'up' : 'down', reads: v >= 1 ? 1 : 0 };
    case 'number':
      return { text: String(round(v, 3 + level)), reads: round(v, 3 + level) };
  }
}

/**
 * The coarsest precision that shows a threshold as it is (2450 ms is not "2.5 s"). Bytes are the
 * exception: 1600000 reads better as "1.5 MB" than to the byte, and stays so unless the figure needs more.
 */
function exactLevel(unit: MeasureUnit, expected: number): number {
  if (unit === 'bytes') return 0;
  for (let level = 0; level < LEVELS; level++) {
    if (Math.abs(show(unit, expected, level).reads - expected) < 1e-9) return level;
  }
  return LEVELS - 1;
}

const meets = (operator: string, actual: number, expected: number) =>
  operator === 'minScore' || operator === 'minNumericValue' ? actual >= expected : actual <= expected;

const OPERATOR_WORDS: Record<string, string> = {
  minScore: '≥',
  minNumericValue: '≥',
  maxNumericValue: '≤',
  maxLength: 'items ≤',
};

/** A value in its key's unit, as the rest of the report shows it: `873 ms`, `87`, `0.123`, `1.2 MB`; '–' for none. */
export function formatMeasure(key: string, operator: string, value: number | null): string {
  return value === null ? '–' : show(measureUnit(key, operator), value, 0).text;
}

/**
 * An assertion's threshold (with its operator: `≥ 90`, `≤ 1.8 s`, `items ≤ 0`, `up`) and what was measured,
 * in its key's unit and at one precision: the threshold's own, or finer where rounding would make the
 * figure seem to contradict the verdict (a median score of 0.895 against ≥ 0.9 is 89.5, not 90).
 */
export function formatAssertion(
  key: string,
  operator: string,
  expected: number | null,
  actual: number | null,
): { expected: string; measured: string } {
  const unit = measureUnit(key, operator);
  if (expected === null) return { expected: '–', measured: formatMeasure(key, operator, actual) };
  let level = exactLevel(unit, expected);
  if (actual !== null) {
    const verdict = meets(operator, actual, expected);
    while (
      level < LEVELS - 1 &&
      meets(operator, show(unit, actual, level).reads, show(unit, expected, level).reads) !== verdict
    )
      level++;
  }
  const threshold = show(unit, expected, level).text;
  return {
    expected: unit === 'up' ? threshold : `${OPERATOR_WORDS[operator] ?? ''} ${threshold}`.trim(),
    measured: actual === null ? '–' : show(unit, actual, level).text,
  };
}
