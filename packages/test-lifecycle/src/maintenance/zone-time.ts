// Instants and wall-clock times in an IANA time zone, through Intl (Node's ICU): what a recurring
// maintenance window needs, since rrule iterates wall-clock times without knowing of zones.

const DAY_MS = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  return format;
}

/** Whether the zone is one Intl knows (an IANA name such as Europe/Paris, or UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    formatFor(zone);
    return true;
  } catch {
    return false;
  }
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
