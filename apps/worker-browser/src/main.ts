import { BrowserPool } from '@pageprobe/browser';
import { lighthouseRunner } from '@pageprobe/lighthouse-runner';
import { createLogger } from '@pageprobe/logger';
import { counterOf } from '@pageprobe/ops';
import { seoCrawlRunner } from '@pageprobe/seo-crawl-runner';
import { startTestWorkerHost } from '@pageprobe/worker-host';
import { loadBrowserConfig } from './config.ts';

const config = loadBrowserConfig();
// One warm Chromium for every kind this process runs.
const browsers = new BrowserPool({
  chromePath: config.CHROME_PATH,
  recycleAfter: config.BROWSER_RECYCLE_AFTER,
  trustedSpki: config.CHROME_TRUSTED_SPKI,
  sandbox: config.CHROME_SANDBOX,
  logger: createLogger({ name: 'worker-browser', level: config.LOG_LEVEL, format: config.LOG_FORMAT }),
});
const runners = { lighthouse: lighthouseRunner, seo_crawl: seoCrawlRunner };
await startTestWorkerHost({
  app: 'worker-browser',
  config,
  poolSize: 5,
  runners: config.BROWSER_TEST_TYPES.map((type) => runners[type](config, browsers)),
  describe: { chrome: config.CHROME_PATH, chromeSandbox: browsers.sandboxed },
  onReady: ({ ops }) =>
    counterOf(
      ops.registry,
      'browser_restarts_total',
      'Chromium replaced after a crash, a time-out or BROWSER_RECYCLE_AFTER tests.',
      () => browsers.restarts,
    ),
  // Chromium stays up until the tests in hand are done.
  close: () => browsers.close(),
});
