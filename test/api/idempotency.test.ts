import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startApiInProcess } from '../support/api-in-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const api = await startApiInProcess(env, {
  RATE_LIMIT_WRITES_PER_MIN: '100000',
  RATE_LIMIT_READS_PER_MIN: '100000',
  ENABLED_TEST_TYPES: 'uptime,seo_crawl,lighthouse',
});
const tests = `${api.origin}/api/v1/tests`;
const body = { url: 'https://93.184.215.14/', type: 'seo_crawl' };
const post = (key: string, idempotencyKey: string | undefined, payload: unknown = body) =>
  call<Record<string, unknown>>(tests, {
    method: 'POST',
    token: key,
    body: payload,
    headers: idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey },
  });
const balance = async (teamId: string) =>
  (await env.db.team.findUniqueOrThrow({ where: { id: teamId } })).creditsBalance;

test('a repeat with the same key and body returns the original test, replayed, and spends nothing', async () => {
  const { teamId, key } = await teamWithKey(env, { credits: 10 });
  const first = await post(key, 'order-1');
  assert.equal(first.status, 202);
  assert.equal(first.body.replayed, undefined);
  const again = await post(key, 'order-1');
  assert.equal(again.status, 200);
  assert.equal(again.body.replayed, true);
  assert.equal(again.body.id, first.body.id);
  assert.equal(again.body.status, 'queued');
  assert.equal(again.body.report_url, first.body.report_url);
  // Defaults count as given: the same request without them is the same request.
  const sameWithDefaults = await post(key, 'order-1', { ...body, device: 'mobile' });
  assert.equal(sameWithDefaults.status, 200);
  assert.equal(await balance(teamId), 9);
  assert.equal(await env.db.test.count({ where: { teamId } }), 1);
});

test('the same key with a different body is 422 idempotency_key_reused', async () => {
  const { teamId, key } = await teamWithKey(env, { credits: 10 });
  assert.equal((await post(key, 'k')).status, 202);
  assertProblem(await post(key, 'k', { ...body, url: 'https://93.184.215.15/' }), 422, 'idempotency_key_reused');
  assertProblem(await post(key, 'k', { ...body, device: 'desktop' }), 422, 'idempotency_key_reused');
  assert.equal(await env.db.test.count({ where: { teamId } }), 1);
  assert.equal(await balance(teamId), 9);
});

test('a key of 128 characters is accepted, 129 is 400', async () => {
  const { key } = await teamWithKey(env, { credits: 10 });
  assert.equal((await post(key, 'a'.repeat(128))).status, 202);
  assertProblem(await post(key, 'b'.repeat(129)), 400, 'validation_failed');
  assertProblem(await post(key, ''), 400, 'validation_failed');
});

test('50 parallel POSTs with one key make exactly one test and one debit', async () => {
  const { teamId, key } = await teamWithKey(env, { credits: 10 });
  const results = await Promise.all(Array.from({ length: 50 }, () => post(key, 'burst')));
  const statuses = results.map((r) => r.status);
  assert.equal(statuses.filter((s) => s === 202).length, 1, statuses.join(','));
  assert.ok(
    statuses.every((s) => s === 202 || s === 200 || s === 409),
    statuses.join(','),
  );
  assert.equal(new Set(results.filter((r) => r.status !== 409).map((r) => r.body.id)).size, 1);
  assert.equal(await env.db.test.count({ where: { teamId } }), 1);
  assert.equal(await env.db.creditLedgerEntry.count({ where: { teamId, reason: 'test' } }), 1);
  assert.equal(await balance(teamId), 9);
});

test('keys are scoped to the team', async () => {
  const a = await teamWithKey(env, { credits: 5 });
  const b = await teamWithKey(env, { credits: 5 });
  const fromA = await post(a.key, 'shared-name');
  const fromB = await post(b.key, 'shared-name');
  assert.equal(fromA.status, 202);
  assert.equal(fromB.status, 202);
  assert.notEqual(fromA.body.id, fromB.body.id);
});

test('a key is kept 24 hours; after that it starts a new test', async () => {
  const { teamId, key } = await teamWithKey(env, { credits: 5 });
  const first = await post(key, 'daily');
  const record = await env.db.idempotencyRecord.findUniqueOrThrow({ where: { teamId_key: { teamId, key: 'daily' } } });
  assert.equal(record.expiresAt.getTime() - record.createdAt.getTime(), 24 * 3600 * 1000);
  await env.db.idempotencyRecord.update({
    where: { teamId_key: { teamId, key: 'daily' } },
    data: { createdAt: new Date(Date.now() - 24 * 3600 * 1000 - 1000), expiresAt: new Date(Date.now() - 1000) },
  });
  const later = await post(key, 'daily');
  assert.equal(later.status, 202);
  assert.notEqual(later.body.id, first.body.id);
  assert.equal(await balance(teamId), 3);
});

test('a request refused for credits does not burn its key', async () => {
  const { teamId, key, admin } = await teamWithKey(env, { credits: 0 });
  assertProblem(await post(key, 'retry-me'), 402, 'insufficient_credits');
  await admin.adjustCredits(teamId, { amount: 1, reason: 'top-up' });
  assert.equal((await post(key, 'retry-me')).status, 202);
});
