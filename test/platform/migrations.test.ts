import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { MIGRATIONS_DIR, migrate, readMigrations } from '@pageprobe/db';
import pg from 'pg';
import { databaseUrl } from '../support/services.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
// Connected to the maintenance database, so dropping this file's databases never cuts it off.
const server = new pg.Client({ connectionString: databaseUrl(env.databaseUrl, 'postgres') });
await server.connect();
after(() => server.end());

/** A database of this file's own that no migration has touched yet. */
async function emptyDatabase(name: string): Promise<string> {
  await server.query(`CREATE DATABASE ${name}`);
  after(() => server.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => {}));
  return databaseUrl(env.databaseUrl, name);
}

async function recorded(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    'SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
  );
  await client.end();
  return rows as Array<{
    migration_name: string;
    checksum: string;
    finished_at: Date | null;
    applied_steps_count: number;
  }>;
}

test('a fresh database gets every migration, recorded as prisma migrate deploy records them', async () => {
  const url = await emptyDatabase(`${env.queuePrefix}_fresh`);
  const migrations = await readMigrations();
  assert.ok(migrations.length >= 1);
  const result = await migrate(url);
  assert.deepEqual(
    result.applied,
    migrations.map((m) => m.name),
  );
  const rows = await recorded(url);
  assert.deepEqual(
    rows.map((r) => [r.migration_name, r.checksum, r.applied_steps_count, r.finished_at instanceof Date]),
    migrations.map((m) => [m.name, m.checksum, 1, true]),
  );
  // Prisma's checksum is the SHA-256 of the file's bytes.
  const { createHash } = await import('node:crypto');
  const first = migrations[0]!;
  const file = readFileSync(join(MIGRATIONS_DIR, first.name, 'migration.sql'));
  assert.equal(first.checksum, createHash('sha256').update(file).digest('hex'));
});

test('running again is a no-op', async () => {
  const url = await emptyDatabase(`${env.queuePrefix}_again`);
  await migrate(url);
  const before = await recorded(url);
  const result = await migrate(url);
  assert.deepEqual(result.applied, []);
  assert.equal(result.alreadyApplied.length, before.length);
  assert.deepEqual(await recorded(url), before);
});

test('two migrators at once apply each migration once', async () => {
  const url = await emptyDatabase(`${env.queuePrefix}_race`);
  const [a, b] = await Promise.all([migrate(url), migrate(url)]);
  const total = (await readMigrations()).length;
  assert.equal(a.applied.length + b.applied.length, total);
  assert.equal((await recorded(url)).length, total);
});

test('an applied migration that was edited afterwards is refused', async () => {
  const url = await emptyDatabase(`${env.queuePrefix}_edited`);
  await migrate(url);
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const first = (await readMigrations())[0]!.name;
  writeFileSync(
    join(dir, first, 'migration.sql'),
    `${readFileSync(join(dir, first, 'migration.sql'), 'utf8')}\n-- edited\n`,
  );
  await assert.rejects(migrate(url, dir), /was changed after it was applied/);
});

test('a failing migration rolls back whole and is not recorded', async () => {
  const url = await emptyDatabase(`${env.queuePrefix}_broken`);
  await migrate(url);
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const { mkdirSync } = await import('node:fs');
  mkdirSync(join(dir, '99990101000000_broken'));
  writeFileSync(
    join(dir, '99990101000000_broken', 'migration.sql'),
    'CREATE TABLE half_done (id int);\nSELECT no_such_function();\n',
  );
  await assert.rejects(migrate(url, dir), /99990101000000_broken failed/);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rowCount } = await client.query(`SELECT 1 FROM pg_tables WHERE tablename = 'half_done'`);
  await client.end();
  assert.equal(rowCount, 0);
  assert.ok(!(await recorded(url)).some((r) => r.migration_name === '99990101000000_broken'));
});
