import { canonicalZone, type ExpansionBudget, planWindow, ruleProblem } from '@pageprobe/test-lifecycle';
import { ProblemError } from '../problem.ts';

/** POST and PATCH /maintenance-windows, as the OpenAPI document lets them through. */
export interface WindowInput {
  /** Its name in a configuration file (issue 50); null removes it. */
  key?: string | null;
  name?: string;
  starts_at?: string;
  ends_at?: string | null;
  rrule?: string | null;
  duration_minutes?: number | null;
  time_zone?: string;
  monitors?: string[];
  tags?: string[];
}

const invalid = (path: string, message: string) =>
  new ProblemError(400, 'validation_failed', `${path.replace(/^body\./, '')} ${message}.`, {
    errors: [{ path, message }],
  });

const DAY_MS = 86_400_000;
/** How far from now a window's starts_at may be: a rule is expanded from it, so the past is bounded too. */
const STARTS_AT_PAST_MS = 366 * DAY_MS;
const STARTS_AT_FUTURE_MS = 5 * 366 * DAY_MS;

/**
 * The columns of a window as it will be (the row's current values under the changes), with a recurring
 * window's occurrences computed ahead (issue 44), or a 400 naming the field. A configuration's windows
 * share one budget of rule expansion (ExpansionBudget).
 */
export async function windowColumns(
  input: WindowInput,
  current: {
    startsAt: Date;
    endsAt: Date | null;
    rrule: string | null;
    durationMinutes: number | null;
    timeZone: string;
    monitorIds: string[];
    tags: string[];
  } | null,
  now = new Date(),
  budget?: ExpansionBudget,
) {
  const startsAt = input.starts_at !== undefined ? new Date(input.starts_at) : current?.startsAt;
  if (!startsAt || Number.isNaN(startsAt.getTime())) throw invalid('body.starts_at', 'is not a date-time');
  if (
    input.starts_at !== undefined &&
    (startsAt.getTime() < now.getTime() - STARTS_AT_PAST_MS || startsAt.getTime() > now.getTime() + STARTS_AT_FUTURE_MS)
  ) {
    throw invalid('body.starts_at', 'must be within a year before now and five years after');
  }
  const given = input.rrule !== undefined ? input.rrule : (current?.rrule ?? null);
  const rrule = given?.replace(/^RRULE:/i, '').toUpperCase() ?? null;
  const endsAt =
    input.ends_at !== undefined ? (input.ends_at === null ? null : new Date(input.ends_at)) : (current?.endsAt ?? null);
  const durationMinutes =
    input.duration_minutes !== undefined ? input.duration_minutes : (current?.durationMinutes ?? null);
  // Stored as Intl names it (europe/paris → Europe/Paris).
  const timeZone = canonicalZone(input.time_zone ?? current?.timeZone ?? 'UTC');
  if (timeZone === null) throw invalid('body.time_zone', 'is not an IANA time zone (such as Europe/Paris)');
  if (rrule !== null) {
    const problem = ruleProblem(rrule);
    if (problem) throw invalid('body.rrule', problem);
    if (durationMinutes === null) throw invalid('body.duration_minutes', 'is required with an rrule');
    if (endsAt !== null) throw invalid('body.ends_at', 'is for a one-off window; a recurring one has duration_minutes');
  } else {
    if (endsAt === null) throw invalid('body.ends_at', 'is required (or an rrule with duration_minutes)');
    if (Number.isNaN(endsAt.getTime()) || endsAt <= startsAt) throw invalid('body.ends_at', 'must be after starts_at');
    if (durationMinutes !== null) throw invalid('body.duration_minutes', 'goes with an rrule');
  }
  const monitorIds = input.monitors ?? current?.monitorIds ?? [];
  const tags = input.tags ?? current?.tags ?? [];
  if (monitorIds.length === 0 && tags.length === 0) {
    throw invalid('body.monitors', 'or tags must name at least one monitor the window applies to');
  }
  const spec = { startsAt, endsAt, rrule, durationMinutes, timeZone };
  const plan = await planWindow(spec, now, budget);
  if (plan.problem !== undefined) throw invalid('body.rrule', plan.problem);
  return { ...spec, monitorIds, tags, ...plan.columns };
}
