// Issue 22 items 8 and 13: what an unauthenticated caller can make the API do is bounded per address.
// Unknown API keys each cost a database lookup, so an address that keeps sending them is refused before
// the lookup; report pages (public behind their token) have a per-address budget, and a finished
// report is rendered once, not on every hit. Addresses come from X-Forwarded-For behind one trusted hop.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { generateApiKey } from '@pageprobe/api';
import { createStorage } from '@pageprobe/storage';
import { freePort } from '@pageprobe/local-services';
import { startApiInProcess } from '../support/api-in-process.ts';
import { startApp } from '../support/app-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const { origin } = await startApiInProcess(env, {
  AUTH_FAILURES_PER_MIN: '5',
  ADMIN_AUTH_FAILURES_PER_MIN: '4',
  REPORTS_PER_MIN: '8',
  TRUST_PROXY_HOPS: '1',
});
const { key, teamId } = await teamWithKey(env);
const from = (address: string) => ({ 'x-forwarded-for': address });
// Well-formed (prefix, length, checksum) but issued to nobody: each one costs the API a lookup.
const unknownKey = () => generateApiKey().key;

test('an address that sends unknown keys is refused with 429 before the lookup; other addresses and cached keys go on', async () => {
  const credits = `${origin}/api/v1/credits`;
  assert.equal((await call(credits, { token: key, headers: from('198.51.100.7') })).status, 200);
  assert.equal(unknownKey().length, key.length, 'the unknown keys have the real format');
  for (let i = 0; i < 5; i++) {
    assertProblem(await call(credits, { token: unknownKey(), headers: from('198.51.100.7') }), 401, 'unauthorized');
  }
  const refused = await call(credits, { token: unknownKey(), headers: from('198.51.100.7') });
  assertProblem(refused, 429, 'rate_limited');
  const retryAfter = Number(refused.headers.get('retry-after'));
  assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  // The key this address already used is cached: it still works.
  assert.equal((await call(credits, { token: key, headers: from('198.51.100.7') })).status, 200);
  // Another address has its own budget.
  assertProblem(await call(credits, { token: unknownKey(), headers: from('203.0.113.9') }), 401, 'unauthorized');
});

test('report pages have a per-address budget: 429 with Retry-After, as an HTML page', async () => {
  for (let i = 0; i < 8; i++) {
    const res = await fetch(`${origin}/reports/${randomBytes(32).toString('base64url')}`, {
      headers: from('192.0.2.44'),
    });
    assert.equal(res.status, 404);
  }
  const refused = await fetch(`${origin}/reports/anything`, { headers: from('192.0.2.44') });
  assert.equal(refused.status, 429);
  assert.match(refused.headers.get('content-type') ?? '', /text\/html/);
  assert.ok(Number(refused.headers.get('retry-after')) >= 1);
  assert.equal(refused.headers.get('content-security-policy')?.includes("default-src 'none'"), true);
  const other = await fetch(`${origin}/reports/anything`, { headers: from('192.0.2.45') });
  assert.equal(other.status, 404);
});

test('a finished report is rendered once: later hits do not read its HAR again', async () => {
  const storage = createStorage(env.s3);
  await storage.ensureBucket();
  const har = (urls: string[]) =>
    JSON.stringify({
      log: {
        entries: urls.map((url, i) => ({
          request: { url },
          response: { status: 200, bodySize: 100 },
          startedDateTime: new Date(Date.UTC(2026, 10, 23) + i * 10).toISOString(),
          time: 5,
          timings: { wait: 5 },
        })),
      },
    });
  const token = randomBytes(32).toString('base64url');
  const row = await env.db.test.create({
    data: {
      teamId,
      type: 'lighthouse',
      url: 'https://example.com/',
      device: 'mobile',
      status: 'completed',
      reportToken: token,
      performanceScore: 90,
      completedAt: new Date(),
    },
  });
  const storageKey = `tests/${row.id}/page.har`;
  await storage.put(storageKey, har(['https://example.com/first-har-entry']), 'application/json');
  await env.db.artifact.create({
    data: { testId: row.id, kind: 'har', name: 'page.har', storageKey, contentType: 'application/json', sizeBytes: 1 },
  });
  const page = () => fetch(`${origin}/reports/${token}`, { headers: from('192.0.2.80') }).then((r) => r.text());
  const first = await page();
  assert.match(first, /first-har-entry/);
  await storage.put(storageKey, har(['https://example.com/replaced-entry']), 'application/json');
  const second = await page();
  assert.equal(second, first, 'the rendered page was kept');
  storage.close();
});

test('an address that keeps presenting wrong admin tokens gets 429, then even for the right one; right tokens and other addresses are not counted', async () => {
  const team = `${origin}/admin/v1/teams/${teamId}`;
  const guesser = from('203.0.113.9');
  // Right tokens and no token at all are not guesses.
  for (let i = 0; i < 6; i++) assert.equal((await call(team, { token: env.adminToken, headers: guesser })).status, 200);
  for (let i = 0; i < 6; i++) assertProblem(await call(team, { headers: guesser }), 401, 'unauthorized');
  for (let i = 0; i < 4; i++) {
    const guess = randomBytes(24).toString('base64url');
    assertProblem(await call(team, { token: guess, headers: guesser }), 401, 'unauthorized');
  }
  // Past the limit the token is not looked at: a right guess looks like a wrong one.
  for (const token of [randomBytes(24).toString('base64url'), env.adminToken]) {
    const refused = await call(team, { token, headers: guesser });
    assertProblem(refused, 429, 'rate_limited');
    const retryAfter = Number(refused.headers.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  }
  assert.equal((await call(team, { token: env.adminToken, headers: from('203.0.113.10') })).status, 200);
});

test('with ADMIN_PORT the admin API answers only on its own port, not on the public one', async () => {
  const [port, adminPort] = [await freePort(), await freePort()];
  const api = await startApp(
    'api',
    env.appEnv({ PORT: String(port), ADMIN_PORT: String(adminPort), LOG_LEVEL: 'info' }),
  );
  const auth = { authorization: `Bearer ${env.adminToken}` };
  const onPublic = await fetch(`http://127.0.0.1:${port}/admin/v1/teams/${teamId}`, { headers: auth });
  assert.equal(onPublic.status, 404);
  const onAdmin = await fetch(`http://127.0.0.1:${adminPort}/admin/v1/teams/${teamId}`, { headers: auth });
  assert.equal(onAdmin.status, 200, await onAdmin.text());
  const noToken = await fetch(`http://127.0.0.1:${adminPort}/admin/v1/teams/${teamId}`);
  assert.equal(noToken.status, 401);
  // The public API stays on the public port only.
  assert.equal((await fetch(`http://127.0.0.1:${adminPort}/api/v1/credits`)).status, 404);
  assert.equal(await api.stop('SIGTERM'), 0);
});
