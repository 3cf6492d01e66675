import { Cron } from 'croner';

// When a heartbeat is late (issue 47): a ping is expected every `period_seconds`, or at each slot of a
// cron `schedule` in `time_zone`; it is down once `grace_seconds` have passed after that without one.
// A started run (/start) must end within the grace.

export interface HeartbeatTiming {
  periodSeconds: number | null;
  graceSeconds: number | null;
  schedule: string | null;
  timeZone: string | null;
}

/** Grace and period bounds (seconds): at least 1, at most 30 days, as a monitor's interval. */
export const HEARTBEAT_MAX_SECONDS = 30 * 24 * 3600;

/** A problem with a heartbeat's schedule or zone, naming the field. */
export class ScheduleProblem extends Error {
  readonly field: 'schedule' | 'time_zone';
  constructor(field: 'schedule' | 'time_zone', message: string) {
    super(message);
    this.field = field;
  }
}

/** Whether `zone` is an IANA time zone this runtime knows. */
function checkZone(zone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw new ScheduleProblem('time_zone', 'is not an IANA time zone (for example Europe/Paris)');
  }
}

// A cron expression is parsed once per (expression, zone) and kept: the hot path (every ping of a
// scheduled heartbeat) reads the parsed pattern, never parses again. Bounded like any cache.
const parsed = new Map<string, Cron>();
const MAX_PARSED = 10_000;

function cronOf(schedule: string, zone: string): Cron {
  const key = `${zone} ${schedule}`;
  let cron = parsed.get(key);
  if (!cron) {
    cron = new Cron(schedule, { timezone: zone, paused: true, mode: 'auto' });
    if (parsed.size >= MAX_PARSED) parsed.delete(parsed.keys().next().value!);
    parsed.set(key, cron);
  }
  return cron;
}

/**
 * Checks a schedule when it is written: a cron expression croner reads (5 fields, or 6 with seconds)
 * in a known zone, with a next slot within a year (`0 0 30 2 *` never comes). Returns that next slot.
 */
export function checkSchedule(schedule: string, zone: string, now = new Date()): Date {
  checkZone(zone);
  let next: Date | null;
  try {
    next = cronOf(schedule, zone).nextRun(now);
  } catch (error) {
    throw new ScheduleProblem('schedule', `is not a cron expression: ${(error as Error).message}`);
  }
  if (!next || next.getTime() - now.getTime() > 366 * 24 * 3600_000) {
    throw new ScheduleProblem('schedule', 'has no slot within the next year');
  }
  return next;
}

/** Slots read to find a schedule's shortest gap: about 15 ms of croner (50 µs a slot). */
const GAP_SLOTS = 300;
const gaps = new Map<string, number | null>();

/**
 * The shortest time between two slots of a schedule (seconds), over its next GAP_SLOTS slots or year:
 * a cron's slots repeat within its hours, days and months, so a short gap shows among the first (a gap
 * across a day's end as soon as the day ends). Null when it has fewer than two slots in that time.
 * Kept per (schedule, zone), bounded: a configuration planned again reads no slot twice.
 */
export function shortestGapSeconds(schedule: string, zone: string, now = new Date()): number | null {
  const key = `${zone} ${schedule}`;
  if (gaps.has(key)) return gaps.get(key)!;
  const cron = cronOf(schedule, zone);
  const end = now.getTime() + 366 * 24 * 3600_000;
  let shortest: number | null = null;
  let previous = cron.nextRun(now);
  for (let i = 0; previous && i < GAP_SLOTS; i++) {
    const next = cron.nextRun(previous);
    if (!next || next.getTime() > end) break;
    const gap = (next.getTime() - previous.getTime()) / 1000;
    if (shortest === null || gap < shortest) shortest = gap;
    previous = next;
  }
  if (gaps.size >= MAX_PARSED) gaps.delete(gaps.keys().next().value!);
  gaps.set(key, shortest);
  return shortest;
}

/** The schedule's first slot after `after` (null: none; checked when written, so only for a past rule). */
export const nextSlot = (schedule: string, zone: string, after: Date): Date | null =>
  cronOf(schedule, zone).nextRun(after);

/**
 * When a heartbeat whose last ping (or its creation, or its resumption) was at `from` is late: the
 * period plus grace after it, or the schedule's next slot after it plus grace.
 */
export function deadlineAfter(timing: HeartbeatTiming, from: Date): Date | null {
  const grace = (timing.graceSeconds ?? 0) * 1000;
  if (timing.schedule) {
    const slot = nextSlot(timing.schedule, timing.timeZone ?? 'UTC', from);
    return slot ? new Date(slot.getTime() + grace) : null;
  }
  return new Date(from.getTime() + (timing.periodSeconds ?? 0) * 1000 + grace);
}

/**
 * The deadline after one that passed without a ping: the next period, or the schedule's slot after the
 * one missed. Each missed period is one down check, so reminders and uptime count it.
 */
export function deadlineAfterMissed(timing: HeartbeatTiming, deadline: Date, now: Date): Date | null {
  const grace = (timing.graceSeconds ?? 0) * 1000;
  if (timing.schedule) {
    // The slot missed is deadline − grace; the next is the first after it (and not already past).
    const slot = nextSlot(
      timing.schedule,
      timing.timeZone ?? 'UTC',
      new Date(Math.max(deadline.getTime() - grace, now.getTime() - grace)),
    );
    return slot ? new Date(slot.getTime() + grace) : null;
  }
  const period = (timing.periodSeconds ?? 1) * 1000;
  // Long gone (the dispatchers were down): one check now, then back on the period from now.
  const next = deadline.getTime() + period;
  return new Date(next > now.getTime() ? next : now.getTime() + period);
}
