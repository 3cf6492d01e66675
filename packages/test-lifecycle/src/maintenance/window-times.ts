import rrulePackage from 'rrule';
import { instantToWall, wallToInstant } from './zone-time.ts';

// rrule is CommonJS: its named exports come through the default one.
const { RRule } = rrulePackage;

/** A maintenance window as stored: once (starts_at to ends_at), or on an RRULE for `duration` each time. */
export interface WindowSpec {
  startsAt: Date;
  endsAt: Date | null;
  /** RFC 5545 RRULE (no DTSTART: starts_at's wall-clock time in `timeZone` is the start of each). */
  rrule: string | null;
  durationMinutes: number | null;
  timeZone: string;
}

export interface Occurrence {
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;

/** The rule as rrule reads it, its DTSTART the first start's wall-clock time (floating). */
function ruleOf(spec: WindowSpec) {
  const options = RRule.parseString(spec.rrule!);
  return new RRule({ ...options, dtstart: new Date(instantToWall(spec.timeZone, spec.startsAt.getTime())) });
}

/** Checks an RRULE as a client gave it: the reason it is refused, or null. */
export function ruleProblem(rule: string): string | null {
  if (/DTSTART|TZID/i.test(rule)) return 'must not carry DTSTART or TZID (starts_at and time_zone give them)';
  try {
    const options = RRule.parseString(rule.replace(/^RRULE:/i, ''));
    if (options.freq === undefined) return 'must have a FREQ';
    new RRule(options).after(new Date(0));
    return null;
  } catch (error) {
    return `is not an RFC 5545 RRULE (${(error as Error).message})`;
  }
}

const occurrence = (spec: WindowSpec, wall: Date): Occurrence => {
  const start = wallToInstant(spec.timeZone, wall.getTime());
  return { start: new Date(start), end: new Date(start + spec.durationMinutes! * 60_000) };
};

/** The occurrence of the window that holds `at`, or null. */
export function occurrenceAt(spec: WindowSpec, at: Date): Occurrence | null {
  if (!spec.rrule)
    return spec.startsAt <= at && spec.endsAt !== null && at < spec.endsAt
      ? { start: spec.startsAt, end: spec.endsAt }
      : null;
  if (at < spec.startsAt) return null;
  const wall = instantToWall(spec.timeZone, at.getTime());
  // Starts that may still be running at `at`: within a duration before it, a day either side for the zone.
  const from = new Date(wall - spec.durationMinutes! * 60_000 - DAY_MS);
  const candidates = ruleOf(spec).between(from, new Date(wall + DAY_MS), true);
  for (const candidate of candidates) {
    const o = occurrence(spec, candidate);
    if (o.start <= at && at < o.end) return o;
  }
  return null;
}

/** The next `count` occurrences that end after `from` (the one running now first). */
export function nextOccurrences(spec: WindowSpec, from: Date, count: number): Occurrence[] {
  if (!spec.rrule) return spec.endsAt && spec.endsAt > from ? [{ start: spec.startsAt, end: spec.endsAt }] : [];
  const rule = ruleOf(spec);
  const out: Occurrence[] = [];
  let cursor = new Date(instantToWall(spec.timeZone, from.getTime()) - spec.durationMinutes! * 60_000 - DAY_MS);
  while (out.length < count) {
    const next = rule.after(cursor, false);
    if (!next) break;
    cursor = next;
    const o = occurrence(spec, next);
    if (o.end > from) out.push(o);
  }
  return out;
}
