import type { Db, Device, Plan, Prisma, TestType } from '@pageprobe/db';
import type { LighthouseOptions, RequestOptionsInput } from '@pageprobe/test-kinds';
import { MAX_INTERVAL_SECONDS, minIntervalFor } from '@pageprobe/monitors';
import { ProblemError } from '../http/problem.ts';
import type { CredentialsPatch } from './replace-credentials.ts';

/** POST /monitors, defaults applied by the validator. */
export interface CreateMonitor extends RequestOptionsInput, LighthouseOptions {
  url: string;
  type: TestType;
  device: Device;
  interval_seconds: number;
  callback_url?: string;
  runs?: number;
  assertions?: Prisma.InputJsonObject;
  alert?: { down_after?: number; regression_points?: number };
  alert_channels?: string[];
}

/** PATCH /monitors/{id}: what can change; null removes the callback, the assertions or a credential. */
export interface UpdateMonitor extends CredentialsPatch {
  interval_seconds?: number;
  callback_url?: string | null;
  assertions?: Prisma.InputJsonObject | null;
  paused?: boolean;
  alert?: { down_after?: number; regression_points?: number };
  /** Replaces the list. */
  alert_channels?: string[];
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

/** Each channel named must be the team's, and named once (issue 31). */
export async function checkAlertChannels(db: Db, teamId: string, ids: string[]): Promise<void> {
  const found = new Set(
    (await db.alertChannel.findMany({ where: { id: { in: ids }, teamId }, select: { id: true } })).map((c) => c.id),
  );
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    const message = !found.has(id) ? 'is not an alert channel of this team' : seen.has(id) ? 'is listed twice' : null;
    seen.add(id);
    if (message) {
      throw new ProblemError(400, 'validation_failed', `alert_channels.${i} ${message}.`, {
        errors: [{ path: `body.alert_channels.${i}`, message }],
      });
    }
  });
}

/** The links a monitor's alert_channels make, for a create or a replacing update. */
export const channelLinks = (ids: string[]) => ({ create: ids.map((channelId) => ({ channelId })) });

/** Read with a monitor wherever it is shown: the ids of its channels. */
export const WITH_CHANNELS = { alertChannels: { select: { channelId: true } } } as const;
