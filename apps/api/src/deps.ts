import type { Db, Pool } from '@pageprobe/db';
import type { TestQueues } from '@pageprobe/jobs';
import type { Logger } from '@pageprobe/logger';
import type { Storage } from '@pageprobe/storage';
import type { Registry } from 'prom-client';
import type { Redis } from 'ioredis';
import type { ApiConfig } from './config.ts';
import type { ServiceConfig } from './service-config.ts';

/** What the services of the team's resources use, in the API and in the dashboard alike (issue 46). */
export interface ServiceDeps {
  config: ServiceConfig;
  db: Db;
  /** The pool Prisma runs on, for the few hot reads that skip it. */
  pool: Pool;
  redis: Redis;
  /** Each kind's queue at each location, opened as first used. */
  testQueues: TestQueues;
  logger: Logger;
  storage: Storage;
}

/** Everything the HTTP app needs, wired by main.ts (or a test) and passed to createApp. */
export interface ApiDeps extends ServiceDeps {
  config: ApiConfig;
  /** Where request metrics go (main.ts serves it on OPS_PORT); none in most tests. */
  registry?: Registry;
}
