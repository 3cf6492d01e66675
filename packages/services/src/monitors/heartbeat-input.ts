import { randomBytes } from 'node:crypto';
import type { Monitor, Prisma } from '@pageprobe/db';
import type { Plan } from '@pageprobe/db';
import {
  checkSchedule,
  deadlineAfter,
  type HeartbeatTiming,
  minIntervalFor,
  ScheduleProblem,
  shortestGapSeconds,
} from '@pageprobe/monitors';
import { CHECK_FIELDS, HEARTBEAT_FIELDS, toldByPings } from '@pageprobe/test-kinds';
import { ProblemError } from '../problem.ts';

// Heartbeat monitors (issue 47): told by pings rather than asking, so none of a check's request fields
// apply; a period or a cron schedule (in a time zone) and a grace say when one is late.

/** The heartbeat fields of POST and PATCH /monitors. */
export interface HeartbeatSettings {
  period_seconds?: number | null;
  grace_seconds?: number;
  schedule?: string | null;
  time_zone?: string | null;
}

const invalid = (field: string, message: string) =>
  new ProblemError(400, 'validation_failed', `${field} ${message}.`, { errors: [{ path: `body.${field}`, message }] });

/**
 * Another kind's body must not carry a heartbeat's fields; a new one needs url and interval_seconds (the
 * document cannot require them, since a heartbeat has neither).
 */
export function refuseHeartbeatFields(input: Record<string, unknown>, type: string, creating: boolean): void {
  for (const field of HEARTBEAT_FIELDS) {
    if (input[field] !== undefined) throw invalid(field, `applies to heartbeat monitors only, not ${type}`);
  }
  if (!creating) return;
  for (const field of ['url', 'interval_seconds']) {
    if (input[field] === undefined) throw invalid(field, `is required for a ${type} monitor`);
  }
}

/** The shortest a heartbeat's period, grace and gap between slots may be: the plan's shortest interval. */
export interface HeartbeatFloor {
  plan: Plan;
  /** MONITOR_MIN_INTERVAL_SECONDS. */
  deploymentMin: number;
}

/**
 * The plan's shortest interval (issue 56 item 11), as check monitors have: on `period_seconds`, on
 * `grace_seconds` and on the gap between a schedule's slots, where this request gives them (a heartbeat
 * made before keeps what it has until they are changed).
 */
function checkFloor(input: HeartbeatSettings, timing: HeartbeatTiming, floor: HeartbeatFloor): void {
  const min = minIntervalFor('heartbeat', floor.plan, floor.deploymentMin);
  const onPlan = `on the ${floor.plan} plan`;
  if (input.period_seconds != null && input.period_seconds < min) {
    throw invalid('period_seconds', `must be at least ${min} seconds ${onPlan}`);
  }
  if (input.grace_seconds != null && input.grace_seconds < min) {
    throw invalid('grace_seconds', `must be at least ${min} seconds ${onPlan}`);
  }
  if (input.schedule != null && timing.schedule) {
    const gap = shortestGapSeconds(timing.schedule, timing.timeZone ?? 'UTC');
    if (gap !== null && gap < min) {
      throw invalid('schedule', `has slots ${gap} seconds apart: at least ${min} seconds ${onPlan}`);
    }
  }
}

/** A check's fields are refused on a heartbeat (pings tell it; nothing is requested). */
function refuseCheckFields(input: Record<string, unknown>): void {
  for (const field of CHECK_FIELDS) {
    if (input[field] !== undefined) throw invalid(field, 'does not apply to a heartbeat monitor (it is told by pings)');
  }
}

/**
 * The timing a heartbeat will have after this request (`current` for a change): a period or a schedule,
 * not both, and a grace; the schedule read by croner in a known time zone.
 */
function timingOf(input: HeartbeatSettings, current: HeartbeatTiming | null, floor: HeartbeatFloor): HeartbeatTiming {
  if (input.period_seconds != null && input.schedule != null) {
    throw invalid('schedule', 'cannot be given with period_seconds (one or the other)');
  }
  // Giving one replaces the other.
  const usesSchedule = input.schedule != null || (input.period_seconds == null && current?.schedule != null);
  const timing: HeartbeatTiming = usesSchedule
    ? {
        periodSeconds: null,
        schedule: input.schedule ?? current!.schedule,
        timeZone: input.time_zone ?? (input.schedule != null ? null : current?.timeZone) ?? 'UTC',
        graceSeconds: input.grace_seconds ?? current?.graceSeconds ?? null,
      }
    : {
        periodSeconds: input.period_seconds ?? current?.periodSeconds ?? null,
        schedule: null,
        timeZone: null,
        graceSeconds: input.grace_seconds ?? current?.graceSeconds ?? null,
      };
  if (!usesSchedule && input.time_zone != null) throw invalid('time_zone', 'applies with a schedule only');
  if (!timing.schedule && timing.periodSeconds === null) {
    throw invalid('period_seconds', 'or schedule is required for a heartbeat monitor');
  }
  if (timing.graceSeconds === null) throw invalid('grace_seconds', 'is required for a heartbeat monitor');
  if (timing.schedule) {
    try {
      checkSchedule(timing.schedule, timing.timeZone!);
    } catch (error) {
      if (error instanceof ScheduleProblem) throw invalid(error.field, error.message);
      throw error;
    }
  }
  checkFloor(input, timing, floor);
  return timing;
}

const timingColumns = (timing: HeartbeatTiming) => ({
  periodSeconds: timing.periodSeconds,
  graceSeconds: timing.graceSeconds,
  schedule: timing.schedule,
  timeZone: timing.timeZone,
});

/**
 * The monitor's interval_seconds (a column every monitor has): the period, or the time between the
 * schedule's next two slots.
 */
function intervalOf(timing: HeartbeatTiming, now: Date): number {
  if (!timing.schedule) return timing.periodSeconds!;
  const first = deadlineAfter({ ...timing, graceSeconds: 0 }, now)!;
  const second = deadlineAfter({ ...timing, graceSeconds: 0 }, first)!;
  return Math.max(1, Math.round((second.getTime() - first.getTime()) / 1000));
}

/** A new unguessable ping token (256 bits, as report tokens). */
export const newPingToken = () => randomBytes(32).toString('base64url');

/**
 * The columns of a new heartbeat: its timing, a ping token, a placeholder url (the ping URL is a key, and
 * `url` shows on the monitor's public page), and a first deadline counted from now, so a job that never
 * pings is late too. The first missed deadline is down (down_after 1): the grace is its tolerance.
 */
export function heartbeatColumns(
  id: string,
  input: HeartbeatSettings & Record<string, unknown>,
  floor: HeartbeatFloor,
  now = new Date(),
) {
  refuseCheckFields(input);
  const timing = timingOf(input, null, floor);
  return {
    ...timingColumns(timing),
    url: `heartbeat:${id}`,
    pingToken: newPingToken(),
    deadlineAt: deadlineAfter(timing, now),
    intervalSeconds: intervalOf(timing, now),
    downAfter: 1,
  };
}

/** What a PATCH changes on a heartbeat: its timing, and its deadline from now when that changes. */
export function heartbeatUpdate(
  current: Monitor,
  input: HeartbeatSettings & Record<string, unknown>,
  floor: HeartbeatFloor,
  now = new Date(),
): Prisma.MonitorUpdateInput {
  refuseCheckFields(input);
  if (!HEARTBEAT_FIELDS.some((f) => input[f] !== undefined)) return {};
  const timing = timingOf(input, current, floor);
  return {
    ...timingColumns(timing),
    intervalSeconds: intervalOf(timing, now),
    deadlineAt: deadlineAfter(timing, current.lastPingAt ?? now),
  };
}

/** A resumed heartbeat is late a period (or a slot) plus grace from now, with no run open. */
export const resumedHeartbeat = (current: Monitor, now = new Date()) => ({
  deadlineAt: deadlineAfter(current, now),
  runStartedAt: null,
});

/** The heartbeat's part of the monitor's JSON (null fields for other kinds). */
export function heartbeatFields(monitor: Monitor, base: string) {
  const heartbeat = toldByPings(monitor.type);
  return {
    ping_url: heartbeat && monitor.pingToken ? `${base}/ping/${monitor.pingToken}` : null,
    period_seconds: monitor.periodSeconds,
    grace_seconds: monitor.graceSeconds,
    schedule: monitor.schedule,
    time_zone: monitor.timeZone,
    last_ping_at: monitor.lastPingAt?.toISOString() ?? null,
    run_started_at: monitor.runStartedAt?.toISOString() ?? null,
    deadline_at: heartbeat && monitor.status === 'active' ? (monitor.deadlineAt?.toISOString() ?? null) : null,
  };
}
