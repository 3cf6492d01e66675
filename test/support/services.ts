import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '@pageprobe/db';
import {
  type LocalService,
  reapLeftovers,
  startPostgres,
  startRedis,
  startS3,
  writeLedger,
} from '@pageprobe/local-services';
import pg from 'pg';

/** The database every test file's own database is copied from: migrated once per run. */
export const TEMPLATE_DB = 'pageprobe_template';
export const ROOT_PREFIX = 'pageprobe-test-';
/** A root's record of its owner and the servers it started (`writeLedger`), for `removeStaleRoots`. */
const LEDGER = 'processes.json';

export interface TestServices {
  root: string;
  postgresUrl: string;
  redisUrl: string;
  s3Url: string;
  services: LocalService[];
  stop(): Promise<void>;
}

/**
 * Removes what an earlier run left when it was killed outright (SIGKILL leaves no chance to clean):
 * every root whose owner process is gone, and the servers it recorded.
 */
export async function removeStaleRoots(): Promise<void> {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(ROOT_PREFIX)) continue;
    const root = join(tmpdir(), name);
    if ('ownerRunning' in (await reapLeftovers(join(root, LEDGER)))) continue;
    rmSync(root, { recursive: true, force: true });
  }
}

/** PostgreSQL, Redis and the S3 server on free ports under `root`; stop() ends them and removes `root`. */
export async function startTestServices(root: string): Promise<TestServices> {
  writeLedger(join(root, LEDGER), process.pid, []);
  const started: LocalService[] = [];
  const stop = async () => {
    await Promise.allSettled(started.map((s) => s.stop()));
    // A process a file left behind may still be writing under root (an app's log, Chromium's profile):
    // rm retries, and a root it cannot remove is said, never the suite's failure (removeStaleRoots takes
    // it at the next run).
    try {
      rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (error) {
      process.stderr.write(`could not remove ${root}: ${(error as Error).message}\n`);
    }
  };
  try {
    const [postgres, redis, s3] = await Promise.all([
      startPostgres({ dataDir: join(root, 'postgres'), ephemeral: true }).then((s) => record(s)),
      startRedis({ dataDir: join(root, 'redis') }).then((s) => record(s)),
      startS3({ dataDir: join(root, 's3') }).then((s) => record(s)),
    ]);
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    await migrate(databaseUrl(postgres.url, TEMPLATE_DB));
    return { root, postgresUrl: postgres.url, redisUrl: redis.url, s3Url: s3.url, services: started, stop };
  } catch (error) {
    await stop();
    throw error;
  }

  function record(service: LocalService): LocalService {
    started.push(service);
    writeLedger(
      join(root, LEDGER),
      process.pid,
      started.map((s) => s.pid),
    );
    return service;
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
