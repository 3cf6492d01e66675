import { commonEnv, databaseEnv, intVar, jobLockEnv, loadConfigOrExit, opsEnv, publicUrlEnv, redisEnv, sweeperEnv, targetEnv } from '@pageprobe/config';
import { z } from 'zod';

export const uptimeEnv = z.object({
  ...commonEnv,
  ...databaseEnv,
  ...redisEnv,
  ...targetEnv,
  ...sweeperEnv,
  ...jobLockEnv,
  ...opsEnv,
  PUBLIC_BASE_URL: publicUrlEnv.PUBLIC_BASE_URL.default('http://127.0.0.1:3000'),
  /** Checks run at once per process; they wait on the network, not the CPU. */
  UPTIME_CONCURRENCY: intVar(50, { min: 1, max: 1000 }),
  /** The whole check, redirects included. */
  UPTIME_TIMEOUT_MS: intVar(30_000, { min: 100 }),
});

export type UptimeConfig = z.output<typeof uptimeEnv>;
export const loadUptimeConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfigOrExit(uptimeEnv, env);
