import type { Device, Plan, Prisma, TestType } from '@pageprobe/db';
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
}

/** PATCH /monitors/{id}: what can change; null removes the callback, the assertions or a credential. */
export interface UpdateMonitor extends CredentialsPatch {
  interval_seconds?: number;
  callback_url?: string | null;
  assertions?: Prisma.InputJsonObject | null;
  paused?: boolean;
  alert?: { down_after?: number; regression_points?: number };
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
