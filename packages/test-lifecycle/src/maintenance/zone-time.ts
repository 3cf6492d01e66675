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

function formatFor(zone: string): Intl.DateTimeFormat {
  const name = canonicalZone(zone);
  if (name === null) throw new RangeError(`Not an IANA time zone: ${zone}`);
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

/** The zone's offset from UTC at an instant, in ms (Paris in summer: +7,200,000). */
export function zoneOffsetMs(zone: string, instant: number): number {
  const parts = Object.fromEntries(
    formatFor(zone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return wall - Math.floor(instant / 1000) * 1000;
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
