// Instants and wall-clock times in an IANA time zone, through Intl (Node's ICU): what a recurring
// maintenance window needs, since rrule iterates wall-clock times without knowing of zones.

const DAY_MS = 86_400_000;
/**
 * Intl's name for each zone by its lower-case spelling. Intl takes every upper/lower-case spelling of a
 * zone, and a formatter made per spelling held ICU's memory for good (20,000 spellings: 517 MiB, issue
 * 44), rejected requests included. Spellings that differ only in case share an entry; offsets such as
 * `+05:00` are not IANA zones and are refused, so the entries are bounded by the zones Intl knows.
 */
const zoneNames = new Map<string, string>([
  ['utc', 'UTC'],
  ...Intl.supportedValuesOf('timeZone').map((zone): [string, string] => [zone.toLowerCase(), zone]),
]);
/** One formatter per zone, by Intl's name for it. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** Intl's name for a zone a client gave (`europe/PARIS` → `Europe/Paris`), or null when it is not an IANA zone. */
export function canonicalZone(zone: string): string | null {
  const key = zone.toLowerCase();
  const known = zoneNames.get(key);
  if (known) return known;
  if (!/^[a-z][a-z0-9_+/-]*$/.test(key)) return null;
  try {
    // An alias Intl knows but does not list (US/Eastern, Etc/GMT+5, Europe/Kyiv).
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    zoneNames.set(key, name);
    return name;
  } catch {
    return null;
  }
}

function formatFor(name: string): Intl.DateTimeFormat {
  let format = formats.get(name);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(name, format);
  }
  return format;
}

const HOUR_MS = 3_600_000;
/**
 * Each zone's offset through an hour (UTC), NaN where the offset changes within it. Asking ICU costs some
 * 7 µs, and a dense rule's expansion asked it four times per start (a window every five minutes: 250 ms
 * of a 500 ms deadline, which a loaded machine then overran and refused the rule). An offset equal at
 * both ends of an hour holds through it: no zone changes twice within an hour. Bounded: cleared when full.
 */
const hourOffsets = new Map<string, number>();
const MAX_HOUR_OFFSETS = 50_000;

function offsetAt(format: Intl.DateTimeFormat, instant: number): number {
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The zone's offset from UTC at an instant, in ms (Paris in summer: +7,200,000). */
export function zoneOffsetMs(zone: string, instant: number): number {
  const name = canonicalZone(zone);
  if (name === null) throw new RangeError(`Not an IANA time zone: ${zone}`);
  const hour = Math.floor(instant / HOUR_MS);
  const key = `${name} ${hour}`;
  let offset = hourOffsets.get(key);
  if (offset === undefined) {
    const format = formatFor(name);
    const start = offsetAt(format, hour * HOUR_MS);
    offset = start === offsetAt(format, (hour + 1) * HOUR_MS - 1000) ? start : Number.NaN;
    if (hourOffsets.size >= MAX_HOUR_OFFSETS) hourOffsets.clear();
    hourOffsets.set(key, offset);
  }
  return Number.isNaN(offset) ? offsetAt(formatFor(name), instant) : offset;
}

/** The wall-clock time at an instant, as ms whose UTC fields read as that wall time (rrule's floating convention). */
export const instantToWall = (zone: string, instant: number) => instant + zoneOffsetMs(zone, instant);

/**
 * The instant a wall-clock time names in the zone. RFC 5545 (3.3.5): a time that happens twice (the hour
 * clocks go back) is the first; a time that does not happen (the hour they skip) is read with the offset
 * from before the change, so 02:30 on a spring-forward night is 03:30 in the new offset.
 */
export function wallToInstant(zone: string, wall: number): number {
  const before = zoneOffsetMs(zone, wall - DAY_MS);
  const after = zoneOffsetMs(zone, wall + DAY_MS);
  const valid = [wall - before, wall - after].filter((t, i) => zoneOffsetMs(zone, t) === (i === 0 ? before : after));
  return valid.length > 0 ? Math.min(...valid) : wall - before;
}
