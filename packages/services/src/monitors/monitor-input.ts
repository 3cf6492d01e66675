import type { Db, Device, Plan, Prisma, TestType } from '@pageprobe/db';
import type { MultistepRequest, RequestOptionsInput, UptimeOptions } from '@pageprobe/test-kinds';
import type { KindOptions } from '@pageprobe/test-lifecycle';
import { MAX_INTERVAL_SECONDS, minIntervalFor } from '@pageprobe/monitors';
import { ProblemError } from '../problem.ts';
import type { CredentialsPatch } from './replace-credentials.ts';
import type { LocationSettings } from './monitor-locations.ts';

/** How a monitor alerts (issues 16 and 31). */
export interface AlertSettings {
  down_after?: number;
  regression_points?: number;
  /** Null: no reminders. */
  remind_every_minutes?: number | null;
  certificate_alert_days?: number;
}

/** The columns `alert` sets, on create or update. */
export function alertColumns(alert: AlertSettings | undefined) {
  return {
    ...(alert?.down_after ? { downAfter: alert.down_after } : {}),
    ...(alert?.regression_points ? { regressionPoints: alert.regression_points } : {}),
    ...(alert?.remind_every_minutes !== undefined ? { remindEveryMinutes: alert.remind_every_minutes } : {}),
    ...(alert?.certificate_alert_days ? { certificateAlertDays: alert.certificate_alert_days } : {}),
  };
}

/** POST /monitors, defaults applied by the validator. */
export interface CreateMonitor extends RequestOptionsInput, KindOptions, LocationSettings {
  /** Its name in a configuration file (issue 50), unique per team among monitors. */
  key?: string;
  url: string;
  name?: string;
  type: TestType;
  device: Device;
  interval_seconds: number;
  callback_url?: string;
  runs?: number;
  assertions?: Prisma.InputJsonObject;
  alert?: AlertSettings;
  alert_channels?: string[];
  tags?: string[];
  /** Whether its page opens with its link; unset: the team's default (set by checkNewMonitor). */
  public_page?: boolean;
  /** The monitors whose downs hold its alerts (issue 58). */
  depends_on?: string[];
}

/** PATCH /monitors/{id}: what can change; null removes the callback, the assertions or a credential. */
export interface UpdateMonitor extends CredentialsPatch, LocationSettings {
  /** What it checks (issue 60): checked as a new monitor's target; not a heartbeat's. */
  url?: string;
  /** Null removes it. */
  key?: string | null;
  name?: string | null;
  interval_seconds?: number;
  callback_url?: string | null;
  assertions?: Prisma.InputJsonObject | null;
  paused?: boolean;
  alert?: AlertSettings;
  /** Replaces the list. */
  alert_channels?: string[];
  /** Replaces the list. */
  tags?: string[];
  /** False: its page is for the team's members only, its link answering 404. */
  public_page?: boolean;
  /** Replaces the list. */
  depends_on?: string[];
  /** uptime's request and expectations (issue 47): each replaces the monitor's; null removes it. */
  method?: UptimeOptions['method'] | null;
  body?: string | null;
  content_type?: string | null;
  expect?: UptimeOptions['expect'] | null;
  /** A multistep monitor's requests (issue 59): replaces the list. */
  requests?: MultistepRequest[];
}

/** The kind options PATCH /monitors can change, each kept in the monitor's options. */
export const PATCHABLE_OPTIONS = ['method', 'body', 'content_type', 'expect', 'requests'] as const;

/**
 * The monitor's options with the PATCH's changes to PATCHABLE_OPTIONS applied (null removes one), or
 * null when the PATCH changes none of them.
 */
export function patchedOptions(current: Prisma.JsonValue, input: UpdateMonitor): Record<string, unknown> | null {
  if (PATCHABLE_OPTIONS.every((name) => input[name] === undefined)) return null;
  const options: Record<string, unknown> = { ...(current as Record<string, unknown> | null) };
  for (const name of PATCHABLE_OPTIONS) {
    if (input[name] === null) delete options[name];
    else if (input[name] !== undefined) options[name] = input[name];
  }
  return options;
}

/** The interval a plan may schedule for a kind: at least its floor, at most 30 days. */
export function checkInterval(seconds: number, type: TestType, plan: Plan, deploymentMin: number): void {
  const min = minIntervalFor(type, plan, deploymentMin);
  if (seconds >= min && seconds <= MAX_INTERVAL_SECONDS) return;
  const message = `must be from ${min} to ${MAX_INTERVAL_SECONDS} seconds for ${type} on the ${plan} plan`;
  throw new ProblemError(400, 'validation_failed', `interval_seconds ${message}.`, {
    errors: [{ path: 'body.interval_seconds', message }],
  });
}

/** Each id listed must be among `found` (the team's), and listed once: a 400 naming the first that is not. */
export function checkListed(ids: string[], found: Set<string>, field: string, what: string): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    const message = !found.has(id) ? `is not ${what}` : seen.has(id) ? 'is listed twice' : null;
    seen.add(id);
    if (message) {
      throw new ProblemError(400, 'validation_failed', `${field}.${i} ${message}.`, {
        errors: [{ path: `body.${field}.${i}`, message }],
      });
    }
  });
}

/** A monitor's alert_channels: the team's channels, each once (issue 31). */
export async function checkAlertChannels(db: Db, teamId: string, ids: string[]): Promise<void> {
  const rows = await db.alertChannel.findMany({ where: { id: { in: ids }, teamId }, select: { id: true } });
  checkListed(ids, new Set(rows.map((c) => c.id)), 'alert_channels', 'an alert channel of this team');
}

/** Monitors named by id (a maintenance window's): the team's, not deleted, each once. */
export async function checkMonitorIds(db: Db, teamId: string, ids: string[], field: string): Promise<void> {
  const rows = await db.monitor.findMany({ where: { id: { in: ids }, teamId, deletedAt: null }, select: { id: true } });
  checkListed(ids, new Set(rows.map((m) => m.id)), field, 'a monitor of this team');
}

/** The links a monitor's alert_channels make, for a create or a replacing update. */
export const channelLinks = (ids: string[]) => ({ create: ids.map((channelId) => ({ channelId })) });

/** Read with a monitor wherever it is shown: the ids of its channels. */
export const WITH_CHANNELS = { alertChannels: { select: { channelId: true } } } as const;
