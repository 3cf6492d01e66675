import {
  boolFlag,
  cruxEnv,
  intVar,
  listVar,
  loadConfigOrExit,
  redisTargetCheck,
  s3Env,
  withRedisTarget,
} from '@pageprobe/config';
import { browser, lighthouse, seoCrawl } from '@pageprobe/test-kinds';
import { kindEnv, testHostEnv } from '@pageprobe/worker-host';
import { z } from 'zod';

/** The kinds a browser worker can run: they share its warm Chromium. */
export const BROWSER_KINDS = [lighthouse, seoCrawl, browser] as const;

export const browserEnv = z
  .object({
    ...testHostEnv,
    ...s3Env,
    // A lighthouse test's field data (issue 48) is fetched beside its run.
    ...cruxEnv,
    ...kindEnv(lighthouse),
    ...kindEnv(seoCrawl),
    ...kindEnv(browser),
    CHROME_PATH: z.string().min(1).default('/usr/bin/chromium'),
    /** Chromium's renderer sandbox; on unless the process runs as root. Off only where the kernel forbids it. */
    CHROME_SANDBOX: boolFlag(true),
    /** Lighthouse's own wait for the page to load before it measures what it has. */
    LIGHTHOUSE_MAX_WAIT_MS: intVar(45_000, { min: 1_000 }),
    /** One throwaway Lighthouse run on a local page before the worker says it is ready (a warm first test). */
    BROWSER_WARM_UP: boolFlag(true),
    /** A fresh browser after this many tests (a crash replaces it at once). */
    BROWSER_RECYCLE_AFTER: intVar(50, { min: 1 }),
    /**
     * Base64 SHA-256 hashes of certificate public keys Chromium accepts although no public CA signed them
     * (an internal staging site with its own CA; the tests' fixture server). Node's side uses NODE_EXTRA_CA_CERTS.
     */
    CHROME_TRUSTED_SPKI: listVar(''),
    /**
     * The queues this worker consumes. All three by default; a fleet can give lighthouse pods of their own
     * so crawls and browser checks never share a CPU with a Lighthouse measurement.
     */
    BROWSER_TEST_TYPES: listVar(BROWSER_KINDS.map((k) => k.name).join(',')).pipe(
      z.array(z.enum(BROWSER_KINDS.map((k) => k.name))).min(1),
    ),
    SEO_MAX_PAGES: intVar(50, { min: 1, max: 10_000 }),
    SEO_MAX_DEPTH: intVar(3, { min: 0, max: 20 }),
    SEO_HOST_CONCURRENCY: intVar(2, { min: 1, max: 8 }),
    SEO_REQUEST_TIMEOUT_MS: intVar(15_000, { min: 500 }),
  })
  .check(redisTargetCheck)
  .transform(withRedisTarget);

export type BrowserConfig = z.output<typeof browserEnv>;
export const loadBrowserConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfigOrExit(browserEnv, env);
