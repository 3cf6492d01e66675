import { type ExpansionBudget, ExpansionTooCostly, expandRule } from './rule-expander.ts';
import type { WindowSpec } from './window-times.ts';

const DAY_MS = 86_400_000;
/** How far ahead a recurring window's starts are computed. */
export const PLAN_AHEAD_MS = 14 * DAY_MS;
/** Occurrences kept per window: a check batch and a page read them, so their cost does not grow with the rule. */
export const MAX_OCCURRENCES = 200;
/** A rule must show its first start within this long after starts_at. */
const FIRST_WITHIN_MS = 5 * 366 * DAY_MS;
/** A rule whose expansion failed (a row from before the grammar) is tried again this much later. */
export const RETRY_FAILED_MS = 3600_000;

/** A window's occurrence columns, as stored: exact up to `occurrencesUntil`, computed again from `occurrencesRefreshAt`. */
export interface OccurrenceColumns {
  occurrenceStarts: Date[];
  occurrenceEnds: Date[];
  occurrencesUntil: Date | null;
  occurrencesRefreshAt: Date | null;
}

const NOT_RECURRING: OccurrenceColumns = {
  occurrenceStarts: [],
  occurrenceEnds: [],
  occurrencesUntil: null,
  occurrencesRefreshAt: null,
};

export type WindowPlan = { columns: OccurrenceColumns; problem?: undefined } | { problem: string; columns?: undefined };

/**
 * The occurrences of a window from now (or its first start) to PLAN_AHEAD_MS later, at most MAX_OCCURRENCES,
 * expanded once, off the event loop and under a deadline; or why the rule is refused: it never happens,
 * not within five years, starts more than MAX_OCCURRENCES times a day, or costs too much to expand.
 */
export async function planWindow(spec: WindowSpec, now: Date, budget?: ExpansionBudget): Promise<WindowPlan> {
  if (!spec.rrule) return { columns: NOT_RECURRING };
  const duration = spec.durationMinutes! * 60_000;
  const base = Math.max(now.getTime(), spec.startsAt.getTime());
  let expansion: Awaited<ReturnType<typeof expandRule>>;
  try {
    expansion = await expandRule(
      {
        spec: {
          startsAt: spec.startsAt.getTime(),
          rrule: spec.rrule,
          durationMinutes: spec.durationMinutes!,
          timeZone: spec.timeZone,
        },
        // From the start of an occurrence that may still be running now.
        from: base - duration,
        until: base + PLAN_AHEAD_MS,
        max: MAX_OCCURRENCES,
      },
      budget,
    );
  } catch (error) {
    if (error instanceof ExpansionTooCostly) {
      if (error.budgetSpent) return { problem: error.message };
      return { problem: `${error.message} (a rule that never happens, or too seldom, searches for ever)` };
    }
    return { problem: `is not an RFC 5545 RRULE (${(error as Error).message})` };
  }
  if (expansion.first === null) return { problem: 'never happens (from starts_at on, in time_zone)' };
  if (expansion.first - spec.startsAt.getTime() > FIRST_WITHIN_MS)
    return { problem: 'first happens more than five years after starts_at' };
  if (expansion.knownUntil < base + DAY_MS)
    return { problem: `happens more than ${MAX_OCCURRENCES} times within a day; a window repeats at most that often` };
  const until = expansion.knownUntil;
  return {
    columns: {
      occurrenceStarts: expansion.starts.map((t) => new Date(t)),
      occurrenceEnds: expansion.ends.map((t) => new Date(t)),
      occurrencesUntil: new Date(until),
      // Half-way through what is known: a sweep missed or two still leaves the present covered.
      occurrencesRefreshAt: new Date(now.getTime() + Math.max(600_000, (until - now.getTime()) / 2)),
    },
  };
}
