/** The servers `run.ts` started for this benchmark run. */
export interface BenchServices {
  databaseUrl: string;
  redisUrl: string;
  s3Url: string;
}

/** The environment every app process of a scenario runs with, its limits raised out of the way. */
export function appEnv(services: BenchServices, port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl,
    S3_ENDPOINT: services.s3Url,
    ADMIN_TOKEN: 'bench-admin-token-bench-admin-token',
    SECRETS_KEY: 'YmVuY2gtc2VjcmV0cy1rZXktMzItYnl0ZXMtbG9uZyE=',
    PORT: String(port),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_READS_PER_MIN: '100000000',
    RATE_LIMIT_WRITES_PER_MIN: '100000000',
    // Profile first (issue 19): BENCH_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles every app the bench starts.
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    ...extra,
  };
}

export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
