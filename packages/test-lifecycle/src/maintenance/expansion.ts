import rrulePackage from 'rrule';
import { firstWall, startOf, type WindowSpec } from './window-times.ts';
import { instantToWall } from './zone-time.ts';

// rrule is CommonJS: its named exports come through the default one.
const { RRule } = rrulePackage;

const DAY_MS = 86_400_000;
/** Starts one expansion looks at, whatever their overlaps: bounds its memory. */
const MAX_RAW_STARTS = 10_000;

/** What the expander is asked: a window's occurrences in [from, until), at most `max`, in epoch ms. */
export interface ExpansionRequest {
  spec: { startsAt: number; rrule: string; durationMinutes: number; timeZone: string };
  from: number;
  until: number;
  max: number;
}

/**
 * The rule's first start ever (null: it never happens), and its occurrences starting in the range,
 * overlapping ones merged (a window held from the first start to the last end), exact up to `knownUntil`.
 */
export interface Expansion {
  first: number | null;
  starts: number[];
  ends: number[];
  knownUntil: number;
}

/**
 * Expands a window's rule: unbounded in time on a rule that never happens (rrule searches to year 9999),
 * so it runs only in the expander's thread, under a deadline (rule-expander.ts).
 */
export function expand({ spec: raw, from, until, max }: ExpansionRequest): Expansion {
  const spec: WindowSpec = { ...raw, startsAt: new Date(raw.startsAt), endsAt: null };
  const duration = raw.durationMinutes * 60_000;
  const dtstart = new Date(firstWall(spec));
  // No cache: a rule is expanded once and thrown away.
  const rule = new RRule({ ...RRule.parseString(raw.rrule), dtstart }, true);
  const first = rule.after(dtstart, true);
  const starts: number[] = [];
  const ends: number[] = [];
  let knownUntil = until;
  let seen = 0;
  if (first !== null) {
    // Wall-clock times a day either side of the range: a zone's offset moves one by up to a day.
    const wallAt = (instant: number, margin: number) => new Date(instantToWall(spec.timeZone, instant) + margin);
    rule.between(wallAt(from, -DAY_MS), wallAt(until, DAY_MS), true, (wall) => {
      const start = startOf(spec, wall).getTime();
      if (start < from || start >= until) return true;
      const last = ends.length - 1;
      if (last >= 0 && start <= ends[last]!) ends[last] = start + duration;
      else if (starts.length === max) {
        knownUntil = start;
        return false;
      } else {
        starts.push(start);
        ends.push(start + duration);
      }
      if (++seen < MAX_RAW_STARTS) return true;
      knownUntil = start + 1;
      return false;
    });
  }
  return { first: first && startOf(spec, first).getTime(), starts, ends, knownUntil };
}
