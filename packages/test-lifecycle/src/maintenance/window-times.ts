import { instantToWall, wallToInstant } from './zone-time.ts';

/** A maintenance window as stored: once (starts_at to ends_at), or on an RRULE for `duration` each time. */
export interface WindowSpec {
  startsAt: Date;
  endsAt: Date | null;
  /** RFC 5545 RRULE (no DTSTART: starts_at's wall-clock time in `timeZone` is the start of each). */
  rrule: string | null;
  durationMinutes: number | null;
  timeZone: string;
}

/**
 * A window with its occurrences as computed ahead (window-plan.ts): a recurring window's occurrences,
 * overlapping ones merged, oldest first, exact up to `occurrencesUntil`. Reads of a window (a check batch,
 * a page, the API) use these and never expand its rule.
 */
export interface PlannedWindow extends WindowSpec {
  occurrenceStarts: Date[];
  occurrenceEnds: Date[];
  occurrencesUntil: Date | null;
}

export interface Occurrence {
  start: Date;
  end: Date;
}

/** The index of the first occurrence not over at `at` (occurrences are disjoint and in order). */
function firstRunning(window: PlannedWindow, at: number): number {
  const ends = window.occurrenceEnds;
  let low = 0;
  let high = ends.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (ends[mid]!.getTime() <= at) low = mid + 1;
    else high = mid;
  }
  return low;
}

const planned = (window: PlannedWindow, i: number): Occurrence => ({
  start: window.occurrenceStarts[i]!,
  end: window.occurrenceEnds[i]!,
});

/** The occurrence of the window that holds `at`, or null (also past what was computed ahead). */
export function occurrenceAt(window: PlannedWindow, at: Date): Occurrence | null {
  if (!window.rrule)
    return window.startsAt <= at && window.endsAt !== null && at < window.endsAt
      ? { start: window.startsAt, end: window.endsAt }
      : null;
  if (!window.occurrencesUntil || at >= window.occurrencesUntil) return null;
  const i = firstRunning(window, at.getTime());
  return i < window.occurrenceStarts.length && window.occurrenceStarts[i]! <= at ? planned(window, i) : null;
}

/** The next `count` occurrences that end after `from` (the one running now first), of those computed ahead. */
export function nextOccurrences(window: PlannedWindow, from: Date, count: number): Occurrence[] {
  if (!window.rrule)
    return window.endsAt && window.endsAt > from ? [{ start: window.startsAt, end: window.endsAt }] : [];
  const out: Occurrence[] = [];
  for (let i = firstRunning(window, from.getTime()); i < window.occurrenceStarts.length && out.length < count; i++)
    out.push(planned(window, i));
  return out;
}

/** The wall-clock time of the window's first start in its zone: the rule's DTSTART (floating, as rrule takes it). */
export const firstWall = (spec: WindowSpec) => instantToWall(spec.timeZone, spec.startsAt.getTime());

/** The instant a start found by the rule (a wall-clock time in the window's zone) names. */
export const startOf = (spec: WindowSpec, wall: Date) => new Date(wallToInstant(spec.timeZone, wall.getTime()));
