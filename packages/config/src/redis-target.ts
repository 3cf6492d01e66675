import { z } from 'zod';
import { boolFlag, urlVar } from './fields.ts';

/**
 * Where Redis is (issue 49): one server's URL, or a Sentinel group that says which server is the master
 * now. Produced here once; createRedis (packages/jobs) builds every connection from it.
 */
export type RedisTarget =
  | { url: string }
  | {
      sentinels: Array<{ host: string; port: number }>;
      /** The master group's name, as the sentinels' `sentinel monitor <name> ...` has it. */
      name: string;
      /** AUTH for the master and replicas. */
      password?: string;
      /** AUTH for the sentinels themselves. */
      sentinelPassword?: string;
      /** REDIS_SENTINEL_TLS: TLS to the sentinels and to the master and replicas they name. */
      tls?: true;
    };

/** Redis's own default for a sentinel. */
const SENTINEL_PORT = 26379;

// Empty is unset: a manifest may render a variable for every variant with no value.
const unsetWhenEmpty = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value);

/** `[v6]:port`, `host:port` or a bare host (Redis's default port). */
const SENTINEL = /^(?:\[(?<v6>[0-9A-Fa-f:.]+)\]|(?<host>[A-Za-z0-9_.-]+))(?::(?<port>\d{1,5}))?$/;

/**
 * REDIS_SENTINELS: `host:port,host:port,...`. A bad entry is named by its place, not quoted: a password
 * pasted into the wrong variable must not end up in the start-up error (it goes to the logs).
 */
const sentinelList = z.preprocess(
  unsetWhenEmpty,
  z
    .string()
    .transform((value, ctx) => {
      const entries = value.split(',').map((item) => item.trim());
      const sentinels: Array<{ host: string; port: number }> = [];
      for (const [i, entry] of entries.entries()) {
        const groups = SENTINEL.exec(entry)?.groups;
        const port = groups?.port === undefined ? SENTINEL_PORT : Number(groups.port);
        if (!groups || port < 1 || port > 65535) {
          ctx.addIssue({
            code: 'custom',
            message: `entry ${i + 1} of ${entries.length} is not host:port (sentinel-0.redis:26379, [2001:db8::1]:26379)`,
          });
          return z.NEVER;
        }
        sentinels.push({ host: groups.v6 ?? groups.host!, port });
      }
      return sentinels;
    })
    .optional(),
);

/** The variables; shared-env.ts puts them in `redisEnv`, which every app spreads into its schema. */
export const redisTargetEnv = {
  REDIS_URL: z.preprocess(unsetWhenEmpty, urlVar(['redis:', 'rediss:'], 'or REDIS_SENTINELS').optional()),
  /** Sentinels to ask where the master is (issue 49); replaces REDIS_URL. */
  REDIS_SENTINELS: sentinelList,
  REDIS_SENTINEL_NAME: z.preprocess(unsetWhenEmpty, z.string().optional()),
  /** A secret: never logged, never in an error message. */
  REDIS_SENTINEL_PASSWORD: z.preprocess(unsetWhenEmpty, z.string().optional()),
  /** TLS to the sentinels and to the servers they name (issue 56); REDIS_URL says it with rediss://. */
  REDIS_SENTINEL_TLS: boolFlag(false),
};

type RedisVariables = {
  REDIS_URL?: string | undefined;
  REDIS_SENTINELS?: Array<{ host: string; port: number }> | undefined;
  REDIS_SENTINEL_NAME?: string | undefined;
  REDIS_SENTINEL_PASSWORD?: string | undefined;
  REDIS_SENTINEL_TLS?: boolean | undefined;
};

const NAMES = new Set(Object.keys(redisTargetEnv));

/** What is wrong with the combination (each problem names its variable); none: the target can be built. */
export function redisTargetProblems(env: RedisVariables): Array<{ variable: string; message: string }> {
  const sentinel = env.REDIS_SENTINELS !== undefined;
  if (env.REDIS_URL !== undefined && sentinel)
    return [{ variable: 'REDIS_SENTINELS', message: 'set REDIS_URL or REDIS_SENTINELS, not both' }];
  if (env.REDIS_URL === undefined && !sentinel)
    return [
      {
        variable: 'REDIS_URL',
        message:
          'is required (npm start sets it for the local stack), or REDIS_SENTINELS and REDIS_SENTINEL_NAME for Redis Sentinel',
      },
    ];
  const problems: Array<{ variable: string; message: string }> = [];
  if (sentinel && env.REDIS_SENTINEL_NAME === undefined)
    problems.push({
      variable: 'REDIS_SENTINEL_NAME',
      message: "is required with REDIS_SENTINELS: the master group's name (sentinel monitor <name> ...)",
    });
  // Set beside REDIS_URL they would be ignored: say so rather than let someone believe Sentinel is on.
  if (!sentinel)
    for (const variable of ['REDIS_SENTINEL_NAME', 'REDIS_SENTINEL_PASSWORD'] as const)
      if (env[variable] !== undefined)
        problems.push({ variable, message: 'is only read with REDIS_SENTINELS (REDIS_URL is set); unset it' });
  if (!sentinel && env.REDIS_SENTINEL_TLS)
    problems.push({
      variable: 'REDIS_SENTINEL_TLS',
      message: 'is only read with REDIS_SENTINELS (REDIS_URL is set: rediss:// is its TLS); unset it',
    });
  return problems;
}

/**
 * The schema check for the combination: exactly one of REDIS_URL or REDIS_SENTINELS, a name with the
 * sentinels. It runs even when other variables are bad (every problem is listed at once), but not when
 * one of these four already failed on its own.
 */
export const redisTargetCheck = z.superRefine<RedisVariables>(
  (env, ctx) => {
    for (const { variable, message } of redisTargetProblems(env))
      ctx.addIssue({ code: 'custom', path: [variable], message, input: undefined });
  },
  { when: (payload) => !payload.issues.some((issue) => NAMES.has(String(issue.path?.[0]))) },
);

/** The target of variables that passed `redisTargetCheck`. */
export function redisTargetOf(env: RedisVariables): RedisTarget {
  if (env.REDIS_SENTINELS && env.REDIS_SENTINEL_NAME) {
    const password = env.REDIS_SENTINEL_PASSWORD;
    // One password for the Redis servers and their sentinels, as the usual deployments (the Bitnami
    // chart, Redis's own docs) set it; ioredis only warns when a sentinel asks none.
    return {
      sentinels: env.REDIS_SENTINELS,
      name: env.REDIS_SENTINEL_NAME,
      ...(password === undefined ? {} : { password, sentinelPassword: password }),
      ...(env.REDIS_SENTINEL_TLS ? { tls: true as const } : {}),
    };
  }
  if (env.REDIS_URL) return { url: env.REDIS_URL };
  throw new Error(redisTargetProblems(env)[0]?.message ?? 'no Redis configured');
}

/** For a schema's final transform: the variables plus REDIS_TARGET, what createRedis takes. */
export const withRedisTarget = <T extends RedisVariables>(env: T): T & { REDIS_TARGET: RedisTarget } => ({
  ...env,
  REDIS_TARGET: redisTargetOf(env),
});

/** For log lines: where Redis is, without credentials. */
export function describeRedisTarget(target: RedisTarget): string {
  if ('url' in target) {
    const url = new URL(target.url);
    return `${url.protocol}//${url.host}`;
  }
  const at = target.sentinels.map((s) => (s.host.includes(':') ? `[${s.host}]:${s.port}` : `${s.host}:${s.port}`));
  return `sentinel ${target.name} via ${at.join(',')}${target.tls ? ' over TLS' : ''}`;
}
