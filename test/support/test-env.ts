import { randomBytes } from 'node:crypto';
import { appendFileSync, chmodSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { createDb, type Db } from '@pageprobe/db';
import { createStorage, type StorageConfig } from '@pageprobe/storage';
import { DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import pg from 'pg';
import { databaseUrl, ROOT_PREFIX, startTestServices, TEMPLATE_DB, type TestServices } from './services.ts';

export interface TestEnv {
  /** This file's own database, copied from the migrated template. */
  databaseUrl: string;
  redisUrl: string;
  /** This file's own BullMQ prefix. */
  queuePrefix: string;
  /** This file's own bucket. */
  s3: StorageConfig;
  adminToken: string;
  db: Db;
  /** The environment an app process of this file runs with (plus `extra`). */
  appEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
}

/**
 * The run's V8 compile cache (test/run.ts), for the processes a file starts with an environment of its
 * own: each loads the workspace in about a third less CPU time.
 */
export const compileCache: Record<string, string> = process.env.NODE_COMPILE_CACHE
  ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE }
  : {};

/**
 * Gives the calling test file its own database, queue prefix and bucket on the run's shared servers,
 * and removes them when the file ends (pass or fail). Run alone (`node --test file.ts`), the file
 * starts and stops servers of its own.
 */
export async function createTestEnv(): Promise<TestEnv> {
  // When this file's process started and ended, for the file-spans reporter (one short line written at
  // exit: appends do not interleave). The runner's own events cannot say: it reports a file's tests only
  // once the files before it have finished.
  const spans = process.env.PAGEPROBE_TEST_SPANS;
  if (spans) {
    const start = Math.round(performance.timeOrigin);
    process.on('exit', () =>
      appendFileSync(
        spans,
        `${JSON.stringify({ file: process.argv[1], start, end: Date.now(), cpu: cpuSeconds() })}\n`,
      ),
    );
  }
  let own: TestServices | undefined;
  let postgresUrl = process.env.PAGEPROBE_TEST_POSTGRES_URL;
  let redisUrl = process.env.PAGEPROBE_TEST_REDIS_URL;
  let s3Url = process.env.PAGEPROBE_TEST_S3_URL;
  if (!postgresUrl || !redisUrl || !s3Url) {
    const root = mkdtempSync(join(tmpdir(), ROOT_PREFIX));
    chmodSync(root, 0o755);
    own = await startTestServices(root);
    ({ postgresUrl, redisUrl, s3Url } = own);
  }

  const id = `t${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${id} TEMPLATE ${TEMPLATE_DB}`);
  const dbUrl = databaseUrl(postgresUrl, id);
  const db = createDb(dbUrl, { poolSize: 5 });
  const s3: StorageConfig = {
    S3_ENDPOINT: s3Url,
    S3_REGION: 'us-east-1',
    S3_BUCKET: id,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: true,
  };
  const adminToken = randomBytes(24).toString('base64url');
  const secretsKey = randomBytes(32).toString('base64');

  after(async () => {
    await db.$disconnect();
    await admin.query(`DROP DATABASE IF EXISTS ${id} WITH (FORCE)`);
    await admin.end();
    await removeQueueKeys(redisUrl, id);
    await removeBucket(s3);
    await own?.stop();
  });

  return {
    databaseUrl: dbUrl,
    redisUrl,
    queuePrefix: id,
    s3,
    adminToken,
    db,
    appEnv: (extra = {}) => ({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...compileCache,
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: id,
      ...Object.fromEntries(Object.entries(s3).map(([k, v]) => [k, String(v)])),
      ADMIN_TOKEN: adminToken,
      SECRETS_KEY: secretsKey,
      CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      LOG_LEVEL: 'info',
      OPENAPI_VALIDATE_RESPONSES: 'true',
      // The browser worker's warm-up (a whole Lighthouse run before ready) would cost each of the suite's
      // many browser-worker starts ~9 s of CPU, and under the suite's load push ready past the harness's
      // wait. test/doors/local-stack.test.ts proves it where it matters: `npm start`.
      BROWSER_WARM_UP: 'false',
      ...extra,
    }),
  };
}

/** The file's keys, under its prefix as it is and as a Redis Cluster hash tag (`{prefix}`, as production runs). */
async function removeQueueKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    for (const pattern of [`${prefix}:*`, `{${prefix}}:*`]) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}

async function removeBucket(config: StorageConfig): Promise<void> {
  const storage = createStorage(config);
  try {
    const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket }));
    const objects = (listed.Contents ?? []).map((o) => ({ Key: o.Key! }));
    if (objects.length) {
      await storage.client.send(new DeleteObjectsCommand({ Bucket: storage.bucket, Delete: { Objects: objects } }));
    }
    await storage.client.send(new DeleteBucketCommand({ Bucket: storage.bucket }));
  } catch {
    // The file never created its bucket.
  } finally {
    storage.close();
  }
}

/**
 * The CPU seconds this file's process and the processes it started and reaped (its apps, Chromium and its
 * renderers) have used: a file's cost that does not grow when the machine is busy, as its wall time does.
 * Linux's /proc/self/stat (utime, stime, cutime, cstime, in clock ticks of 1/100 s); null elsewhere.
 */
function cpuSeconds(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Counted from field 3 (state) on: utime is field 14, so index 11 here; then stime, cutime, cstime.
    const ticks = fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0);
    return ticks / 100;
  } catch {
    return null;
  }
}
