import type { Db, Pool } from '@pageprobe/db';
import type { TestQueues } from '@pageprobe/jobs';
import type { Logger } from '@pageprobe/logger';
import type { Storage } from '@pageprobe/storage';
import type { Redis } from 'ioredis';
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
