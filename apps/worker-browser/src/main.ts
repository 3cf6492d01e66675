import { accessSync, constants } from 'node:fs';
import { createLogger } from '@pageprobe/logger';
import { createStorage } from '@pageprobe/storage';
import { loadBrowserConfig } from './config.ts';

// The browser worker will run `lighthouse` and `seo_crawl` tests (issues 4 and 6). Until then the API
// refuses those types with 501, and this process only checks that its browser and storage are usable.
const config = loadBrowserConfig();
const logger = createLogger({ name: 'worker-browser', level: config.LOG_LEVEL });
try {
  accessSync(config.CHROME_PATH, constants.X_OK);
} catch {
  logger.fatal({ path: config.CHROME_PATH }, 'CHROME_PATH is not an executable browser: apt-get install -y chromium');
  process.exit(1);
}
const storage = createStorage(config);
await storage.ensureBucket();
logger.info({ chrome: config.CHROME_PATH, bucket: storage.bucket }, 'worker-browser ready (no test types enabled yet)');

const keepAlive = setInterval(() => {}, 1 << 30);
const shutdown = () => {
  clearInterval(keepAlive);
  storage.close();
  process.exit(0);
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
