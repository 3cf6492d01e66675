import rrulePackage from 'rrule';
import { canonicalZone, instantToWall } from './zone-time.ts';

// A maintenance window in words (issue 60): "Every weekday at 02:00 for 1 hour, Europe/Berlin", shown beside
// its raw RRULE. rrule's toText() words the repetition; what it does not know is added here: the time of
// day (the wall-clock time of starts_at in the window's zone, which each occurrence repeats), the length,
// the zone, and COUNT/UNTIL at the end, where a reader looks for when it stops.

const { RRule } = rrulePackage;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** What the sentence needs of a window (the API's and the service's shape). */
export interface WindowWording {
  starts_at: string | Date;
  ends_at: string | Date | null;
  rrule: string | null;
  duration_minutes: number | null;
  time_zone: string;
}

const two = (n: number) => String(n).padStart(2, '0');
const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** 30 → "30 minutes", 60 → "1 hour", 90 → "1 hour 30 minutes", 1440 → "1 day". */
export function durationWords(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const parts = [days && unit(days, 'day'), hours && unit(hours, 'hour'), mins && unit(mins, 'minute')];
  return parts.filter(Boolean).join(' ') || '0 minutes';
}

/** A wall-clock time (epoch ms read as UTC) as "3 Dec 2026" and "02:00". */
const dateOf = (wall: Date) => `${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
const timeOf = (wall: Date) => `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`;

/** UNTIL's date (YYYYMMDD, with a time or not) as "31 Jan 2027". */
const untilDate = (until: string) =>
  dateOf(new Date(Date.UTC(Number(until.slice(0, 4)), Number(until.slice(4, 6)) - 1, Number(until.slice(6, 8)))));

/** The rule's parts by name (the grammar checked them when the window was saved). */
function partsOf(rule: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const part of rule.replace(/^RRULE:/i, '').split(';')) {
    const [name = '', value = ''] = part.toUpperCase().split('=');
    if (name) parts.set(name, value);
  }
  return parts;
}

/** The times of day the rule starts at: BYHOUR × BYMINUTE when it names them, else starts_at's. */
function timesOfDay(parts: Map<string, string>, start: Date): string {
  const list = (name: string, fallback: number) =>
    (parts.get(name)?.split(',').map(Number) ?? [fallback]).sort((a, b) => a - b);
  if (parts.get('FREQ') === 'HOURLY' && !parts.has('BYHOUR')) {
    const minutes = list('BYMINUTE', start.getUTCMinutes());
    return `from ${timeOf(start)}${parts.has('BYMINUTE') ? `, at minute ${minutes.join(' and ')}` : ''}`;
  }
  const hours = list('BYHOUR', start.getUTCHours());
  const minutes = list('BYMINUTE', start.getUTCMinutes());
  const times = hours.flatMap((h) => minutes.map((m) => `${two(h)}:${two(m)}`));
  return `at ${times.length > 1 ? `${times.slice(0, -1).join(', ')} and ${times.at(-1)}` : times[0]}`;
}

/**
 * The window as a sentence: "Every weekday at 02:00 for 1 hour, Europe/Berlin"; "Every day at 03:30 for
 * 30 minutes, UTC, 5 times from 1 Dec 2026"; "Once, on 3 Dec 2026 at 02:00 for 30 minutes, UTC". A rule
 * rrule cannot read falls back to "On the rule …" so the page still renders.
 */
export function windowSentence(w: WindowWording): string {
  const zone = canonicalZone(w.time_zone) ?? w.time_zone;
  const startsAt = new Date(w.starts_at);
  const start = new Date(instantToWall(canonicalZone(w.time_zone) ?? 'UTC', startsAt.getTime()));
  if (!w.rrule) {
    const minutes = w.ends_at ? Math.round((new Date(w.ends_at).getTime() - startsAt.getTime()) / 60_000) : null;
    const length = minutes === null ? '' : ` for ${durationWords(minutes)}`;
    return `Once, on ${dateOf(start)} at ${timeOf(start)}${length}, ${zone}`;
  }
  const parts = partsOf(w.rrule);
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  // Worded without what the sentence says itself (times of day, the end), so nothing is said twice.
  const repeat = [...parts]
    .filter(([name]) => !['COUNT', 'UNTIL', 'BYHOUR', 'BYMINUTE', 'WKST'].includes(name))
    .map(([name, value]) => `${name}=${value}`)
    .join(';');
  let words: string;
  try {
    words = new RRule(RRule.parseString(repeat)).toText();
  } catch {
    return `On the rule ${w.rrule}, ${zone}`;
  }
  const length = w.duration_minutes ? ` for ${durationWords(w.duration_minutes)}` : '';
  const ends = count
    ? `, ${count === '1' ? 'once' : `${count} times`} from ${dateOf(start)}`
    : until
      ? `, until ${untilDate(until)}`
      : '';
  return `${words[0]!.toUpperCase()}${words.slice(1)} ${timesOfDay(parts, start)}${length}, ${zone}${ends}`;
}
