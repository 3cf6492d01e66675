import {
  commonEnv,
  databaseEnv,
  intVar,
  jobLockEnv,
  listVar,
  loadConfigOrExit,
  opsEnv,
  publicUrlEnv,
  redisEnv,
  s3Env,
  sweeperEnv,
  targetEnv,
} from '@pageprobe/config';
import { z } from 'zod';

export const browserEnv = z.object({
  ...commonEnv,
  ...databaseEnv,
  ...redisEnv,
  ...s3Env,
  ...targetEnv,
  ...sweeperEnv,
  ...jobLockEnv,
  ...opsEnv,
  PUBLIC_BASE_URL: publicUrlEnv.PUBLIC_BASE_URL.default('http://127.0.0.1:3000'),
  CHROME_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** Lighthouse advises one run at a time per machine for stable scores. */
  LIGHTHOUSE_CONCURRENCY: intVar(1, { min: 1, max: 16 }),
  /** The whole test, browser work and uploads included. */
  LIGHTHOUSE_TIMEOUT_MS: intVar(90_000, { min: 5_000 }),
  /** Lighthouse's own wait for the page to load before it measures what it has. */
  LIGHTHOUSE_MAX_WAIT_MS: intVar(45_000, { min: 1_000 }),
  /** A fresh browser after this many tests (a crash replaces it at once). */
  BROWSER_RECYCLE_AFTER: intVar(50, { min: 1 }),
  /**
   * host:port pairs the egress guard treats as public even though they resolve to private addresses
   * (an internal staging site; the tests' fixture server). Empty by default.
   */
  ALLOW_TARGETS: listVar(''),
  /**
   * Base64 SHA-256 hashes of certificate public keys Chromium accepts although no public CA signed them
   * (an internal staging site with its own CA; the tests' fixture server). Node's side uses NODE_EXTRA_CA_CERTS.
   */
  CHROME_TRUSTED_SPKI: listVar(''),
  /**
   * The queues this worker consumes. Both by default; a fleet can give lighthouse pods of their own so
   * crawls never share a CPU with a Lighthouse measurement.
   */
  BROWSER_TEST_TYPES: listVar('lighthouse,seo_crawl').pipe(z.array(z.enum(['lighthouse', 'seo_crawl'])).min(1)),
  /** seo_crawl tests one worker runs at once (each makes at most SEO_HOST_CONCURRENCY requests at a time). */
  SEO_CONCURRENCY: intVar(2, { min: 1, max: 32 }),
  SEO_MAX_PAGES: intVar(50, { min: 1, max: 10_000 }),
  SEO_MAX_DEPTH: intVar(3, { min: 0, max: 20 }),
  /** The whole crawl; what was found by then is the result. */
  SEO_BUDGET_MS: intVar(120_000, { min: 1_000 }),
  SEO_HOST_CONCURRENCY: intVar(2, { min: 1, max: 8 }),
  SEO_REQUEST_TIMEOUT_MS: intVar(15_000, { min: 500 }),
});

export type BrowserConfig = z.output<typeof browserEnv>;
export const loadBrowserConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfigOrExit(browserEnv, env);
