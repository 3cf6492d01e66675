import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '@pageprobe/db';
import { startPostgres, startRedis, startS3 } from '@pageprobe/local-services';
import pg from 'pg';
import type { BenchServices } from './services.ts';
import { progress } from './table.ts';

/** Starts PostgreSQL (migrated), Redis and the S3 server of its own, runs `fn`, and removes them all. */
export async function withBenchServices<T>(fn: (services: BenchServices) => Promise<T>): Promise<T> {
  const root = mkdtempSync(join(tmpdir(), 'pageprobe-bench-'));
  chmodSync(root, 0o755);
  progress('starting PostgreSQL, Redis and the S3 server');
  const services = await Promise.all([
    startPostgres({ dataDir: join(root, 'postgres') }),
    startRedis({ dataDir: join(root, 'redis') }),
    startS3({ dataDir: join(root, 's3') }),
  ]);
  try {
    const [postgres, redis, s3] = services;
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    const databaseUrl = postgres.url.replace(/\/postgres$/, '/bench');
    await migrate(databaseUrl);
    return await fn({ databaseUrl, redisUrl: redis.url, s3Url: s3.url });
  } finally {
    await Promise.all(services.map((s) => s.stop()));
    rmSync(root, { recursive: true, force: true });
  }
}
