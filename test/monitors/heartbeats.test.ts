// Issue 47 item 4: heartbeat monitors, told by pings from a job rather than asking. Through the real API
// and a real dispatcher (whose tick applies stored pings and claims late heartbeats): by period and by
// cron schedule in a time zone, a missed ping, a /start that never ends, /fail and exit statuses, the
// recovery, the ping's log, the team's limit, and pings while PostgreSQL and Redis restart (503, never
// 200 for a ping not stored).
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { createPool, migrate } from '@pageprobe/db';
import { freePort, startPostgres, startRedis } from '@pageprobe/local-services';
import pg from 'pg';
import { startApiInProcess } from '../support/api-in-process.ts';
import { startApp } from '../support/app-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { eventually, type ReceivedRequest, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const common = {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_READS_PER_MIN: '100000',
  RATE_LIMIT_WRITES_PER_MIN: '10000',
  SWEEP_INTERVAL_MS: '500',
  // Periods and graces of a few seconds (the plan's shortest interval holds them too, issue 56), and each
  // heartbeat's own ping limit out of the way of the team's (heartbeat-limits.test.ts proves that one).
  MONITOR_MIN_INTERVAL_SECONDS: '1',
  PINGS_PER_MONITOR_PER_SEC: '1000',
  PINGS_PER_MONITOR_BURST: '1000',
};
const PINGS_PER_MIN = 40;
const { origin } = await startApiInProcess(env, { ...common, PINGS_PER_TEAM_PER_MIN: String(PINGS_PER_MIN) });
const api = `${origin}/api/v1`;
await startApp('callback-dispatcher', env.appEnv(common));
const pool = createPool(env.databaseUrl, { size: 2 });
after(() => pool.end());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Alerts arrive at the monitors' callback_url here, one path per monitor.
const receiver = await startServer();
interface Alert {
  event: string;
  reason: string;
  details: Record<string, unknown> & { message?: string };
}
const alertsOf = (name: string) =>
  receiver.requests
    .filter((r: ReceivedRequest) => r.url === `/hook/${name}`)
    .map((r) => {
      const payload = JSON.parse(r.raw.toString()) as { event: string; alert: Omit<Alert, 'event'> };
      return { event: payload.event, ...payload.alert };
    });
const alertNumber = (name: string, n: number, what: string, timeoutMs = 20_000) =>
  eventually(async () => alertsOf(name)[n - 1], timeoutMs, `${name}: ${what}`);

interface Heartbeat {
  id: string;
  url: string;
  ping_url: string;
  deadline_at: string | null;
  last_ping_at: string | null;
  down: boolean;
  type: string;
}

async function heartbeat(key: string, name: string, fields: Record<string, unknown>) {
  const res = await call<Heartbeat>(`${api}/monitors`, {
    method: 'POST',
    token: key,
    body: { type: 'heartbeat', name, callback_url: `${receiver.url}/hook/${name}`, ...fields },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

const ping = (url: string, method = 'GET', body?: string) => fetch(url, { method, body });
const monitorOf = (key: string, id: string) => call<Heartbeat>(`${api}/monitors/${id}`, { token: key });
const storedAlerts = async (key: string, id: string) =>
  (
    await call<{ data: Array<Alert & { created_at: string }> }>(`${api}/monitors/${id}/alerts?limit=100`, {
      token: key,
    })
  ).body.data.reverse();

test('by period: on-time pings keep it up, a missed one alerts within 10 s of period + grace, the next ping recovers it; a POST body is the ping’s log', async () => {
  const { key } = await teamWithKey(env);
  const monitor = await heartbeat(key, 'period', { period_seconds: 2, grace_seconds: 1 });
  assert.match(monitor.ping_url, new RegExp(`^${origin}/ping/[\\w-]{40,}$`));
  // The ping URL is a key: the monitor's url (shown on its public page) is a placeholder.
  assert.ok(!monitor.url.includes(monitor.ping_url.split('/').at(-1)!));
  assert.ok(monitor.deadline_at, 'a deadline from creation: a job that never pings is late too');

  for (let i = 0; i < 6; i++) {
    const res =
      i === 3 ? await ping(monitor.ping_url, 'POST', 'backup done: 1.2 GB\nall good') : await ping(monitor.ping_url);
    assert.equal(res.status, 200);
    assert.equal(await res.text(), 'OK');
    await sleep(1_000);
  }
  const head = await ping(monitor.ping_url, 'HEAD');
  assert.equal(head.status, 200);
  const lastPing = Date.now();
  const up = (await monitorOf(key, monitor.id)).body;
  assert.equal(up.down, false);
  assert.deepEqual(alertsOf('period'), [], 'no alert while pings come on time');
  // Applied: the deadline is the last ping's plus period and grace.
  await eventually(async () => {
    const m = (await monitorOf(key, monitor.id)).body;
    return m.last_ping_at && Date.parse(m.last_ping_at) >= lastPing - 1_000 ? m : undefined;
  });

  const down = await alertNumber('period', 1, 'monitor.down after the pings stop');
  assert.equal(down.event, 'monitor.down');
  assert.equal(down.reason, 'missed');
  assert.match(String(down.details.message), /No ping by .*every 2 s \+ 1 s grace/);
  const [stored] = await storedAlerts(key, monitor.id);
  const deadline = Date.parse(String(stored!.details.deadline));
  const lastApplied = Date.parse(String(stored!.details.last_ping_at));
  assert.equal(deadline - lastApplied, 3_000, 'deadline = last ping + period + grace');
  const lag = Date.parse(stored!.created_at) - deadline;
  assert.ok(lag >= 0 && lag < 10_000, `alerted ${lag} ms after the deadline`);

  assert.equal((await ping(monitor.ping_url)).status, 200);
  const recovered = await alertNumber('period', 2, 'monitor.recovered on the next ping');
  assert.equal(recovered.event, 'monitor.recovered');

  const pings = await call<{ data: Array<{ kind: string; body: string | null }> }>(
    `${api}/monitors/${monitor.id}/pings?limit=100`,
    { token: key },
  );
  assert.equal(pings.status, 200);
  assert.equal(pings.body.data.length, 8);
  assert.deepEqual(
    pings.body.data.filter((p) => p.body).map((p) => p.body),
    ['backup done: 1.2 GB\nall good'],
  );
  const checks = await call<{ data: Array<{ up: boolean; reason: string | null }> }>(
    `${api}/monitors/${monitor.id}/checks?limit=100`,
    { token: key },
  );
  assert.equal(checks.status, 200);
  assert.ok(checks.body.data.some((c) => c.reason === 'missed' && !c.up));
  assert.ok(checks.body.data.filter((c) => c.up).length >= 7);
});

test('/start without an end alerts after the grace with the run’s duration so far; /fail and /1 alert at once; each good ping recovers', async () => {
  const { key } = await teamWithKey(env);
  const monitor = await heartbeat(key, 'runs', { period_seconds: 600, grace_seconds: 2 });
  const started = Date.now();
  assert.equal((await ping(`${monitor.ping_url}/start`)).status, 200);
  const timeout = await alertNumber('runs', 1, 'run_timeout after the grace');
  assert.equal(timeout.event, 'monitor.down');
  assert.equal(timeout.reason, 'run_timeout');
  const duration = Number(timeout.details.run_duration_ms);
  assert.ok(duration >= 2_000 && duration < 12_000, `run_duration_ms ${duration}`);
  assert.match(String(timeout.details.message), /A run started at .* has not ended after \d+ s \(grace 2 s\)/);
  assert.ok(Date.now() - started >= 2_000);

  assert.equal((await ping(`${monitor.ping_url}/0`)).status, 200);
  assert.equal((await alertNumber('runs', 2, 'recovered by exit 0')).event, 'monitor.recovered');

  // A run that fails: down within a tick or two of the ping, with the run's duration.
  await ping(`${monitor.ping_url}/start`);
  await sleep(300);
  const failedAt = Date.now();
  await ping(`${monitor.ping_url}/fail`, 'POST', 'pg_dump: connection refused');
  const failed = await alertNumber('runs', 3, 'run_failed after /fail', 5_000);
  assert.ok(Date.now() - failedAt < 3_000, 'at once');
  assert.equal(failed.reason, 'run_failed');
  assert.match(String(failed.details.message), /reported failure/);
  assert.ok(Number(failed.details.run_duration_ms) >= 300);

  await ping(monitor.ping_url);
  assert.equal((await alertNumber('runs', 4, 'recovered')).event, 'monitor.recovered');
  const exitAt = Date.now();
  await ping(`${monitor.ping_url}/1`);
  const exited = await alertNumber('runs', 5, 'run_failed after /1', 5_000);
  assert.ok(Date.now() - exitAt < 3_000, 'at once');
  assert.equal(exited.reason, 'run_failed');
  assert.equal(exited.details.exit_code, 1);
  assert.match(String(exited.details.message), /exited with status 1/);
  await ping(monitor.ping_url);
  assert.equal((await alertNumber('runs', 6, 'recovered')).event, 'monitor.recovered');

  const pings = await call<{ data: Array<{ kind: string; exit_code: number | null; duration_ms: number | null }> }>(
    `${api}/monitors/${monitor.id}/pings`,
    { token: key },
  );
  assert.deepEqual(
    pings.body.data.map((p) => p.kind),
    ['success', 'exit', 'success', 'fail', 'start', 'exit', 'start'],
  );
  assert.ok(pings.body.data[3]!.duration_ms! >= 300, 'the failed run’s duration on its ping');
});

/** The wall-clock hour and minute of `at` in `zone`. */
const wallClock = (at: Date, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hour12: false }).format(at);

test('by cron schedule in a time zone: the deadline is the zone’s next slot plus grace; a missed slot alerts, a ping recovers', async () => {
  const { key } = await teamWithKey(env);
  // 03:00 in New York and :30 in Kolkata (UTC+5:30): slots a UTC reading would put elsewhere.
  for (const [schedule, zone, expected] of [
    ['0 3 * * *', 'America/New_York', '03:00'],
    ['30 * * * *', 'Asia/Kolkata', /^\d\d:30$/],
  ] as const) {
    const m = await heartbeat(key, `cron-${zone}`, { schedule, time_zone: zone, grace_seconds: 60 });
    const slot = new Date(Date.parse(m.deadline_at!) - 60_000);
    assert.match(wallClock(slot, zone), typeof expected === 'string' ? new RegExp(`^${expected}$`) : expected);
    assert.ok(slot.getTime() > Date.now() && slot.getTime() - Date.now() <= 24 * 3600_000, 'the next slot');
    if (zone === 'Asia/Kolkata') assert.equal(slot.getUTCMinutes(), 0, 'Kolkata’s :30 is UTC’s :00');
  }

  // Every 2 s (a seconds field), grace 1 s: no ping, so the first slot is missed.
  const every = await heartbeat(key, 'cron-fast', {
    schedule: '*/2 * * * * *',
    time_zone: 'Asia/Kolkata',
    grace_seconds: 1,
  });
  const down = await alertNumber('cron-fast', 1, 'monitor.down for the missed slot');
  assert.equal(down.reason, 'missed');
  assert.match(String(down.details.message), /each slot of \*\/2 \* \* \* \* \* \(Asia\/Kolkata\) \+ 1 s grace/);
  const [stored] = await storedAlerts(key, every.id);
  const lag = Date.parse(stored!.created_at) - Date.parse(String(stored!.details.deadline));
  assert.ok(lag >= 0 && lag < 10_000, `alerted ${lag} ms after the deadline`);
  assert.equal(new Date(Date.parse(String(stored!.details.deadline)) - 1_000).getUTCSeconds() % 2, 0, 'on a slot');
  assert.equal((await ping(every.ping_url)).status, 200);
  assert.equal((await alertNumber('cron-fast', 2, 'recovered')).event, 'monitor.recovered');

  // What a heartbeat is asked for is checked when written: a 400 naming the field.
  for (const [body, field] of [
    [{ schedule: '61 * * * *', grace_seconds: 60 }, 'body.schedule'],
    [{ schedule: '0 0 30 2 *', grace_seconds: 60 }, 'body.schedule'],
    [{ schedule: '0 3 * * *', time_zone: 'Mars/Olympus', grace_seconds: 60 }, 'body.time_zone'],
    [{ period_seconds: 60 }, 'body.grace_seconds'],
    [{ grace_seconds: 60 }, 'body.period_seconds'],
    [{ period_seconds: 60, grace_seconds: 5, url: 'https://example.com/' }, 'body.url'],
    [{ period_seconds: 60, grace_seconds: 5, interval_seconds: 60 }, 'body.interval_seconds'],
    [{ period_seconds: 60, schedule: '0 3 * * *', grace_seconds: 5 }, 'body.schedule'],
  ] as const) {
    const res = await call(`${api}/monitors`, { method: 'POST', token: key, body: { type: 'heartbeat', ...body } });
    assertProblem(res, 400, 'validation_failed');
    assert.ok(JSON.stringify(res.body).includes(field), `${JSON.stringify(body)}: ${JSON.stringify(res.body)}`);
  }
  const uptime = await call(`${api}/monitors`, {
    method: 'POST',
    token: key,
    body: { type: 'uptime', url: 'http://127.0.0.1:9/', interval_seconds: 60, grace_seconds: 5 },
  });
  assertProblem(uptime, 400, 'validation_failed');
  const asTest = await call(`${api}/tests`, {
    method: 'POST',
    token: key,
    body: { type: 'heartbeat', url: 'http://127.0.0.1:9/' },
  });
  assert.equal(asTest.status, 400, 'a heartbeat is not a test');
});

test('an unknown token is 404 with nothing more; past the team’s pings a minute, 429 with Retry-After', async () => {
  const unknown = await ping(`${origin}/ping/${'x'.repeat(43)}`);
  assert.equal(unknown.status, 404);
  const unknownBody = await unknown.text();
  const nowhere = await fetch(`${origin}/no-such-page`);
  assert.equal(unknownBody, await nowhere.text(), 'the same answer as any unknown address');

  const { key } = await teamWithKey(env);
  const a = await heartbeat(key, 'limit-a', { period_seconds: 3600, grace_seconds: 60 });
  const b = await heartbeat(key, 'limit-b', { period_seconds: 3600, grace_seconds: 60 });
  // Near a minute's end the window would turn over mid-test.
  if (Date.now() % 60_000 > 50_000) await sleep(60_000 - (Date.now() % 60_000) + 100);
  const answers = await Promise.all(
    Array.from({ length: PINGS_PER_MIN + 10 }, (_, i) => ping(i % 2 ? a.ping_url : b.ping_url)),
  );
  const statuses = answers.map((r) => r.status);
  assert.equal(statuses.filter((s) => s === 200).length, PINGS_PER_MIN, 'the team’s limit, across its monitors');
  const limited = answers.filter((r) => r.status === 429);
  assert.equal(limited.length, 10);
  for (const r of limited) {
    const wait = Number(r.headers.get('retry-after'));
    assert.ok(wait >= 1 && wait <= 60, `Retry-After ${wait}`);
  }
  // Another team is not limited by this one.
  const other = await teamWithKey(env);
  const c = await heartbeat(other.key, 'limit-c', { period_seconds: 3600, grace_seconds: 60 });
  assert.equal((await ping(c.ping_url)).status, 200);
});

test('PostgreSQL and Redis restart under a stream of pings: 503 with Retry-After meanwhile, never 200 for a ping not stored; every acknowledged ping is there after', async () => {
  // This test's own PostgreSQL and Redis, so stopping them touches no other test.
  const dir = mkdtempSync(join(tmpdir(), 'heartbeat-outage-'));
  chmodSync(dir, 0o755);
  after(() => rmSync(dir, { recursive: true, force: true }));
  const pgPort = await freePort();
  let postgres = await startPostgres({ dataDir: join(dir, 'pg'), port: pgPort, ephemeral: true });
  after(() => postgres.stop());
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE outage');
  await admin.end();
  const databaseUrl = postgres.url.replace(/\/postgres$/, '/outage');
  await migrate(databaseUrl);
  const redisPort = await freePort();
  mkdirSync(join(dir, 'redis'), { mode: 0o777 });
  chmodSync(join(dir, 'redis'), 0o777);
  let redis = await startRedis({ dataDir: join(dir, 'redis'), port: redisPort });
  after(() => redis.stop());
  const port = await freePort();
  const own = `http://127.0.0.1:${port}`;
  const vars = env.appEnv({ ...common, DATABASE_URL: databaseUrl, REDIS_URL: redis.url, PORT: String(port) });
  await startApp('api', { ...vars, PUBLIC_BASE_URL: own });
  await startApp('callback-dispatcher', vars);
  const outagePool = createPool(databaseUrl, { size: 1 });
  after(() => outagePool.end().catch(() => {}));
  const { createDb } = await import('@pageprobe/db');
  const db = createDb(databaseUrl);
  after(() => db.$disconnect());
  const { key } = await teamWithKey({ ...env, db } as typeof env);
  const m = await call<Heartbeat>(`${own}/api/v1/monitors`, {
    method: 'POST',
    token: key,
    body: { type: 'heartbeat', period_seconds: 3600, grace_seconds: 60 },
  });
  assert.equal(m.status, 201);

  // Each ping carries its number as its log, so each acknowledged one can be found.
  const acked: string[] = [];
  const refused: Response[] = [];
  let n = 0;
  let streaming = true;
  const stream = (async () => {
    while (streaming) {
      const label = `ping ${n++}`;
      const res = await fetch(m.body.ping_url, { method: 'POST', body: label }).catch(() => null);
      if (res?.status === 200) acked.push(label);
      else if (res) refused.push(res);
      await sleep(20);
    }
  })();
  await sleep(1_000);
  await postgres.stop();
  await sleep(3_000);
  postgres = await startPostgres({ dataDir: join(dir, 'pg'), port: pgPort, ephemeral: true });
  await sleep(2_000);
  await redis.stop();
  await sleep(3_000);
  redis = await startRedis({ dataDir: join(dir, 'redis'), port: redisPort });
  await eventually(
    async () => (acked.length && refused.length && (await fetch(m.body.ping_url)).status === 200 ? true : undefined),
    30_000,
    'pings stored again',
  );
  await sleep(1_000);
  streaming = false;
  await stream;

  assert.ok(refused.length >= 10, `${refused.length} refused during the outages`);
  for (const res of refused) {
    assert.equal(res.status, 503, 'refused only as unavailable');
    assert.ok(Number(res.headers.get('retry-after')) > 0);
  }
  const { rows } = await outagePool.query<{ body: string }>('SELECT body FROM monitoring.pings WHERE monitor_id = $1', [
    m.body.id,
  ]);
  const stored = new Set(rows.map((r) => r.body));
  const lost = acked.filter((label) => !stored.has(label));
  assert.deepEqual(lost, [], `${acked.length} acknowledged, ${lost.length} not stored`);
  // Enough acknowledged to mean something: at 50 pings a second a quiet machine acknowledges hundreds, and
  // a loaded one (each ping answered in 200 ms) some fifty.
  assert.ok(acked.length >= 20, `${acked.length} acknowledged`);
});
