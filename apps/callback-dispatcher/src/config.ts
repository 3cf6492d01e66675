import { callbackEnv, commonEnv, databaseEnv, intVar, jobLockEnv, loadConfigOrExit, opsEnv, redisEnv, sweeperEnv, targetEnv } from '@pageprobe/config';
import { z } from 'zod';

export const dispatcherEnv = z.object({
  ...commonEnv,
  ...databaseEnv,
  ...redisEnv,
  ...targetEnv,
  ...sweeperEnv,
  ...callbackEnv,
  ...jobLockEnv,
  ...opsEnv,
  CALLBACK_CONCURRENCY: intVar(100, { min: 1, max: 5000 }),
});

export type DispatcherConfig = z.output<typeof dispatcherEnv>;
export const loadDispatcherConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfigOrExit(dispatcherEnv, env);
