import { callbackEnv, intVar, loadConfigOrExit, planEnv } from '@pageprobe/config';
import { hostEnv } from '@pageprobe/worker-host';
import { z } from 'zod';

export const dispatcherEnv = z.object({
  ...hostEnv,
  ...callbackEnv,
  ...planEnv,
  CALLBACK_CONCURRENCY: intVar(100, { min: 1, max: 5000 }),
});

export type DispatcherConfig = z.output<typeof dispatcherEnv>;
export const loadDispatcherConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfigOrExit(dispatcherEnv, env);
