// The RRULEs a maintenance window takes: RFC 5545's grammar cut to what a window needs, every value range
// checked before the rule reaches rrule. rrule loops for ever on a value out of range (FREQ=HOURLY;
// BYHOUR=24 never returns) and walks every second or minute of the years it searches, so what it is given
// is checked here first; what it costs is then bounded by the expander (rule-expander.ts).

/** Frequencies from the hour up: a window is at least minutes long, and a finer one would start every minute. */
const FREQUENCIES = new Set(['HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);
const WEEKDAYS = '(MO|TU|WE|TH|FR|SA|SU)';
/** Values one BYxxx list may hold. */
export const MAX_LIST = 60;

const integers =
  (min: number, max: number, zero = true) =>
  (value: string) => {
    if (!/^[+-]?\d{1,4}$/.test(value)) return false;
    const n = Number(value);
    return n >= min && n <= max && (zero || n !== 0);
  };

/** Each part's check of one value, with what it takes, for the message. */
const PARTS: Record<string, { list: boolean; valid: (value: string) => boolean; takes: string }> = {
  INTERVAL: { list: false, valid: integers(1, 1000), takes: 'an integer from 1 to 1000' },
  COUNT: { list: false, valid: integers(1, 10_000), takes: 'an integer from 1 to 10000' },
  UNTIL: { list: false, valid: (v) => /^\d{8}(T\d{6}Z?)?$/.test(v), takes: 'a date (YYYYMMDD or YYYYMMDDTHHMMSSZ)' },
  WKST: { list: false, valid: (v) => new RegExp(`^${WEEKDAYS}$`).test(v), takes: 'a weekday (MO to SU)' },
  BYMINUTE: { list: true, valid: integers(0, 59), takes: 'minutes from 0 to 59' },
  BYHOUR: { list: true, valid: integers(0, 23), takes: 'hours from 0 to 23' },
  BYDAY: {
    list: true,
    valid: (v) => {
      const match = new RegExp(`^([+-]?\\d{1,2})?${WEEKDAYS}$`).exec(v);
      return match !== null && (match[1] === undefined || integers(-53, 53, false)(match[1]));
    },
    takes: 'weekdays (MO to SU), each with an optional ordinal from -53 to 53 (1MO, -1FR)',
  },
  BYMONTHDAY: { list: true, valid: integers(-31, 31, false), takes: 'days from 1 to 31 or -31 to -1' },
  BYYEARDAY: { list: true, valid: integers(-366, 366, false), takes: 'days from 1 to 366 or -366 to -1' },
  BYWEEKNO: { list: true, valid: integers(-53, 53, false), takes: 'weeks from 1 to 53 or -53 to -1' },
  BYMONTH: { list: true, valid: integers(1, 12), takes: 'months from 1 to 12' },
  BYSETPOS: { list: true, valid: integers(-366, 366, false), takes: 'positions from 1 to 366 or -366 to -1' },
};

/**
 * Checks an RRULE as a client gave it, by the grammar above: the reason it is refused, or null. Says
 * nothing of whether the rule ever happens: that takes expanding it, which the expander does, bounded.
 */
export function ruleProblem(rule: string): string | null {
  if (/DTSTART|TZID/i.test(rule)) return 'must not carry DTSTART or TZID (starts_at and time_zone give them)';
  const seen = new Map<string, string>();
  for (const part of rule.replace(/^RRULE:/i, '').split(';')) {
    const [name = '', value, extra] = part.toUpperCase().split('=');
    if (value === undefined || extra !== undefined || value === '')
      return `has a part that is not NAME=VALUE: "${part}"`;
    if (seen.has(name)) return `names ${name} twice`;
    seen.set(name, value);
    if (name === 'FREQ') {
      if (!FREQUENCIES.has(value))
        return `FREQ must be HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY (a window repeats at most hourly), not "${value}"`;
      continue;
    }
    if (name === 'BYSECOND') return 'must not carry BYSECOND: a window starts on the minute';
    const spec = PARTS[name];
    if (!spec) return `has a part RFC 5545 or a window does not know: ${name}`;
    const values = spec.list ? value.split(',') : [value];
    if (values.length > MAX_LIST) return `${name} lists ${values.length} values; at most ${MAX_LIST}`;
    const wrong = values.find((v) => !spec.valid(v));
    if (wrong !== undefined) return `${name} takes ${spec.takes}, not "${wrong}"`;
  }
  if (!seen.has('FREQ')) return 'must have a FREQ';
  if (seen.has('COUNT') && seen.has('UNTIL')) return 'takes COUNT or UNTIL, not both';
  return null;
}
