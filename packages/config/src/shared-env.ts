import { z } from 'zod';
import { boolFlag, intVar, listVar, logLevel, portVar, urlVar } from './fields.ts';
import { redisTargetEnv } from './redis-target.ts';

// Environment fragments that several apps share. Each app spreads the ones it needs into its own
// schema (apps/*/src/config.ts), so a variable means the same thing everywhere.

export const databaseEnv = {
  DATABASE_URL: urlVar(['postgres:', 'postgresql:'], 'npm start sets it for the local stack'),
};

/**
 * Where Redis is: REDIS_URL, or REDIS_SENTINELS with REDIS_SENTINEL_NAME (and REDIS_SENTINEL_PASSWORD)
 * for Redis Sentinel (issue 49). Exactly one of them: a schema spreading these runs `redisTargetCheck`
 * and ends with `withRedisTarget`, which gives REDIS_TARGET (redis-target.ts).
 */
export const redisEnv = {
  ...redisTargetEnv,
  /** Prefix of every BullMQ key; tests give each file its own. */
  // Braces make a Redis Cluster hash tag: `{pageprobe}` keeps every key of a queue in one slot.
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_{}-]+$/, 'letters, digits, ":", "_", "-" and braces only')
    .default('pageprobe'),
};

export const s3Env = {
  S3_ENDPOINT: urlVar(['http:', 'https:'], 'npm start sets it for the local stack'),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected an S3 bucket name')
    .default('pageprobe'),
  S3_ACCESS_KEY_ID: z.string().min(1).default('S3RVER'),
  S3_SECRET_ACCESS_KEY: z.string().min(1).default('S3RVER'),
  S3_FORCE_PATH_STYLE: boolFlag(true),
};

/** Both are for local use and tests only: production refuses either (production-refusals.ts). */
export const targetEnv = {
  ALLOW_PRIVATE_TARGETS: boolFlag(false),
  /**
   * host:port pairs the egress guard lets through whatever they resolve to (the tests' fixture servers
   * on loopback), while every other private address stays refused. Empty by default.
   */
  ALLOW_TARGETS: listVar(''),
};

/**
 * Where a worker is (issue 32): work meant for a location goes to its own queues, and the worker's
 * heartbeat lists it in GET /locations. Unset: `default`, the queues a single machine has always used.
 */
export const locationEnv = {
  LOCATION: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'lower-case letters, digits and "-", at most 32')
    .default('default'),
  /** The location's name for people ("Frankfurt"); unset, its id. */
  LOCATION_NAME: z.string().trim().min(1).max(64).optional(),
};

/**
 * The local address (an IPv4 or IPv6 literal) every outbound connection of a worker to a target or a
 * callback receiver binds to: the uptime checks and their TLS probe, the crawler, the browser's egress
 * proxy, the dispatcher's callbacks and alerts. A location's traffic then leaves from its own address
 * (one the host has). Unset: the system chooses, as before.
 */
export const sourceEnv = {
  // Empty is unset, as for the numbers and flags: a manifest may render the variable for every location.
  SOURCE_ADDRESS: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z.union([z.ipv4(), z.ipv6()], { error: 'expected an IPv4 or IPv6 address (a literal, not a name)' }).optional(),
  ),
};

export const commonEnv = {
  LOG_LEVEL: logLevel,
  /** json or pretty; unset: pretty on a terminal, JSON lines otherwise. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
};

/** How long a test may sit `queued` before the sweeper re-enqueues it. */
export const sweeperEnv = {
  SWEEP_INTERVAL_MS: intVar(10_000, { min: 100 }),
  SWEEP_QUEUED_AFTER_MS: intVar(30_000, { min: 0 }),
};

/** BullMQ's job lock: a worker that dies holding a job loses it to another after about this long. */
export const jobLockEnv = {
  JOB_LOCK_MS: intVar(30_000, { min: 1_000 }),
};

/**
 * How long a worker's shutdown waits for the jobs it holds before it hands them back to their queue
 * (taken up at once elsewhere, not after JOB_LOCK_MS): set it below the platform's own grace period.
 */
export const shutdownEnv = {
  SHUTDOWN_GRACE_MS: intVar(120_000, { min: 0 }),
};

export const callbackEnv = {
  CALLBACK_TIMEOUT_MS: intVar(10_000, { min: 1 }),
  CALLBACK_RETRY_DELAY_MS: intVar(30_000, { min: 0 }),
};

/**
 * Alert channels (issue 31): the SMTP server email channels send through (unset: email channels cannot be
 * made), their From address, PagerDuty's Events API v2 endpoint, and the first wait of an alert's retries
 * (then doubled: about 30 minutes of tries at the default).
 */
export const alertEnv = {
  SMTP_URL: urlVar(['smtp:', 'smtps:'], 'the SMTP server email alerts go through').optional(),
  SMTP_FROM: z.string().trim().min(3).default('Pageprobe <alerts@pageprobe.invalid>'),
  PAGERDUTY_EVENTS_URL: urlVar(['http:', 'https:'], "PagerDuty's Events API v2 endpoint").default(
    'https://events.pagerduty.com/v2/enqueue',
  ),
  ALERT_RETRY_BASE_MS: intVar(30_000, { min: 1 }),
};

/**
 * Field data from the Chrome UX Report (issue 48): the API key (unset: field data is off, and tests and
 * monitors say so), the API's base (tests point it at a local server), and the key's quota, which every
 * replica shares through Redis (Google's documented 150 queries a minute a key). A query the limiter
 * refuses waits up to CRUX_MAX_WAIT_MS for a slot, then answers `rate_limited`.
 */
export const cruxEnv = {
  // Empty is unset: a manifest may render the variable with no value.
  CRUX_API_KEY: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z.string().min(1).optional(),
  ),
  CRUX_API_URL: urlVar(['http:', 'https:'], "the CrUX API's base")
    .transform((url) => url.replace(/\/+$/, ''))
    .default('https://chromeuxreport.googleapis.com/v1'),
  CRUX_QUERIES_PER_MIN: intVar(150, { min: 1 }),
  CRUX_MAX_WAIT_MS: intVar(5_000, { min: 0, max: 60_000 }),
};

/**
 * Where people reach the dashboard (issue 45), for the links the API and `pnpm admin` hand out (an
 * invitation's). The dashboard itself reads its own, with the same default.
 */
export const dashboardLinkEnv = {
  DASHBOARD_BASE_URL: urlVar(['http:', 'https:'], "the dashboard's public address, with its path")
    .transform((url) => url.replace(/\/+$/, ''))
    .default('http://127.0.0.1:3001/app'),
};

export const publicUrlEnv = {
  PUBLIC_BASE_URL: urlVar(['http:', 'https:'], 'the origin clients use').optional(),
};

/** Workers: the small HTTP port for /healthz, /readyz and /metrics. Unset (-1): none; 0: any free port. */
export const opsEnv = {
  OPS_PORT: portVar(-1),
};

/**
 * Every HTTP server we run (the API's ports, each process's ops port): how long an idle keep-alive
 * connection stays open. Above what proxies in front keep theirs (ingress-nginx 60 s, cloud load
 * balancers 60 s and more), so the proxy, never the server, closes an idle connection: Node's 5 s
 * default closed connections a proxy still held, and a request sent on one got a reset (a 502).
 */
export const httpServerEnv = {
  HTTP_KEEP_ALIVE_TIMEOUT_MS: intVar(65_000, { min: 1_000 }),
};

/**
 * Requests a minute (a sliding window in Redis, @pageprobe/ops): per API key in the API, and per person
 * in a team in the dashboard, whose forms have the same write limit (issue 56).
 */
export const rateLimitEnv = {
  RATE_LIMIT_READS_PER_MIN: intVar(60, { min: 1 }),
  RATE_LIMIT_WRITES_PER_MIN: intVar(10, { min: 1 }),
};

/**
 * Real-user monitoring's ingest (issue 61), in the API: where a beacon's country comes from, and how
 * often each replica writes what it summed.
 */
export const rumEnv = {
  /** A header the deployment's edge sets to the client's country (e.g. cf-ipcountry); unset: none. */
  RUM_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'a header name')
    .transform((name) => name.toLowerCase())
    .optional(),
  /** A MaxMind-format database (GeoLite2-Country.mmdb) for the country when the header has none. */
  RUM_GEOIP_DB: z.string().min(1).optional(),
  /** How often each API replica writes the page views it summed (one transaction a flush). */
  RUM_FLUSH_MS: intVar(1_000, { min: 50, max: 60_000 }),
};

/** What plans allow: read by the API (tests, monitors) and the dispatcher (monitors' runs). */
export const planEnv = {
  FREE_LIGHTHOUSE_PER_HOUR: intVar(3, { min: 0 }),
  /** The shortest monitor interval for every plan and kind; a kind may ask more of a plan (issue 16). */
  MONITOR_MIN_INTERVAL_SECONDS: intVar(60, { min: 1 }),
  /** Monitors one team may have (not counting deleted ones). */
  MONITORS_PER_TEAM: intVar(50, { min: 1 }),
};

/**
 * The key that seals request secrets (header and cookie values, basic-auth passwords) at rest: 32 bytes,
 * base64. Needed by the API (to seal) and the test workers (to open); without it, requests carrying
 * secrets are refused (501 `secrets_unavailable`).
 */
export const secretsEnv = {
  SECRETS_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64 (openssl rand -base64 32)')
    .transform((v) => Buffer.from(v, 'base64'))
    .optional(),
  /**
   * Keys SECRETS_KEY replaced (comma-separated, base64): still opened with, never sealed with, so a
   * rotation breaks nothing while `pnpm admin secrets reseal` moves every seal to the current key.
   */
  SECRETS_KEYS_PREVIOUS: listVar('').pipe(
    z
      .array(z.string().refine((v) => Buffer.from(v, 'base64').length === 32, 'each must be 32 bytes, base64'))
      .transform((keys) => keys.map((v) => Buffer.from(v, 'base64'))),
  ),
};

/**
 * What every app process is started with, beside its configuration: by `npm start`, the test harness and
 * the images (infra/docker/Dockerfile sets the same). glibc gives each thread that allocates a malloc
 * arena of its own and rarely returns their memory; the SEO parser's worker threads made the browser
 * worker's resident memory double under load (600 to 1,200 MiB in seo-crawl-e2e's hostile pages on a
 * busy machine, 520 MiB with two arenas). Read by glibc at process start, so it cannot be set from inside.
 */
export const PROCESS_ENV = { MALLOC_ARENA_MAX: '2' } as const;
