// Issue 49: the database behind DATABASE_URL becomes a new primary. A primary and a streaming standby
// (pg_basebackup -R) behind HAProxy, the apps as real processes under a stream of requests (POST /tests
// with and without an Idempotency-Key, GET /tests, heartbeat pings). The primary stops, the standby is
// promoted (pg_ctl promote) and the proxy repointed, as an operator's failover does: the API answers
// only 2xx or 503 with Retry-After (never 500) and takes work again within seconds; every test accepted
// ends, a keyed request made one test however often it was retried, the ledger sums to the balance. A
// dashboard page that reads the database answers 503 too (it answered 500).
// The variant: the old primary comes back read-only with the proxy still pointing at it (SQLSTATE
// 25006): 503 then, not 500, and recovered once the proxy moves. A worker that read the old primary's
// stale rows there found no such test and dropped its job (tests stayed queued): a connection that lands
// on a read-only server is now refused before it is used.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, test } from 'node:test';
import { issueToken } from '@pageprobe/accounts';
import { createAdminService } from '@pageprobe/api';
import { createDb, createPool, isDatabaseUnavailable, isReadOnlyError, migrate } from '@pageprobe/db';
import { freePort, sleep } from '@pageprobe/local-services';
import { startApp } from '../support/app-process.ts';
import { startDashboard } from '../support/dashboard.ts';
import { call } from '../support/http.ts';
import { startPostgresFailover } from '../support/postgres-failover.ts';
import { eventually, startServer } from '../support/servers.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const failover = await startPostgresFailover();
after(() => failover.stop());
await failover.createDatabase('promotion');
const databaseUrl = failover.proxyUrl('promotion');
await migrate(databaseUrl);
// The test's own reads go through the proxy too, after each switch.
const db = createDb(databaseUrl, { poolSize: 2 });
after(() => db.$disconnect());

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const api = `${origin}/api/v1`;
const common = {
  DATABASE_URL: databaseUrl,
  ALLOW_PRIVATE_TARGETS: 'true',
  SWEEP_INTERVAL_MS: '1000',
  SWEEP_QUEUED_AFTER_MS: '2000',
};
const apps = {
  api: await startApp(
    'api',
    env.appEnv({
      ...common,
      PORT: String(port),
      PUBLIC_BASE_URL: origin,
      RATE_LIMIT_WRITES_PER_MIN: '100000',
      RATE_LIMIT_READS_PER_MIN: '100000',
    }),
  ),
  'worker-uptime': await startApp('worker-uptime', env.appEnv(common)),
  'callback-dispatcher': await startApp('callback-dispatcher', env.appEnv(common)),
};

// A dashboard page that reads the database: an owner's set-up link, which stays valid until used.
const dashboard = await startDashboard(env, { ...common, PUBLIC_BASE_URL: origin }, { process: true });

function assertAllAlive() {
  for (const [name, app] of Object.entries({ ...apps, dashboard: dashboard.app })) {
    const { exitCode, signalCode } = app.child;
    assert.ok(
      exitCode === null && signalCode === null,
      `${name} exited (${exitCode ?? signalCode}); its output ends:\n${app.output().slice(-4000)}`,
    );
  }
}

const admin = createAdminService(db);
async function newTeam(name: string) {
  const team = await admin.createTeam({ name, plan: 'pro' });
  await admin.adjustCredits(team.id, { amount: 100_000, reason: 'failover test' });
  const { key } = await admin.createApiKey(team.id, { scope: 'write' });
  return { id: team.id, key };
}
// Keyed requests and unkeyed ones from separate teams: a keyed team's tests must be exactly its keys.
const keyed = await newTeam('keyed');
const unkeyed = await newTeam('unkeyed');
const target = await startServer((_req, res) => void res.writeHead(200).end('ok'));
const heartbeat = await call<{ ping_url: string }>(`${api}/monitors`, {
  method: 'POST',
  token: unkeyed.key,
  body: { type: 'heartbeat', name: 'pings', period_seconds: 3600, grace_seconds: 3600 },
});
assert.equal(heartbeat.status, 201, JSON.stringify(heartbeat.body));
const setupPage = `${dashboard.base}/setup/${await issueToken(db, 'owner_setup', { subject: unkeyed.id })}`;
assert.equal((await fetch(setupPage)).status, 200);

interface Answer {
  what: string;
  at: number;
  status: number;
  retryAfter: string | null;
  body: unknown;
}

/**
 * Requests as clients make them, until stopped: a keyed POST retried with its key after a 503 until
 * accepted (what a careful client does when a commit's fate is unknown), unkeyed POSTs, reads, pings.
 */
function traffic() {
  const answers: Answer[] = [];
  const keys = new Map<string, string>(); // Idempotency-Key → the test id it was answered with
  const unkeyedIds = new Set<string>();
  let running = true;
  const note = async (what: string, response: Promise<Response>) => {
    const res = await response;
    const text = await res.text();
    const answer = {
      what,
      at: Date.now(),
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: text.startsWith('{') ? JSON.parse(text) : text,
    };
    answers.push(answer);
    return answer;
  };
  const post = (key: string, idempotencyKey?: string) =>
    fetch(`${api}/tests`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: JSON.stringify({ url: target.url, type: 'uptime' }),
    });
  const lanes = [
    async () => {
      const idempotencyKey = randomUUID();
      for (;;) {
        const answer = await note('POST keyed', post(keyed.key, idempotencyKey));
        if (answer.status < 300) {
          const id = (answer.body as { id: string }).id;
          assert.equal(keys.get(idempotencyKey) ?? id, id, 'a retried key answered with another test');
          keys.set(idempotencyKey, id);
          return;
        }
        if (!running) return; // given up at the end: not counted
        await sleep(200);
      }
    },
    async () => {
      const answer = await note('POST', post(unkeyed.key));
      if (answer.status < 300) unkeyedIds.add((answer.body as { id: string }).id);
    },
    () => note('GET /tests', fetch(`${api}/tests?limit=5`, { headers: { authorization: `Bearer ${unkeyed.key}` } })),
    // Slower than the others: a heartbeat takes at most 5 pings a second (its own limit, not a fault).
    async () => {
      await note('ping', fetch(heartbeat.body.ping_url));
      await sleep(150);
    },
    () => note('dashboard', fetch(setupPage)),
  ];
  const loops = lanes.map(async (lane) => {
    while (running) {
      await lane().catch((error: Error) =>
        answers.push({ what: 'error', at: Date.now(), status: 0, retryAfter: null, body: error.message }),
      );
      await sleep(100);
    }
  });
  return {
    startedAt: Date.now(),
    answers,
    keys,
    unkeyedIds,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Every answer a 2xx or a 503 problem with Retry-After; returns the 503s' window in ms. */
function assertOnly2xxOr503(answers: Answer[]): { unavailable: number; windowMs: number } {
  const wrong = answers.filter((a) => !(a.status >= 200 && a.status < 300) && a.status !== 503);
  assert.deepEqual(wrong.slice(0, 5), [], `${wrong.length} answers neither 2xx nor 503`);
  const unavailable = answers.filter((a) => a.status === 503);
  for (const a of unavailable) {
    assert.ok(Number(a.retryAfter) > 0, `a 503 without Retry-After: ${JSON.stringify(a)}`);
    // The API's answers are problems, a ping's too; the dashboard's a line of text.
    if (a.what === 'dashboard') assert.match(String(a.body), /briefly unavailable/);
    else assert.equal((a.body as { code?: string }).code, 'service_unavailable', JSON.stringify(a));
  }
  const times = unavailable.map((a) => a.at);
  return { unavailable: unavailable.length, windowMs: times.length ? Math.max(...times) - Math.min(...times) : 0 };
}

/** The first moment from `since` after which every write was accepted. */
async function writesAcceptedAgain(load: ReturnType<typeof traffic>, since: number, timeoutMs = 20_000) {
  return eventually(
    async () => {
      const posts = load.answers.filter((a) => a.what.startsWith('POST') && a.at > since);
      const last = posts.slice(-4);
      return last.length === 4 && last.every((a) => a.status === 202 || a.status === 201 || a.status === 200)
        ? last[0]!.at
        : undefined;
    },
    timeoutMs,
    'writes accepted again',
  );
}

/** Every test of both teams ends (the worker's jobs follow the switch); keyed: one test per key. */
async function assertWorkSettles(load: ReturnType<typeof traffic>) {
  const ids = [...load.keys.values(), ...load.unkeyedIds];
  let unsettled: Array<{ id: string; status: string; updated_at: Date }> = [];
  const deadline = Date.now() + 60_000;
  do {
    if (unsettled.length) await sleep(500);
    const rows = await db.$queryRaw<Array<{ id: string; status: string; updated_at: Date }>>`
      SELECT id::text, status::text, updated_at FROM tests WHERE id = ANY(${ids}::uuid[])`;
    const found = new Map(rows.map((r) => [r.id, r]));
    unsettled = ids
      .map((id) => found.get(id) ?? { id, status: 'missing', updated_at: new Date(0) })
      .filter((r) => r.status === 'queued' || r.status === 'running' || r.status === 'missing');
  } while (unsettled.length > 0 && Date.now() < deadline);
  assert.deepEqual(
    unsettled,
    [],
    `tests accepted that did not end; the worker's output ends:\n${apps['worker-uptime'].output().slice(-3000)}`,
  );
  const since = { createdAt: { gte: new Date(load.startedAt) } };
  const keyedTests = await db.test.count({ where: { teamId: keyed.id, ...since } });
  assert.equal(keyedTests, load.keys.size, 'each Idempotency-Key made exactly one test');
  // An unkeyed POST answered 503 after its commit went through made a test nobody was told of: allowed
  // (that is what the key is for), but never one fewer than were accepted.
  assert.ok((await db.test.count({ where: { teamId: unkeyed.id, ...since } })) >= load.unkeyedIds.size);
  for (const team of [keyed, unkeyed]) {
    const [row] = await db.$queryRaw<Array<{ balance: number; sum: number }>>`
      SELECT t.credits_balance AS balance, (SELECT sum(delta)::int FROM credit_ledger l WHERE l.team_id = t.id) AS sum
      FROM teams t WHERE t.id = ${team.id}::uuid`;
    assert.equal(row?.balance, row?.sum, 'the credit ledger sums to the balance');
  }
}

test('the primary stops, the standby is promoted and the proxy repointed: only 2xx and 503, work resumes', async (t) => {
  const load = traffic();
  t.after(() => load.stop()); // a failed assertion must not leave the requests running
  await sleep(2_000);
  await failover.waitForReplay();
  await failover.stopPrimary();
  const stoppedAt = Date.now();
  await sleep(1_000); // the operator notices
  await failover.promoteStandby();
  await failover.repointProxy();
  const movedAt = Date.now();
  const acceptedAt = await writesAcceptedAgain(load, movedAt);
  await sleep(2_000);
  await load.stop();
  const { unavailable, windowMs } = assertOnly2xxOr503(load.answers);
  assert.ok(unavailable > 0, 'requests made while no primary was reachable answered 503');
  console.log(
    `promotion: ${load.answers.length} answers, ${unavailable} 503 over ${windowMs} ms; writes accepted ${acceptedAt - movedAt} ms after the proxy moved (${acceptedAt - stoppedAt} ms after the primary stopped)`,
  );
  assert.ok(acceptedAt - movedAt < 10_000, 'writes resumed within 10 s of the new primary being reachable');
  await assertWorkSettles(load);
  assertAllAlive();
});

test('the old primary comes back read-only with the proxy still on it: 503 (not 500), then recovered', async (t) => {
  await failover.rebuildStandby();
  const load = traffic();
  t.after(() => load.stop()); // a failed assertion must not leave the requests running
  await sleep(2_000);
  await failover.waitForReplay();
  await failover.stopPrimary();
  await failover.restartOldPrimaryReadOnly();
  // The proxy still points at the old primary, now read-only: every connection made lands there and is
  // refused (25006), so nothing reads its stale rows and decides on them.
  assert.equal(failover.proxied.name, failover.primary.name);
  const readOnlyFrom = Date.now();
  await sleep(3_000);
  const duringReadOnly = load.answers.filter((a) => a.at > readOnlyFrom && a.what.startsWith('POST'));
  assert.ok(
    duringReadOnly.some((a) => a.status === 503),
    'writes to the read-only server answered 503',
  );
  assert.ok(
    load.answers.some((a) => a.at > readOnlyFrom && a.what === 'dashboard' && a.status === 503),
    'a dashboard page answered 503 too',
  );

  // A connection that met the read-only server is not given out again.
  const pool = createPool(databaseUrl, { size: 1 });
  const probe = createDb(databaseUrl, { pool });
  const refused = await probe
    .$transaction((tx) => tx.idempotencyRecord.deleteMany({ where: { key: 'none' } }))
    .then(
      () => null,
      (error: unknown) => error,
    );
  assert.ok(isReadOnlyError(refused) && isDatabaseUnavailable(refused), String(refused));
  await sleep(100);
  assert.equal(pool.totalCount, 0, 'the read-only connection was ended, not returned to the pool');
  await probe.$disconnect();
  await pool.end();

  await failover.promoteStandby();
  await failover.repointProxy();
  const movedAt = Date.now();
  const acceptedAt = await writesAcceptedAgain(load, movedAt);
  await sleep(2_000);
  await load.stop();
  const { unavailable, windowMs } = assertOnly2xxOr503(load.answers);
  console.log(
    `read-only old primary: ${load.answers.length} answers, ${unavailable} 503 over ${windowMs} ms; writes accepted ${acceptedAt - movedAt} ms after the proxy moved`,
  );
  assert.ok(acceptedAt - movedAt < 10_000, 'writes resumed within 10 s of the new primary being reachable');
  await assertWorkSettles(load);
  assertAllAlive();
});
