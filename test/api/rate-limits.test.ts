import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, test } from 'node:test';
import { SlidingWindowLimiter } from '@pageprobe/api';
import { freePort } from '@pageprobe/local-services';
import { Redis } from 'ioredis';
import { assertProblem, call } from '../support/http.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

const env = await createTestEnv();
const ports = [await freePort(), await freePort()];
const origins = ports.map((p) => `http://127.0.0.1:${p}`);
// Two API replicas sharing one Redis and one PostgreSQL, with the default limits (60 reads, 10 writes).
await Promise.all(
  ports.map((port, i) => startInProcess('api', env.appEnv({ PORT: String(port), PUBLIC_BASE_URL: origins[i]! }))),
);

test('70 GETs in a minute across two API processes: exactly 60 succeed, 10 get 429 with Retry-After', async () => {
  const { key } = await teamWithKey(env);
  const results = [];
  for (let i = 0; i < 70; i++) {
    results.push(await call(`${origins[i % 2]}/api/v1/tests/${randomUUID()}`, { token: key }));
  }
  const ok = results.filter((r) => r.status === 404);
  const limited = results.filter((r) => r.status === 429);
  assert.equal(ok.length, 60);
  assert.equal(limited.length, 10);
  assert.ok(
    results.slice(0, 60).every((r) => r.status === 404),
    'the first 60 pass',
  );
  for (const r of limited) {
    assertProblem(r, 429, 'rate_limited');
    const retry = Number(r.headers.get('retry-after'));
    assert.ok(retry >= 1 && retry <= 60, `Retry-After ${retry}`);
    assert.equal(r.headers.get('ratelimit-policy'), '"reads";q=60;w=60');
    assert.match(String(r.headers.get('ratelimit')), /^"reads";r=0;t=\d+$/);
  }
  // Successful answers carry the headers too, counting down.
  assert.equal(results[0]!.headers.get('ratelimit-policy'), '"reads";q=60;w=60');
  assert.match(String(results[0]!.headers.get('ratelimit')), /^"reads";r=59;t=\d+$/);
  assert.match(String(results[59]!.headers.get('ratelimit')), /^"reads";r=0;t=\d+$/);
});

test('10 POST /tests a minute per key, counted apart from reads, per key', async () => {
  const { key, admin, teamId } = await teamWithKey(env);
  const post = (token: string, i: number) =>
    call(`${origins[i % 2]}/api/v1/tests`, {
      method: 'POST',
      token,
      body: { url: 'https://93.184.215.14/', type: 'uptime' },
    });
  const statuses = [];
  for (let i = 0; i < 12; i++) statuses.push((await post(key, i)).status);
  assert.deepEqual(statuses, [...Array(10).fill(202), 429, 429]);
  const last = await post(key, 0);
  assert.equal(last.headers.get('ratelimit-policy'), '"writes";q=10;w=60');
  // Reads are a separate budget, and another key of the same team has its own.
  assert.equal((await call(`${origins[0]}/api/v1/tests/${randomUUID()}`, { token: key })).status, 404);
  const other = (await admin.createApiKey(teamId, { scope: 'write' })).key;
  assert.equal((await post(other, 1)).status, 202);
});

test("many keys of one team: writes are per key (CONTRACT.md), but what a team may spend is the team's", async () => {
  // Issue 14: five keys give five write budgets, as the contract says; the free plan's lighthouse
  // allowance (FREE_LIGHTHOUSE_PER_HOUR, 3) and the credits are the team's, whatever key spends them.
  const { key, admin, teamId } = await teamWithKey(env, { plan: 'free' });
  const keys = [
    key,
    ...(await Promise.all([1, 2, 3, 4].map(async () => (await admin.createApiKey(teamId, { scope: 'write' })).key))),
  ];
  const statuses = [];
  for (const [i, k] of keys.entries()) {
    const res = await call(`${origins[i % 2]}/api/v1/tests`, {
      method: 'POST',
      token: k,
      body: { url: 'https://93.184.215.14/', type: 'lighthouse' },
    });
    statuses.push(res.status === 429 ? (res.body as { code: string }).code : res.status);
  }
  assert.deepEqual(statuses, [202, 202, 202, 'free_tier_rate_limited', 'free_tier_rate_limited']);
});

test('the window slides: no burst past the limit at a window edge', async () => {
  const redis = new Redis(env.redisUrl);
  after(() => redis.disconnect());
  const limiter = new SlidingWindowLimiter(redis, env.queuePrefix);
  const bucket = `edge-${randomUUID()}`;
  const take = () => limiter.take(bucket, 5, 1000);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const t0 = Date.now();
  for (let i = 0; i < 3; i++) assert.equal((await take()).allowed, true);
  await sleep(600 - (Date.now() - t0));
  for (let i = 0; i < 2; i++) assert.equal((await take()).allowed, true);
  const refused = await take();
  assert.equal(refused.allowed, false);
  assert.ok(refused.resetMs > 0 && refused.resetMs < 1000, `resetMs ${refused.resetMs}`);
  // A fixed one-second window would now allow 5 more; the sliding one frees only the 3 oldest.
  await sleep(1100 - (Date.now() - t0));
  const after1s = [];
  for (let i = 0; i < 5; i++) after1s.push((await take()).allowed);
  assert.deepEqual(after1s, [true, true, true, false, false]);
});

test('a key revoked through one replica is refused by the other at once', async () => {
  const { key, teamId } = await teamWithKey(env);
  const keyRow = await env.db.apiKey.findFirstOrThrow({ where: { teamId } });
  const probe = (origin: string) => call(`${origin}/api/v1/tests/${randomUUID()}`, { token: key });
  // Replica 1 has the key in its cache now.
  assert.equal((await probe(origins[1]!)).status, 404);
  const revoked = await call(`${origins[0]}/admin/v1/api-keys/${keyRow.id}`, {
    method: 'DELETE',
    token: env.adminToken,
  });
  assert.equal(revoked.status, 204);
  assertProblem(await probe(origins[0]!), 401, 'unauthorized');
  // The revocation is published to every replica; allow the message its trip through Redis.
  const deadline = Date.now() + 1_000;
  let status = 404;
  while (status !== 401 && Date.now() < deadline) {
    status = (await probe(origins[1]!)).status;
    if (status !== 401) await new Promise((r) => setTimeout(r, 50));
  }
  assert.equal(status, 401, 'still accepted 1 s after revocation');
});
