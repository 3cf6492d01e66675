export { createDb, createPool, type Db, POOL_SETTINGS, type Pool } from './client.ts';
export { CHECK_VIOLATION, sqlState, UNIQUE_VIOLATION } from './errors.ts';
export * from './generated/client.ts';
export { MIGRATIONS_DIR, type MigrateResult, MigrationError, migrate, readMigrations } from './migrate.ts';
export {
  databaseWritable,
  isBackendUnavailable,
  isDatabaseUnavailable,
  isReadOnlyError,
  READ_ONLY_SQL_TRANSACTION,
} from './backend-unavailable.ts';
export { batchedStatement } from './batch.ts';
export { DAY_MS, RETENTION, type Retention } from './retention.ts';
export { withoutNul } from './without-nul.ts';
