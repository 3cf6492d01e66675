import {
  alertEnv,
  callbackEnv,
  intVar,
  loadConfigOrExit,
  planEnv,
  redisTargetCheck,
  secretsEnv,
  withRedisTarget,
} from '@pageprobe/config';
import { hostEnv } from '@pageprobe/worker-host';
import { z } from 'zod';

export const dispatcherEnv = z
  .object({
    ...hostEnv,
    ...callbackEnv,
    ...alertEnv,
    // Opens alert channels' targets (issue 31).
    ...secretsEnv,
    ...planEnv,
    CALLBACK_CONCURRENCY: intVar(100, { min: 1, max: 5000 }),
    // How often a RUM site's figures are looked at for rum.regressed (issue 61); the sweep's own interval
    // (SWEEP_INTERVAL_MS) bounds how soon after that the look comes.
    RUM_ALERT_INTERVAL_MS: intVar(60_000, { min: 0 }),
  })
  .check(redisTargetCheck)
  .transform(withRedisTarget);

export type DispatcherConfig = z.output<typeof dispatcherEnv>;
export const loadDispatcherConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfigOrExit(dispatcherEnv, env);
