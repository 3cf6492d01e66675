// Issue 14, faults: PostgreSQL stopped for 10 s in the middle of a run. Requests during the outage get
// 503 with Retry-After (never 500), the test in flight ends correctly once the database is back, and
// nothing accepted is lost; a callback whose outcome could not be recorded meanwhile is delivered after
// (issue 28). This file runs its own PostgreSQL, so stopping it touches no other file.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { createAdminService } from '@pageprobe/api';
import { createDb, createPool, migrate } from '@pageprobe/db';
import { freePort, sleep, startPostgres } from '@pageprobe/local-services';
import pg from 'pg';
import { startApp } from '../support/app-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { eventually, startServer } from '../support/servers.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const dataDir = mkdtempSync(join(tmpdir(), 'pageprobe-pg-down-'));
const pgPort = await freePort();
let postgres = await startPostgres({ dataDir, port: pgPort, ephemeral: true });
const admin = new pg.Client({ connectionString: postgres.url });
await admin.connect();
await admin.query('CREATE DATABASE outage');
await admin.end();
const databaseUrl = postgres.url.replace(/\/postgres$/, '/outage');
await migrate(databaseUrl);
const db = createDb(databaseUrl);
after(async () => {
  await db.$disconnect();
  await postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const common = { DATABASE_URL: databaseUrl, ALLOW_PRIVATE_TARGETS: 'true', SWEEP_INTERVAL_MS: '500' };
const apps = {
  api: await startApp('api', env.appEnv({ ...common, PORT: String(port), RATE_LIMIT_WRITES_PER_MIN: '1000' })),
  'worker-uptime': await startApp('worker-uptime', env.appEnv(common)),
};
// The retry comes fast here, so both tries of a delivery would be spent inside a short outage.
const dispatcher = await startApp(
  'callback-dispatcher',
  env.appEnv({ ...common, CALLBACK_RETRY_DELAY_MS: '300', SWEEP_QUEUED_AFTER_MS: '1000' }),
);
/**
 * Every app outlived the outage. An app that died of it (the dispatcher did: an 'error' event on a
 * connection its monitors' tick held, issue 44) leaves its work undone, which looked like a flake.
 */
function assertAllAlive() {
  for (const [name, app] of Object.entries({ ...apps, 'callback-dispatcher': dispatcher })) {
    const { exitCode, signalCode } = app.child;
    assert.ok(
      exitCode === null && signalCode === null,
      `${name} exited (${exitCode ?? signalCode}) during the outage; its output ends:\n${app.output().slice(-4000)}`,
    );
  }
}

const adminService = createAdminService(db);
const team = await adminService.createTeam({ name: 'outage', plan: 'pro' });
const { key } = await adminService.createApiKey(team.id, { scope: 'write' });
// A target that holds each check 3 s, so one is in flight when the database stops.
const target = await startServer((_req, res) => setTimeout(() => res.writeHead(200).end('slow'), 3_000));
const post = () =>
  call<{ id: string }>(`${origin}/api/v1/tests`, {
    method: 'POST',
    token: key,
    body: { url: target.url, type: 'uptime' },
  });

test('PostgreSQL down 10 s: 503 with Retry-After meanwhile; the test in flight completes after; nothing lost', async () => {
  const inFlight = await post();
  assert.equal(inFlight.status, 202);
  await eventually(async () => {
    const row = await db.test.findUniqueOrThrow({ where: { id: inFlight.body.id } });
    return row.status === 'running' ? true : undefined;
  });

  await postgres.stop();
  const stoppedAt = Date.now();
  const answers = [];
  while (Date.now() - stoppedAt < 10_000) {
    answers.push(await post());
    answers.push(await call(`${origin}/api/v1/tests/${inFlight.body.id}`, { token: key }));
    await sleep(1_000);
  }
  for (const answer of answers) {
    assertProblem(answer, 503, 'service_unavailable');
    assert.ok(Number(answer.headers.get('retry-after')) > 0);
  }

  postgres = await startPostgres({ dataDir, port: pgPort, ephemeral: true });
  const after = await eventually(
    async () => {
      const res = await post();
      return res.status === 202 ? res : undefined;
    },
    30_000,
    'a POST accepted again',
  );
  for (const id of [inFlight.body.id, after.body.id]) {
    const done = await eventually(
      async () => {
        const res = await call<{ status: string; result: { up: boolean } | null }>(`${origin}/api/v1/tests/${id}`, {
          token: key,
        });
        return res.status === 200 && res.body.status === 'completed' ? res.body : undefined;
      },
      60_000,
      `test ${id} completed`,
    );
    assert.equal(done.result?.up, true);
  }
  // Exactly the two accepted tests exist: nothing from the outage was half-written.
  assert.equal(await db.test.count({ where: { teamId: team.id } }), 2);
  assertAllAlive();
});

test('PostgreSQL down while a callback is answered: the delivery keeps its tries and is delivered after', async () => {
  // The receiver's first answer comes once the database is stopped, so the attempt cannot be recorded.
  let outage: Promise<void> | undefined;
  const receiver = await startServer((_req, res) => {
    if (outage) return void res.writeHead(204).end();
    outage = postgres.stop().then(() => void res.writeHead(500).end());
  });
  const started = await call<{ id: string }>(`${origin}/api/v1/tests`, {
    method: 'POST',
    token: key,
    body: { url: target.url, type: 'uptime', callback_url: `${receiver.url}/hook` },
  });
  assert.equal(started.status, 202);
  await eventually(async () => (outage ? true : undefined), 60_000, 'the callback reached the receiver');
  await outage;
  await sleep(3_000); // long enough for both tries at CALLBACK_RETRY_DELAY_MS, were they spent
  postgres = await startPostgres({ dataDir, port: pgPort, ephemeral: true });
  const delivery = await eventually(
    async () => {
      const row = await db.callbackDelivery.findFirst({ where: { testId: started.body.id } });
      return row && row.state !== 'pending' ? row : undefined;
    },
    60_000,
    'the delivery settled',
  ).catch((error: Error) => {
    assertAllAlive();
    throw new Error(`${error.message}; the dispatcher's output ends:\n${dispatcher.output().slice(-4000)}`);
  });
  assert.equal(delivery.state, 'delivered');
  assert.equal(receiver.requests.length, 2, 'the answer lost in the outage is asked again once');
  assertAllAlive();
});

test('a connection held in a transaction when PostgreSQL stops fails its statements, and ends nothing else', async () => {
  // What the dispatcher's monitors' tick does 4 times a second (pool.connect, BEGIN, claim, COMMIT):
  // node-postgres reported the dropped connection as an 'error' event on the client, which nothing
  // heard, and the process ended (on the old code this file's own process does, here).
  const pool = createPool(databaseUrl, { size: 2 });
  const held = await pool.connect();
  await held.query('BEGIN');
  await postgres.stop();
  await sleep(500);
  await assert.rejects(held.query('SELECT 1'), /not queryable|terminat/);
  held.release();
  postgres = await startPostgres({ dataDir, port: pgPort, ephemeral: true });
  // The pool discarded the dead connection: the next statement gets a new one.
  assert.equal((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one, 1);
  await pool.end();
  assertAllAlive();
});
