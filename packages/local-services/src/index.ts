export { freePort, type LocalService, sleep, spawnService } from './child-service.ts';
export { type PostgresOptions, postgresBinDir, startPostgres } from './postgres.ts';
export { type RedisOptions, startRedis } from './redis.ts';
export { type S3Options, startS3 } from './s3.ts';
export { reapLeftovers, statFields, writeLedger } from './process-ledger.ts';
