// Issue 14, abuse of the API: hostile bodies and connections each get a clear 4xx, never a 500, and
// nothing is stored. The API runs as in production (its own process, its own HTTP server settings).
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { test } from 'node:test';
import { freePort } from '@pageprobe/local-services';
import { startApp } from '../support/app-process.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
await startApp(
  'api',
  env.appEnv({ PORT: String(port), HTTP_REQUEST_TIMEOUT_MS: '2000', RATE_LIMIT_WRITES_PER_MIN: '1000' }),
);
const { key, teamId } = await teamWithKey(env);

const post = async (body: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${origin}/api/v1/tests`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: text };
};
const valid = '"url":"https://example.com/","type":"uptime"';

test('prototype-pollution keys are unknown properties: 400 validation_failed, nothing polluted', async () => {
  for (const body of [
    `{${valid},"__proto__":{"admin":true}}`,
    `{${valid},"constructor":{"prototype":{"admin":true}}}`,
    `{"__proto__":{"type":"lighthouse"},${valid}}`,
  ]) {
    const res = await post(body);
    assert.equal(res.status, 400, res.body);
    assert.match(res.type, /application\/problem\+json/);
    assert.equal(JSON.parse(res.body).code, 'validation_failed');
  }
  assert.equal(({} as Record<string, unknown>).admin, undefined);
  assert.equal(await env.db.test.count({ where: { teamId } }), 0);
});

test('deeply nested JSON inside the size limit is a 400, not a stack overflow', async () => {
  for (const depth of [1_000, 30_000]) {
    const res = await post(`{${valid},"x":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    assert.equal(res.status, 400, `depth ${depth}: ${res.body.slice(0, 200)}`);
    assert.equal(JSON.parse(res.body).code, 'validation_failed');
  }
  // Past the body limit (256 KB for POST /tests) the nesting is never parsed.
  const huge = await post(`{${valid},"x":${'['.repeat(150_000)}${']'.repeat(150_000)}}`);
  assert.equal(huge.status, 413);
  assert.equal(await env.db.test.count({ where: { teamId } }), 0);
});

test('10,000 headers are refused by the server: 431, and the API goes on answering', async () => {
  const headers = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`x-h${i}`, '1']));
  const res = await fetch(`${origin}/api/v1/credits`, {
    headers: { authorization: `Bearer ${key}`, ...headers },
  }).catch((e: unknown) => e as Error);
  assert.ok(!(res instanceof Error), `the connection failed instead: ${res}`);
  assert.equal(res.status, 431);
  assert.equal((await fetch(`${origin}/healthz`)).status, 200);
});

test('a body that trickles in is cut at HTTP_REQUEST_TIMEOUT_MS with 408; nothing is stored', async () => {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const body = `{${valid}}`;
  socket.write(
    `POST /api/v1/tests HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  const started = performance.now();
  let sent = 0;
  const trickle = setInterval(() => {
    if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
  }, 500);
  const answer = await new Promise<string>((resolve) => {
    let data = '';
    socket.on('data', (d) => (data += d));
    socket.on('close', () => resolve(data));
  });
  clearInterval(trickle);
  const seconds = (performance.now() - started) / 1000;
  assert.match(answer, /^HTTP\/1\.1 408/, answer.slice(0, 100));
  assert.ok(seconds < 10, `the connection stayed open ${seconds.toFixed(1)} s`);
  assert.equal(await env.db.test.count({ where: { teamId } }), 0);
});
