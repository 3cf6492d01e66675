// Who may call the public API (the spec's section 5), and what POST /tests refuses before writing.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { createAdminService, generateApiKey } from '@pageprobe/api';
import { startApiInProcess } from '../support/api-in-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
// Limits raised: this file is about who may call, not how often (rate-limits.test.ts is).
const api = await startApiInProcess(env, { RATE_LIMIT_READS_PER_MIN: '10000', RATE_LIMIT_WRITES_PER_MIN: '10000' });
const base = `${api.origin}/api/v1`;
const admin = createAdminService(env.db);
const team = await admin.createTeam({ name: 'auth', plan: 'pro' });
const write = await admin.createApiKey(team.id, { scope: 'write' });
const read = await admin.createApiKey(team.id, { scope: 'read' });
const someTest = () => call(`${base}/tests/${randomUUID()}`, { token: write.key });

test('the OpenAPI document needs no key', async () => {
  const res = await call(`${base}/openapi.json`);
  assert.equal(res.status, 200);
  assert.equal(res.body.openapi, '3.1.0');
  assert.deepEqual(res.body.servers, [{ url: `${api.origin}/api/v1` }]);
});

test('missing, malformed, unknown and revoked keys all get the same 401 unauthorized', async () => {
  const revoked = await admin.createApiKey(team.id, { scope: 'write' });
  await admin.revokeApiKey(revoked.id);
  const bodies = [];
  const attempts: Array<Record<string, string>> = [
    {},
    { authorization: 'Bearer' },
    { authorization: `Basic ${write.key}` },
    { authorization: 'Bearer pp_live_short' },
    // One character of the checksum changed (to another: a key ending in x would otherwise stay valid).
    { authorization: `Bearer ${write.key.slice(0, -1)}${write.key.endsWith('x') ? 'y' : 'x'}` },
    { authorization: `Bearer ${generateApiKey().key}` },
    { authorization: `Bearer ${revoked.key}` },
  ];
  for (const headers of attempts) {
    const res = await call(`${base}/tests/${randomUUID()}`, { headers });
    assertProblem(res, 401, 'unauthorized');
    assert.match(String(res.headers.get('www-authenticate')), /^Bearer/);
    bodies.push(res.body);
  }
  assert.equal(new Set(bodies.map((b) => JSON.stringify(b))).size, 1, 'indistinguishable answers');
});

test('an expired key gets 401 api_key_expired with detail "API key expired"', async () => {
  const expiresAt = Date.now() + 1500;
  const key = await admin.createApiKey(team.id, { scope: 'write', expires_at: new Date(expiresAt).toISOString() });
  assert.equal((await call(`${base}/tests/${randomUUID()}`, { token: key.key })).status, 404);
  await new Promise((resolve) => setTimeout(resolve, expiresAt - Date.now() + 50));
  const res = await call(`${base}/tests/${randomUUID()}`, { token: key.key });
  assertProblem(res, 401, 'api_key_expired');
  assert.equal(res.body.detail, 'API key expired');
});

test('a read key may read but not start a test (403 insufficient_scope)', async () => {
  assertProblem(await call(`${base}/tests/${randomUUID()}`, { token: read.key }), 404, 'not_found');
  const res = await call(`${base}/tests`, {
    method: 'POST',
    token: read.key,
    body: { url: 'https://example.com', type: 'uptime' },
  });
  assertProblem(res, 403, 'insufficient_scope');
  assert.equal(await env.db.test.count(), 0);
});

test("another team's test is 404, like a missing one", async () => {
  const other = await admin.createTeam({ name: 'other', plan: 'pro' });
  const row = await env.db.test.create({
    data: {
      teamId: other.id,
      type: 'uptime',
      url: 'https://example.com/',
      device: 'mobile',
      reportToken: randomUUID(),
    },
  });
  assertProblem(await call(`${base}/tests/${row.id}`, { token: write.key }), 404, 'not_found');
  assertProblem(await someTest(), 404, 'not_found');
});

test('private, loopback and metadata targets are refused with 400 url_not_allowed', async () => {
  for (const url of [
    'http://127.0.0.1/',
    'http://127.1/',
    'http://2130706433/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://localhost:3000/',
    'http://10.0.0.8/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.1.1/',
    // Aliases of loopback and names that only resolve inside a network, refused before they resolve.
    'http://localhost./',
    'http://LOCALHOST/',
    'http://app.localhost./',
    'http://intranet/',
    'http://db.internal/',
    'http://[::127.0.0.1]/',
    'http://[::ffff:0:7f00:1]/',
  ]) {
    const res = await call(`${base}/tests`, { method: 'POST', token: write.key, body: { url, type: 'uptime' } });
    assertProblem(res, 400, 'url_not_allowed');
  }
  const callback = await call(`${base}/tests`, {
    method: 'POST',
    token: write.key,
    body: { url: 'https://93.184.215.14/', type: 'uptime', callback_url: 'http://93.184.215.14/hook' },
  });
  assertProblem(callback, 400, 'url_not_allowed');
  assert.equal(await env.db.test.count({ where: { teamId: team.id } }), 0);
});

test('malformed input is 400 validation_failed; wrong content type 415; oversized body 413', async () => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    call(`${base}/tests`, { method: 'POST', token: write.key, body, headers });
  assertProblem(await post({}), 400, 'validation_failed');
  assertProblem(await post({ url: 'https://example.com', type: 'speed' }), 400, 'validation_failed');
  assertProblem(await post({ url: 'https://example.com', device: 'tablet' }), 400, 'validation_failed');
  assertProblem(await post({ url: `https://example.com/${'a'.repeat(2048)}` }), 400, 'validation_failed');
  assertProblem(await post('{"url":'), 400, 'validation_failed');
  // A string that is not an absolute URL is invalid input, not a refused address.
  for (const url of ['not a url', '/relative', 'example.com']) {
    const res = await post({ url, type: 'uptime' });
    assertProblem(res, 400, 'validation_failed');
    assert.match(JSON.stringify(res.body), /body\.url/);
  }
  const badCallback = await post({ url: 'https://example.com', type: 'uptime', callback_url: 'not a url' });
  assertProblem(badCallback, 400, 'validation_failed');
  assertProblem(
    await post('url=https://example.com', { 'content-type': 'application/x-www-form-urlencoded' }),
    415,
    'unsupported_media_type',
  );
  assertProblem(await post({ url: 'https://example.com', pad: 'x'.repeat(300_000) }), 413, 'payload_too_large');
});
