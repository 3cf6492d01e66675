import {
  boolFlag,
  commonEnv,
  dashboardLinkEnv,
  databaseEnv,
  httpServerEnv,
  intVar,
  loadConfigOrExit,
  opsEnv,
  portVar,
  rateLimitEnv,
  redisEnv,
  redisTargetCheck,
  rumEnv,
  withRedisTarget,
} from '@pageprobe/config';
import { z } from 'zod';
import { serviceEnvShape } from '@pageprobe/services';

export const apiEnv = z
  .object({
    ...commonEnv,
    ...databaseEnv,
    ...redisEnv,
    // Tests, monitors, channels and the rest: the settings the dashboard's forms read too (issue 46).
    // SMTP_URL (in it) says whether email channels can be made; the dispatcher sends every message.
    ...serviceEnvShape,
    ...opsEnv,
    ...httpServerEnv,
    // Invitations made over the admin API link to the dashboard.
    ...dashboardLinkEnv,
    // Real-user monitoring's beacons: their country, and how often they are written (issue 61).
    ...rumEnv,
    PORT: portVar(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    /** Time for a request's headers and body to arrive, then 408 (slow clients cannot hold sockets). */
    HTTP_REQUEST_TIMEOUT_MS: intVar(30_000, { min: 1_000 }),
    /** Serve the admin API on this port only (not on PORT), so it can stay inside the deployment's network. */
    ADMIN_PORT: portVar(0).optional(),
    ADMIN_TOKEN: z.string({ error: 'is required (npm start generates one)' }).min(24, 'must be at least 24 characters'),
    ...rateLimitEnv,
    /** Per client address and replica: unknown or revoked API keys per minute before 429 (each costs a lookup). */
    AUTH_FAILURES_PER_MIN: intVar(20, { min: 1 }),
    /** How often keys' last_used_at is written (one UPDATE for every key used since): at most once a key. */
    KEY_LAST_USED_FLUSH_MS: intVar(60_000, { min: 100 }),
    /** Per client address and replica: wrong admin tokens per minute before 429 (even for the right one). */
    ADMIN_AUTH_FAILURES_PER_MIN: intVar(10, { min: 1 }),
    /** Heartbeats' pings one team may send a minute, across replicas (a fixed window; 429 past it). */
    PINGS_PER_TEAM_PER_MIN: intVar(6_000, { min: 1 }),
    /**
     * Per heartbeat and replica, checked before the team's: pings a second, and how many may come at once
     * (a token bucket). A flooded ping URL is refused (429) without spending its team's pings.
     */
    PINGS_PER_MONITOR_PER_SEC: intVar(5, { min: 1 }),
    PINGS_PER_MONITOR_BURST: intVar(20, { min: 1 }),
    /** Bytes of ping logs (POST bodies) kept per heartbeat an hour, across replicas; past it, pings are kept without. */
    PING_LOG_BYTES_PER_MONITOR_PER_HOUR: intVar(2 * 1024 * 1024, { min: 0 }),
    /** Per client address and replica: report pages per minute (they are public, behind their token). */
    REPORTS_PER_MIN: intVar(120, { min: 1 }),
    /** Proxy hops in front of the API whose X-Forwarded-For is trusted for the client address (0: none). */
    TRUST_PROXY_HOPS: intVar(0, { min: 0, max: 10 }),
    /** Serve the human-readable reports at report_url; off, report URLs answer 404. */
    REPORTS_ENABLED: boolFlag(true),
    /** Check every response against the OpenAPI document too (tests; costs time in production). */
    OPENAPI_VALIDATE_RESPONSES: boolFlag(false),
  })
  .check(redisTargetCheck)
  .transform((env) => ({
    ...withRedisTarget(env),
    PUBLIC_BASE_URL: (env.PUBLIC_BASE_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/+$/, ''),
  }));

export type ApiConfig = z.output<typeof apiEnv>;

export const loadApiConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfigOrExit(apiEnv, env);
