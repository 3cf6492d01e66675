import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// Applies prisma/migrations the way `prisma migrate deploy` does, and records them in the same
// `_prisma_migrations` table with the same checksums, so a deployment that can run Prisma's CLI takes
// over with nothing to redo. (Prisma's CLI cannot fetch its schema engine on these machines.)

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../prisma/migrations/', import.meta.url));

// The advisory lock key Prisma's own migrate uses, so ours and theirs never run at once.
const LOCK_KEY = 72707369;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(`${dir}/${name}/migration.sql`, 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

export class MigrationError extends Error {}

export interface MigrateResult {
  applied: string[];
  alreadyApplied: string[];
}

/** Applies every migration not yet recorded, each in its own transaction. Safe to run concurrently. */
export async function migrate(databaseUrl: string, dir = MIGRATIONS_DIR): Promise<MigrateResult> {
  const migrations = await readMigrations(dir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(CREATE_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    const recorded = new Map(rows.map((r) => [r.migration_name, r]));
    const result: MigrateResult = { applied: [], alreadyApplied: [] };
    for (const migration of migrations) {
      const row = recorded.get(migration.name);
      if (row?.finished_at) {
        if (row.checksum !== migration.checksum) {
          throw new MigrationError(
            `migration ${migration.name} was changed after it was applied; add a new migration instead`,
          );
        }
        result.alreadyApplied.push(migration.name);
        continue;
      }
      if (row) {
        throw new MigrationError(
          `migration ${migration.name} failed earlier and needs a look before it can be retried`,
        );
      }
      await apply(client, migration);
      result.applied.push(migration.name);
    }
    return result;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

async function apply(client: pg.Client, migration: Migration): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(migration.sql);
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
       VALUES ($1, $2, $3, now(), now(), 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw new MigrationError(`migration ${migration.name} failed: ${(error as Error).message}`);
  }
}
