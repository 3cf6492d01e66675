// One test through every tier, each app as its main.ts starts it (in this file's process): POST to the API, the row
// in PostgreSQL, the job in Redis, the uptime worker's real GET, the dispatcher's signed callback.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { waitForTest } from '@pageprobe/testing';
import { SignatureVerificationError, verifySignature } from '@pageprobe/webhook-verify';
import { call } from '../support/http.ts';
import { startServer } from '../support/servers.ts';
import { startInProcess } from '../support/stack.ts';
import { createTestEnv } from '../support/test-env.ts';
import { freePort } from '@pageprobe/local-services';

const env = await createTestEnv();
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const common = { ALLOW_PRIVATE_TARGETS: 'true', PUBLIC_BASE_URL: origin, SWEEP_INTERVAL_MS: '500' };
await Promise.all([
  startInProcess('api', env.appEnv({ ...common, PORT: String(port) })),
  startInProcess('worker-uptime', env.appEnv(common)),
  startInProcess('callback-dispatcher', env.appEnv(common)),
]);

const target = await startServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('hello'));
const receiver = await startServer();
const admin = (path: string, method = 'POST', body?: unknown) =>
  call<Record<string, string>>(`${origin}/admin/v1${path}`, { method, token: env.adminToken, body });

const team = (await admin('/teams', 'POST', { name: 'E2E', plan: 'pro' })).body;
const { secret } = (await admin(`/teams/${team.id}/webhook-secret`)).body;
const { key } = (await admin(`/teams/${team.id}/api-keys`, 'POST', { scope: 'write' })).body;
const api = `${origin}/api/v1`;

async function startUptimeTest(url: string) {
  const res = await call<Record<string, string>>(`${api}/tests`, {
    method: 'POST',
    token: key,
    body: { url, type: 'uptime', callback_url: `${receiver.url}/hooks/pageprobe` },
  });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  return res;
}

test('uptime test: queued, checked by the worker, signed callback delivered, GET shows completed', async () => {
  const created = await startUptimeTest(`${target.url}/health`);
  assert.equal(created.body.status, 'queued');
  assert.equal(created.body.type, 'uptime');
  assert.equal(created.headers.get('location'), `${origin}/api/v1/tests/${created.body.id}`);
  assert.match(created.body.report_url!, new RegExp(`^${origin}/reports/[A-Za-z0-9_-]{43}$`));

  const callback = await receiver.nth(1);
  assert.equal(callback.method, 'POST');
  assert.equal(callback.url, '/hooks/pageprobe');
  assert.equal(callback.headers['content-type'], 'application/json');
  assert.equal(callback.headers['x-service-event'], 'test.completed');
  assert.match(String(callback.headers['x-service-delivery']), /^[0-9a-f-]{36}$/);
  assert.match(String(callback.headers['user-agent']), /Pageprobe/);

  // Verified over the raw bytes, before parsing; a changed byte fails.
  const header = String(callback.headers['x-service-signature']);
  assert.match(header, /^t=\d+,v1=[0-9a-f]{64}$/);
  verifySignature(header, callback.raw, secret!);
  const tampered = Buffer.from(callback.raw);
  tampered[tampered.length - 2] = tampered.at(-2)! ^ 1;
  assert.throws(() => verifySignature(header, tampered, secret!), SignatureVerificationError);
  assert.throws(() => verifySignature(header, callback.raw, 'whsec_wrong'), SignatureVerificationError);

  const payload = JSON.parse(callback.raw.toString('utf8'));
  assert.deepEqual(Object.keys(payload).sort(), ['event', 'report_url', 'test']);
  assert.equal(payload.event, 'test.completed');
  assert.equal(payload.report_url, created.body.report_url);
  assert.deepEqual(Object.keys(payload.test).sort(), [
    'completed_at',
    'grade',
    'id',
    'performance_score',
    'status',
    'structure_score',
    'type',
    'url',
  ]);
  assert.equal(payload.test.id, created.body.id);
  assert.equal(payload.test.status, 'completed');
  assert.equal(payload.test.type, 'uptime');
  assert.equal(payload.test.url, `${target.url}/health`);
  assert.equal(payload.test.performance_score, null);

  // The target really was fetched by the worker.
  assert.ok(target.requests.some((r) => r.url === '/health' && r.method === 'GET'));

  const testView = await waitForTest<Record<string, any> & { status: string }>(origin, key!, created.body.id!, {
    timeoutMs: 10_000,
    settled: (t) => t.callback?.state === 'delivered',
  });
  assert.equal(testView.status, 'completed');
  assert.equal(testView.completed_at, payload.test.completed_at);
  assert.equal(testView.result.up, true);
  assert.equal(testView.result.status_code, 200);
  assert.equal(testView.result.size_bytes, 5);
  assert.equal(typeof testView.result.timings_ms.total, 'number');
  assert.equal(typeof testView.vitals.ttfb_ms, 'number');
  assert.equal(testView.error, null);
  assert.equal(testView.callback.attempts.length, 1);
  assert.equal(testView.callback.attempts[0].status_code, 204);
  assert.equal(testView.callback.attempts[0].number, 1);
});

test('a down target is a completed test with up: false; a team without a secret gets no signature header', async () => {
  assert.equal((await admin(`/teams/${team.id}/webhook-secret`, 'DELETE')).status, 204);
  const before = receiver.requests.length;
  const down = await startServer((_req, res) => res.writeHead(503).end('maintenance'));
  const created = await startUptimeTest(`${down.url}/`);
  const callback = await receiver.nth(before + 1);
  assert.equal(callback.headers['x-service-signature'], undefined);
  const payload = JSON.parse(callback.raw.toString('utf8'));
  assert.equal(payload.test.id, created.body.id);
  assert.equal(payload.test.status, 'completed');
  const res = await call<Record<string, any>>(`${api}/tests/${created.body.id}`, { token: key });
  assert.equal(res.body.result.up, false);
  assert.equal(res.body.result.reason, 'http_error');
  assert.equal(res.body.result.status_code, 503);
});
