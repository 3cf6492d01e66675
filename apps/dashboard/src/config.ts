import {
  alertEnv,
  commonEnv,
  databaseEnv,
  httpServerEnv,
  intVar,
  loadConfigOrExit,
  opsEnv,
  portVar,
  rateLimitEnv,
  redisEnv,
  redisTargetCheck,
  withRedisTarget,
} from '@pageprobe/config';
import { serviceEnvShape } from '@pageprobe/services';
import { z } from 'zod';

export const dashboardEnv = z
  .object({
    // The settings of tests, monitors, channels and the rest: the dashboard's forms call the API's services.
    ...serviceEnvShape,
    ...commonEnv,
    ...databaseEnv,
    ...redisEnv,
    ...opsEnv,
    ...httpServerEnv,
    // Invitations, address checks and password resets are mailed through the alerts' SMTP server.
    ...alertEnv,
    // Forms that change something have the API's write limit, per person and team (issue 56).
    ...rateLimitEnv,
    DASHBOARD_PORT: portVar(3001),
    HOST: z.string().min(1).default('127.0.0.1'),
    /** The dashboard's public origin and path (behind the API's host at /app/ in production). */
    DASHBOARD_BASE_URL: z.url().optional(),
    /** The API's public origin: the snippets on the keys page point at it. */
    PUBLIC_BASE_URL: z.url().optional(),
    /** `invite`: people join by invitation only; `open`: anyone may sign up, which makes a free team. */
    SIGNUP: z.enum(['invite', 'open']).default('invite'),
    /** Single sign-on's provider; https, or http on this machine only (a local provider in tests). */
    OIDC_ISSUER: z
      .url()
      .refine((url) => url.startsWith('https:') || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:|\/|$)/.test(url), {
        message: 'must be https (http only on this machine)',
      })
      .optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    /**
     * The address domains the provider speaks for (comma-separated): its verified address of one of them
     * may open an existing account, or accept an invitation, here. Other addresses link while signed in.
     */
    OIDC_EMAIL_DOMAINS: z
      .string()
      .default('')
      .transform((value) => value.split(',').map((d) => d.trim().toLowerCase().replace(/^@/, '')))
      .transform((domains) => domains.filter(Boolean))
      .refine(
        (domains) =>
          domains.every((d) => /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/.test(d)),
        {
          message: 'must be domain names separated by commas (example.com,example.org)',
        },
      ),
    SESSION_IDLE_HOURS: intVar(12, { min: 1, max: 24 * 30 }),
    SESSION_MAX_DAYS: intVar(30, { min: 1, max: 365 }),
    /** Proxy hops in front whose X-Forwarded-For is trusted for the client's address (0: none). */
    TRUST_PROXY_HOPS: intVar(0, { min: 0, max: 10 }),
    /** Time for a request's headers and body to arrive, then 408. */
    HTTP_REQUEST_TIMEOUT_MS: intVar(30_000, { min: 1_000 }),
    /** Password attempts (http/password-attempts.ts): an account's delay after 5 failures, doubling to a cap. */
    SIGN_IN_DELAY_MS: intVar(1_000, { min: 0, max: 60_000 }),
    SIGN_IN_MAX_DELAY_MS: intVar(30_000, { min: 0, max: 120_000 }),
    /** Password attempts a minute from one address (an IPv6 /64) before 429. */
    SIGN_IN_ATTEMPTS_PER_ADDRESS: intVar(20, { min: 1 }),
  })
  .refine((env) => !env.OIDC_ISSUER || env.OIDC_CLIENT_ID, {
    message: 'OIDC_CLIENT_ID is required with OIDC_ISSUER',
    path: ['OIDC_CLIENT_ID'],
  })
  .check(redisTargetCheck)
  .transform((env) => {
    const base = (env.DASHBOARD_BASE_URL ?? `http://${env.HOST}:${env.DASHBOARD_PORT}/app`).replace(/\/+$/, '');
    return {
      ...withRedisTarget(env),
      DASHBOARD_BASE_URL: base,
      /** The path every route hangs under (`/app`). */
      BASE_PATH: new URL(base).pathname.replace(/\/+$/, ''),
      PUBLIC_BASE_URL: (env.PUBLIC_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''),
      /** Over https the cookie takes the __Host- prefix and Secure. */
      SECURE_COOKIES: base.startsWith('https:'),
    };
  });

export type DashboardConfig = z.output<typeof dashboardEnv>;

export const loadDashboardConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfigOrExit(dashboardEnv, env);
