import { BrowserPool } from '@pageprobe/browser';
import { browserRunner } from '@pageprobe/browser-runner';
import { cruxClient, cruxConfigFrom, formFactorOf } from '@pageprobe/crux';
import { createRedis } from '@pageprobe/jobs';
import { type FieldLookup, lighthouseRunner } from '@pageprobe/lighthouse-runner';
import { createLogger, type LogDestination } from '@pageprobe/logger';
import { counterOf } from '@pageprobe/ops';
import { seoCrawlRunner } from '@pageprobe/seo-crawl-runner';
import { type RunningWorkerHost, startTestWorkerHost } from '@pageprobe/worker-host';
import type { BrowserConfig } from './config.ts';

/** The browser worker: lighthouse, seo_crawl and browser tests on one warm Chromium; `close` stops it gracefully. */
export function start(
  config: BrowserConfig,
  { logDestination }: { logDestination?: LogDestination } = {},
): Promise<RunningWorkerHost> {
  const logger = createLogger(
    { name: 'worker-browser', level: config.LOG_LEVEL, format: config.LOG_FORMAT },
    logDestination,
  );
  // One warm Chromium for every kind this process runs.
  const browsers = new BrowserPool({
    chromePath: config.CHROME_PATH,
    recycleAfter: config.BROWSER_RECYCLE_AFTER,
    trustedSpki: config.CHROME_TRUSTED_SPKI,
    sandbox: config.CHROME_SANDBOX,
    logger,
  });
  // Field data (issue 48): the CrUX client's cache and quota are in Redis, shared by every replica. Its own
  // connection, failing fast ('api'): with Redis away a lookup answers api_error at once instead of waiting
  // for it, and the test goes on without field data. Only a process that runs lighthouse tests makes it.
  const cruxRedis = config.BROWSER_TEST_TYPES.includes('lighthouse') ? createRedis(config.REDIS_TARGET, 'api') : null;
  cruxRedis?.on('error', (error) => logger.debug({ err: error.message }, 'CrUX cache connection error'));
  const runners = {
    lighthouse: (c: BrowserConfig, b: BrowserPool) => {
      const crux = cruxClient({ config: cruxConfigFrom(c), redis: cruxRedis!, log: logger });
      const field: FieldLookup = (url, device) => crux.record(url, formFactorOf(device));
      return lighthouseRunner(c, b, { field });
    },
    seo_crawl: seoCrawlRunner,
    browser: browserRunner,
  };
  return startTestWorkerHost({
    app: 'worker-browser',
    config,
    poolSize: 5,
    runners: config.BROWSER_TEST_TYPES.map((type) => runners[type](config, browsers)),
    describe: {
      chrome: config.CHROME_PATH,
      chromeSandbox: browsers.sandboxed,
      fieldData: config.CRUX_API_KEY ? 'on' : 'off (no CRUX_API_KEY)',
    },
    logDestination,
    onReady: ({ ops }) =>
      counterOf(
        ops.registry,
        'browser_restarts_total',
        'Chromium replaced after a crash, a time-out or BROWSER_RECYCLE_AFTER tests.',
        () => browsers.restarts,
      ),
    // Chromium stays up until the tests in hand are done.
    close: async () => {
      await browsers.close();
      cruxRedis?.disconnect();
    },
  });
}
