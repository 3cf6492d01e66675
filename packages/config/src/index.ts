export { ConfigError, loadConfigOrExit, parseEnv } from './parse-env.ts';
export { productionRefusals } from './production-refusals.ts';
export {
  describeRedisTarget,
  type RedisTarget,
  redisTargetCheck,
  redisTargetOf,
  redisTargetProblems,
  withRedisTarget,
} from './redis-target.ts';
export { boolFlag, intVar, listVar, logLevel, portVar, urlVar } from './fields.ts';
export {
  alertEnv,
  callbackEnv,
  commonEnv,
  cruxEnv,
  dashboardLinkEnv,
  databaseEnv,
  httpServerEnv,
  jobLockEnv,
  locationEnv,
  opsEnv,
  planEnv,
  PROCESS_ENV,
  publicUrlEnv,
  rateLimitEnv,
  redisEnv,
  rumEnv,
  s3Env,
  secretsEnv,
  shutdownEnv,
  sourceEnv,
  sweeperEnv,
  targetEnv,
} from './shared-env.ts';
export { readYamlFile } from './yaml-file.ts';
