import { createDb, type Test } from '@pageprobe/db';
import { closeWorker, createRedis, jobs, openQueue } from '@pageprobe/jobs';
import { createLogger, type Logger } from '@pageprobe/logger';
import { counterOf, startProcessOps } from '@pageprobe/ops';
import { createStorage } from '@pageprobe/storage';
import { startSweeper, startTestWorker, sweepQueuedTests } from '@pageprobe/test-lifecycle';
import { BrowserPool } from './browser/browser-pool.ts';
import { loadBrowserConfig } from './config.ts';
import { runLighthouseTest } from './run-lighthouse-test.ts';
import { runSeoTest } from './run-seo-test.ts';

const config = loadBrowserConfig();
const logger = createLogger({ name: 'worker-browser', level: config.LOG_LEVEL });
const db = createDb(config.DATABASE_URL, { poolSize: 5 });
const storage = createStorage(config);
await storage.ensureBucket();
const connection = createRedis(config.REDIS_URL, 'worker');
const queue = { connection, prefix: config.QUEUE_PREFIX };
const callbacks = openQueue(jobs.callback, queue);
const lighthouseQueue = openQueue(jobs.lighthouse, queue);
const seoQueue = openQueue(jobs.seo_crawl, queue);
const browsers = new BrowserPool({
  chromePath: config.CHROME_PATH,
  recycleAfter: config.BROWSER_RECYCLE_AFTER,
  logger,
  trustedSpki: config.CHROME_TRUSTED_SPKI,
});
const ops = await startProcessOps({
  app: 'worker-browser',
  port: config.OPS_PORT,
  queues: config.BROWSER_TEST_TYPES.map((type) => (type === 'lighthouse' ? lighthouseQueue : seoQueue)),
  checks: { postgres: () => db.$queryRaw`SELECT 1`, redis: () => connection.ping() },
});
counterOf(ops.registry, 'browser_restarts_total', 'Chromium replaced after a crash, a time-out or BROWSER_RECYCLE_AFTER tests.', () => browsers.restarts);

const deps = {
  db,
  storage,
  browsers,
  logger,
  allowPrivate: config.ALLOW_PRIVATE_TARGETS,
  allowTargets: config.ALLOW_TARGETS,
  timeoutMs: config.LIGHTHOUSE_TIMEOUT_MS,
  maxWaitForLoadMs: config.LIGHTHOUSE_MAX_WAIT_MS,
};
const lifecycle = { db, callbacks, publicBaseUrl: config.PUBLIC_BASE_URL, onEnqueueError: (e: unknown) => logger.warn({ err: e }, 'callback enqueue failed') };
const seoDeps = {
  ...deps,
  maxPages: config.SEO_MAX_PAGES,
  maxDepth: config.SEO_MAX_DEPTH,
  budgetMs: config.SEO_BUDGET_MS,
  hostConcurrency: config.SEO_HOST_CONCURRENCY,
  requestTimeoutMs: config.SEO_REQUEST_TIMEOUT_MS,
};
const consumers = {
  lighthouse: { queue: lighthouseQueue, concurrency: config.LIGHTHOUSE_CONCURRENCY, run: (test: Test, log: Logger) => runLighthouseTest(test, deps, log) },
  seo_crawl: { queue: seoQueue, concurrency: config.SEO_CONCURRENCY, run: (test: Test, log: Logger) => runSeoTest(test, seoDeps, log) },
};
const workers = config.BROWSER_TEST_TYPES.map((type) =>
  startTestWorker({
    type,
    queue,
    logger,
    lockMs: config.JOB_LOCK_MS,
    lifecycle,
    concurrency: consumers[type].concurrency,
    run: consumers[type].run,
    onFinished: (t, status, seconds) => ops.testFinished(t, status, seconds),
  }),
);
const stopSweeper = startSweeper(
  () => sweepQueuedTests(db, new Map(config.BROWSER_TEST_TYPES.map((type) => [type, consumers[type].queue])), config.SWEEP_QUEUED_AFTER_MS),
  config.SWEEP_INTERVAL_MS,
  (error) => logger.warn({ err: error }, 'sweep failed'),
);
logger.info({ chrome: config.CHROME_PATH, types: config.BROWSER_TEST_TYPES, opsPort: ops.port }, 'worker-browser ready');

async function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down');
  stopSweeper();
  const closed = await Promise.all(workers.map((w) => closeWorker(w, connection)));
  if (closed.includes('redis_down')) logger.warn('Redis unreachable: exiting without waiting for the tests in hand');
  await browsers.close();
  await Promise.allSettled([callbacks.close(), lighthouseQueue.close(), seoQueue.close(), ops.close()]);
  connection.disconnect();
  storage.close();
  await db.$disconnect();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
