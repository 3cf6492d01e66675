// What operators rely on: /healthz and /readyz on the API and each worker's ops port, Prometheus
// metrics, and graceful shutdown (SIGTERM finishes what is in flight and loses nothing).
import assert from 'node:assert/strict';
import { Agent, get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '@pageprobe/local-services';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { startApp } from '../support/app-process.ts';
import { call } from '../support/http.ts';
import { eventually, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
// A Redis Cluster hash tag as the prefix, as production uses: everything below runs with it.
const QUEUE_PREFIX = `{${env.queuePrefix}}`;
const { key } = await teamWithKey(env);
const slowTarget = await startServer((_req, res) => {
  setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('slow but up'), 3_000);
});

async function api(extra: Record<string, string> = {}) {
  const port = await freePort();
  const app = await startApp(
    'api',
    env.appEnv({ PORT: String(port), ALLOW_PRIVATE_TARGETS: 'true', OPS_PORT: '0', QUEUE_PREFIX, ...extra }),
  );
  const opsPort = Number(/"opsPort":(\d+)/.exec(app.output())?.[1]);
  const url = `http://127.0.0.1:${port}`;
  // As a load balancer would: send traffic once the replica says it is ready (Redis connects after listening).
  if (!extra.REDIS_URL)
    await eventually(async () => ((await fetch(`${url}/readyz`)).ok ? true : undefined), 10_000, 'API ready');
  return { app, url, ops: `http://127.0.0.1:${opsPort}` };
}
/** The value of the series `name` whose labels include `labels` (in any order), or undefined. */
function sample(metrics: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of metrics.split('\n')) {
    const match = /^([a-z_]+)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...match[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(match[3]);
  }
  return undefined;
}
const opsUrl = (line: string) => `http://127.0.0.1:${/"opsPort":(\d+)/.exec(line)![1]}`;

test('API: /healthz alive, /readyz checks PostgreSQL and Redis; a replica without Redis is alive but not ready', async () => {
  const ok = await api();
  assert.equal((await fetch(`${ok.url}/healthz`)).status, 200);
  assert.deepEqual(await (await fetch(`${ok.url}/readyz`)).json(), {
    ready: true,
    checks: { postgres: 'ok', redis: 'ok' },
  });

  const noRedis = await api({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
  assert.equal((await fetch(`${noRedis.url}/healthz`)).status, 200);
  const notReady = await fetch(`${noRedis.url}/readyz`);
  assert.equal(notReady.status, 503);
  // The public port names the failing check but not its error (which names an internal address).
  assert.deepEqual(await notReady.json(), { ready: false, checks: { postgres: 'ok', redis: 'failed' } });
  await noRedis.app.waitFor(/"msg":"not ready"/);
});

test('a worker whose Redis is down is alive but not ready, and its ops port says why', async () => {
  const closed = `redis://127.0.0.1:${await freePort()}`;
  const worker = await startApp('callback-dispatcher', env.appEnv({ QUEUE_PREFIX, REDIS_URL: closed, OPS_PORT: '0' }));
  const ops = opsUrl(worker.output());
  assert.equal((await fetch(`${ops}/healthz`)).status, 200);
  const notReady = await fetch(`${ops}/readyz`);
  assert.equal(notReady.status, 503);
  const { checks } = (await notReady.json()) as { checks: Record<string, string> };
  assert.equal(checks.postgres, 'ok');
  assert.notEqual(checks.redis, 'ok');
  assert.equal(await worker.stop('SIGTERM'), 0);
});

test('API metrics: requests by route template and status, queue depth, on the ops port only', async () => {
  const { url, ops, app } = await api();
  const created = await call<{ id: string }>(`${url}/api/v1/tests`, {
    method: 'POST',
    token: key,
    body: { url: `${slowTarget.url}/`, type: 'uptime' },
  });
  assert.equal(created.status, 202, `${JSON.stringify(created.body)}\n${app.output()}`);
  await call(`${url}/api/v1/tests/${created.body.id}`, { token: key });
  await call(`${url}/api/v1/tests/00000000-0000-0000-0000-000000000000`, { token: key });
  const metrics = await (await fetch(`${ops}/metrics`)).text();
  const route = '/api/v1/tests/:test_id';
  assert.equal(
    sample(metrics, 'http_requests_total', { method: 'GET', route, status: '200', app: 'api' }),
    1,
    metrics
      .split('\n')
      .filter((l) => l.startsWith('http_requests_total'))
      .join('\n'),
  );
  assert.equal(sample(metrics, 'http_requests_total', { method: 'GET', route, status: '404' }), 1);
  assert.equal(
    sample(metrics, 'http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/tests', status: '202' }),
    1,
  );
  assert.equal(sample(metrics, 'queue_jobs', { queue: 'test-uptime', state: 'wait' }), 1);
  assert.ok((sample(metrics, 'queue_oldest_waiting_seconds', { queue: 'test-uptime' }) ?? -1) >= 0);
  assert.equal((await fetch(`${url}/metrics`)).status, 404, 'not on the public port');
});

test('API SIGTERM: stops accepting, finishes the request in flight, closes its keep-alive connection, exits', async () => {
  const { app, url } = await api();
  const { port } = new URL(url);
  const body = JSON.stringify({ url: `${slowTarget.url}/`, type: 'uptime' });
  // A request whose body is still arriving when SIGTERM comes, on a keep-alive connection (HTTP/1.1's
  // default, as a load balancer's pool keeps them): left open, it would go on serving whatever comes next.
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST /api/v1/tests HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${key}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
  );
  let answer = '';
  socket.on('data', (d) => {
    answer += d;
  });
  const ended = new Promise((resolve) => socket.once('end', resolve));
  await new Promise((r) => setTimeout(r, 200));
  const stopped = app.stop('SIGTERM');
  await app.waitFor(/shutting down/);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(
    await fetch(`${url}/healthz`).then(
      () => 'answered',
      () => 'refused',
    ),
    'refused',
    'new connections are refused',
  );
  const signalled = performance.now();
  socket.write(body.slice(10));
  await ended;
  assert.match(answer, /^HTTP\/1\.1 202/);
  assert.match(answer, /\r\nconnection: close\r\n/i, 'the client is told the connection ends with this answer');
  assert.equal(await stopped, 0);
  // Well under HTTP_KEEP_ALIVE_TIMEOUT_MS (65 s): a closed connection, not one waited out. (4 s was broken by
  // a loaded machine's exit, twice on 2026-11-29.)
  assert.ok(performance.now() - signalled < 30_000, 'exits without waiting out the keep-alive timeout');
  const id = /"id":"([^"]+)"/.exec(answer)![1]!;
  assert.equal((await env.db.test.findUniqueOrThrow({ where: { id } })).status, 'queued', 'the accepted test was kept');
});

test('a browser worker is not ready while it warms up, and a SIGTERM then lets it finish starting and exit 0', async () => {
  // Issue 35: a pod scaled away right after it started was killed mid-start (exit 143), and the kubelet
  // saw it ready before it could take a job.
  const port = await freePort();
  const worker = await startApp(
    'worker-browser',
    env.appEnv({ QUEUE_PREFIX, OPS_PORT: String(port), BROWSER_TEST_TYPES: 'lighthouse', BROWSER_WARM_UP: 'true' }),
    { ready: null },
  );
  const ops = `http://127.0.0.1:${port}`;
  await eventually(
    async () => ((await fetch(`${ops}/healthz`).catch(() => null))?.ok ? true : undefined),
    30_000,
    'alive',
  );
  const warming = await fetch(`${ops}/readyz`);
  assert.equal(warming.status, 503);
  assert.equal(((await warming.json()) as { checks: Record<string, string> }).checks.started, 'still starting');
  assert.equal(await worker.stop('SIGTERM'), 0, worker.output());
  assert.match(worker.output(), /"msg":"worker-browser ready"[\s\S]*"msg":"shutting down"/);
});

test('worker: ops port, test metrics, and SIGTERM mid-test finishes the test before exiting', async () => {
  const { url } = await api();
  const worker = await startApp(
    'worker-uptime',
    env.appEnv({ QUEUE_PREFIX, ALLOW_PRIVATE_TARGETS: 'true', OPS_PORT: '0', UPTIME_TIMEOUT_MS: '10000' }),
  );
  const ops = opsUrl(worker.output());
  assert.equal((await fetch(`${ops}/healthz`)).status, 200);
  assert.equal((await fetch(`${ops}/readyz`)).status, 200);

  const created = await call<{ id: string }>(`${url}/api/v1/tests`, {
    method: 'POST',
    token: key,
    body: { url: `${slowTarget.url}/`, type: 'uptime' },
  });
  const id = created.body.id;
  await eventually(
    async () => ((await env.db.test.findUniqueOrThrow({ where: { id } })).status === 'running' ? true : undefined),
    10_000,
    'test running',
  );
  const exit = worker.stop('SIGTERM');
  assert.equal(await exit, 0);
  const finished = await env.db.test.findUniqueOrThrow({ where: { id } });
  assert.equal(finished.status, 'completed', 'the worker finished its test before it exited');
  assert.equal((finished.result as { up: boolean }).up, true);

  // A second worker reports what it finished.
  const again = await startApp(
    'worker-uptime',
    env.appEnv({ QUEUE_PREFIX, ALLOW_PRIVATE_TARGETS: 'true', OPS_PORT: '0' }),
  );
  const second = await call<{ id: string }>(`${url}/api/v1/tests`, {
    method: 'POST',
    token: key,
    body: { url: `${slowTarget.url}/`, type: 'uptime' },
  });
  await eventually(
    async () =>
      (await env.db.test.findUniqueOrThrow({ where: { id: second.body.id } })).status === 'completed'
        ? true
        : undefined,
    15_000,
    'second test',
  );
  const metrics = await (await fetch(`${opsUrl(again.output())}/metrics`)).text();
  assert.equal(
    sample(metrics, 'test_duration_seconds_count', { type: 'uptime', outcome: 'completed', app: 'worker-uptime' }),
    1,
  );
  assert.equal(sample(metrics, 'queue_jobs', { queue: 'test-uptime', state: 'active' }), 0);
});

test('access logs: the request id (kept from X-Request-Id when one comes), the test id, never a report token', async () => {
  const { app, url } = await api();
  const created = await call<{ id: string; report_url: string }>(`${url}/api/v1/tests`, {
    method: 'POST',
    token: key,
    body: { url: `${slowTarget.url}/`, type: 'uptime' },
    headers: { 'X-Request-Id': 'lb-7f3a9c' },
  });
  assert.equal(created.headers.get('x-request-id'), 'lb-7f3a9c');
  const { id, report_url: reportUrl } = created.body;
  await call(`${url}/api/v1/tests/${id}`, { token: key });
  await fetch(reportUrl);
  await eventually(
    async () => (app.output().includes('/reports/[token]') ? true : undefined),
    5_000,
    'report request logged',
  );
  const lines = app
    .output()
    .split('\n')
    .filter((l) => l.includes('"msg":"request"'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const post = lines.find((l) => l.method === 'POST');
  assert.equal(post?.reqId, 'lb-7f3a9c');
  assert.equal(post?.testId, id);
  assert.equal(lines.find((l) => l.method === 'GET' && l.path === `/api/v1/tests/${id}`)?.testId, id);
  const token = new URL(reportUrl).pathname.split('/').pop()!;
  assert.ok(!app.output().includes(token), 'a report token reached the log');
});

test('access logs: no token of any token route, from the real log of a real API (issue 44: monitor pages and badges leaked)', async () => {
  const { app, url } = await api();
  const test = await call<{ id: string; report_url: string }>(`${url}/api/v1/tests`, {
    method: 'POST',
    token: key,
    body: { url: `${slowTarget.url}/`, type: 'uptime' },
  });
  const monitor = await call<{ report_url: string; badges: Record<string, string> }>(`${url}/api/v1/monitors`, {
    method: 'POST',
    token: key,
    body: { url: `${slowTarget.url}/`, type: 'uptime', interval_seconds: 300 },
  });
  assert.equal(monitor.status, 201, JSON.stringify(monitor.body));
  const reportToken = new URL(test.body.report_url).pathname.split('/')[2]!;
  const pageToken = new URL(monitor.body.report_url).pathname.split('/')[3]!;
  const badgeToken = new URL(monitor.body.badges.status!).pathname.split('/')[2]!;
  const guessed = 'gUeSsEdToKeN_0123456789abcdefghijklmnopqrst';
  // Each route as served, and the unserved shapes a token can still arrive in.
  const asked: Array<[string, string]> = [
    [`/reports/${reportToken}`, '/reports/[token]'],
    [`/reports/${reportToken}/compare/${reportToken}`, '/reports/[token]/compare/[token]'],
    [`/reports/monitors/${pageToken}?range=24h`, '/reports/monitors/[token]'],
    [`/Reports/Monitors/${pageToken}/`, '/Reports/Monitors/[token]/'],
    [`/badges/${badgeToken}/status.svg`, '/badges/[token]/status.svg'],
    [`/badges/${badgeToken}/uptime-24h.svg`, '/badges/[token]/uptime-24h.svg'],
    [`/badges/${pageToken}/status.svg`, '/badges/[token]/status.svg'],
    [`/reports/%6Donitors/${pageToken}`, '/reports/[token]/[token]'],
    [`/ping/${guessed}/start`, '/ping/[token]/start'],
    [`/confirm-email/${guessed}`, '/confirm-email/[token]'],
  ];
  const answers: number[] = [];
  for (const [path] of asked) answers.push((await fetch(`${url}${path}`)).status);
  // The monitor's page and badges were served (the log is of real answers); the page's token opens no badge.
  assert.deepEqual([answers[2], answers[3], answers[4], answers[5], answers[6]], [200, 200, 200, 200, 404]);
  const paths = () =>
    app
      .output()
      .split('\n')
      .filter((l) => l.includes('"msg":"request"') && l.includes('"method":"GET"'))
      .map((l) => (JSON.parse(l) as { path: string }).path);
  await eventually(
    async () => (paths().includes('/confirm-email/[token]') ? true : undefined),
    5_000,
    'the last page request logged',
  );
  const logged = paths();
  for (const [, masked] of asked) assert.ok(logged.includes(masked), `${masked} not in ${logged.join(' ')}`);
  for (const token of [reportToken, pageToken, badgeToken, guessed]) {
    assert.ok(!app.output().includes(token), `a token reached the log: ${token}`);
  }
});

test('the dispatcher re-queues a test whose job was lost, though no worker of its type runs (browser pods scale to zero)', async () => {
  const { url } = await api();
  const { key: paying } = await teamWithKey(env, { credits: 1 });
  const created = await call<{ id: string }>(`${url}/api/v1/tests`, {
    method: 'POST',
    token: paying,
    body: { url: `${slowTarget.url}/`, type: 'lighthouse' },
  });
  assert.equal(created.status, 202);
  const id = created.body.id;
  const redis = new Redis(env.redisUrl);
  after(() => redis.disconnect());
  const waitList = `${QUEUE_PREFIX}:test-lighthouse:wait`; // what KEDA's scaler reads
  assert.deepEqual(await redis.lrange(waitList, 0, -1), [id]);
  // Redis loses the job (or the API died between its commit and the enqueue).
  const queue = new Queue('test-lighthouse', { connection: redis, prefix: QUEUE_PREFIX });
  await queue.remove(id);
  assert.equal(await redis.llen(waitList), 0);
  const dispatcher = await startApp(
    'callback-dispatcher',
    env.appEnv({ QUEUE_PREFIX, SWEEP_INTERVAL_MS: '200', SWEEP_QUEUED_AFTER_MS: '0' }),
  );
  await eventually(
    async () => ((await redis.lrange(waitList, 0, -1)).includes(id) ? true : undefined),
    5_000,
    'job re-added',
  );
  assert.equal((await env.db.test.findUniqueOrThrow({ where: { id } })).status, 'queued');
  assert.equal(await dispatcher.stop('SIGTERM'), 0);
});

test("idle keep-alive connections outlast Node's 5 s default on the API's public, admin and ops ports and a worker's ops port (HTTP_KEEP_ALIVE_TIMEOUT_MS)", async () => {
  // A proxy (the ingress, a cloud load balancer) keeps its upstream connections 60 s and more: a request
  // it sends on one the server has closed meanwhile gets a reset, which it answers with a 502.
  const adminPort = await freePort();
  const { url, ops, app } = await api({ ADMIN_PORT: String(adminPort) });
  const worker = await startApp('callback-dispatcher', env.appEnv({ QUEUE_PREFIX, OPS_PORT: '0' }));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  after(() => agent.destroy());
  const targets = [
    { url: `${url}/api/v1/docs`, headers: {} },
    {
      url: `http://127.0.0.1:${adminPort}/admin/v1/teams/00000000-0000-0000-0000-000000000000`,
      headers: { authorization: `Bearer ${env.adminToken}` },
    },
    { url: `${ops}/healthz`, headers: {} },
    { url: `${opsUrl(worker.output())}/healthz`, headers: {} },
  ];
  /** Each target's answer, with the socket it came on. */
  const round = () =>
    Promise.all(
      targets.map(
        (t) =>
          new Promise<{ socket: Socket; keepAlive: string }>((resolve, reject) =>
            get(t.url, { agent, headers: t.headers }, (res) => {
              res.resume();
              res.on('end', () => resolve({ socket: res.socket, keepAlive: String(res.headers['keep-alive']) }));
            }).on('error', reject),
          ),
      ),
    );
  const first = await round();
  assert.deepEqual(
    first.map((a) => a.keepAlive),
    targets.map(() => 'timeout=65'),
    'each server tells clients how long it keeps an idle connection',
  );
  // Past Node's default (5 s, and its 1 s buffer), as a proxy's pooled connection idles between requests.
  await sleep(7_000);
  const second = await round();
  for (const [i, t] of targets.entries()) {
    const idle = `${t.url}: the idle connection was closed\n${app.output().slice(-2000)}`;
    assert.equal(second[i]!.socket, first[i]!.socket, idle);
  }
});
