import {
  commonEnv,
  dashboardLinkEnv,
  databaseEnv,
  httpServerEnv,
  intVar,
  jobLockEnv,
  locationEnv,
  opsEnv,
  publicUrlEnv,
  type RedisTarget,
  redisEnv,
  secretsEnv,
  shutdownEnv,
  sourceEnv,
  sweeperEnv,
  targetEnv,
} from '@pageprobe/config';
import type { TestKind } from '@pageprobe/test-kinds';
import type { z } from 'zod';

/** What every worker process reads from its environment; each app spreads this into its own schema. */
export const hostEnv = {
  ...commonEnv,
  ...databaseEnv,
  ...redisEnv,
  ...targetEnv,
  ...locationEnv,
  ...sourceEnv,
  ...sweeperEnv,
  ...jobLockEnv,
  ...shutdownEnv,
  ...opsEnv,
  ...httpServerEnv,
  PUBLIC_BASE_URL: publicUrlEnv.PUBLIC_BASE_URL.default('http://127.0.0.1:3000'),
  // Alerts link to the monitor's page in the dashboard.
  ...dashboardLinkEnv,
};

/** Its apps' schemas end with withRedisTarget (`@pageprobe/config`), which gives REDIS_TARGET. */
export type HostConfig = z.output<z.ZodObject<typeof hostEnv>> & { REDIS_TARGET: RedisTarget };

/** A process that runs tests: the host's variables and SECRETS_KEY, to open the tests' sealed secrets. */
export const testHostEnv = { ...hostEnv, ...secretsEnv };

export type TestHostConfig = z.output<z.ZodObject<typeof testHostEnv>> & { REDIS_TARGET: RedisTarget };

/** A kind's worker settings (tests at once, time budget) as environment variables with its defaults. */
export function kindEnv<C extends string, B extends string>(
  kind: TestKind<string, C, B>,
): Record<C | B, ReturnType<typeof intVar>> {
  const { concurrency: c, budget: b } = kind;
  return {
    [c.variable]: intVar(c.default, { min: c.min, ...(c.max ? { max: c.max } : {}) }),
    [b.variable]: intVar(b.default, { min: b.min, ...(b.max ? { max: b.max } : {}) }),
  } as Record<C | B, ReturnType<typeof intVar>>;
}
