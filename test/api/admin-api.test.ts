import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { audit, openInvitation } from '@pageprobe/accounts';
import { hashApiKey } from '@pageprobe/api';
import { startSmtpServer } from '../support/smtp.ts';
import { startApiInProcess } from '../support/api-in-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const api = await startApiInProcess(env);
const admin = `${api.origin}/admin/v1`;
const as = (token = env.adminToken) => ({ token });

async function newTeam(plan: 'free' | 'pro' = 'pro') {
  const res = await call<{ id: string }>(`${admin}/teams`, { method: 'POST', ...as(), body: { name: 'Acme', plan } });
  assert.equal(res.status, 201);
  return res.body.id;
}

test('the admin OpenAPI document is served without a token', async () => {
  const res = await call(`${admin}/openapi.json`);
  assert.equal(res.status, 200);
  assert.equal(res.body.openapi, '3.1.0');
  assert.ok(Object.keys(res.body.paths as object).includes('/teams/{team_id}/api-keys'));
});

test('no token, a wrong token or another scheme gets 401 unauthorized', async () => {
  for (const token of [undefined, 'wrong-token-wrong-token-wrong', `${env.adminToken}x`]) {
    assertProblem(
      await call(`${admin}/teams`, { method: 'POST', token, body: { name: 'x', plan: 'free' } }),
      401,
      'unauthorized',
    );
  }
  const basic = await call(`${admin}/teams`, {
    method: 'POST',
    headers: { authorization: `Basic ${env.adminToken}` },
    body: {},
  });
  assertProblem(basic, 401, 'unauthorized');
  assert.equal(await env.db.team.count({ where: { name: 'x' } }), 0);
});

test('POST /teams creates a team with a zero balance; bad input is 400', async () => {
  const res = await call(`${admin}/teams`, { method: 'POST', ...as(), body: { name: 'Acme', plan: 'free' } });
  assert.equal(res.status, 201);
  assert.deepEqual(Object.keys(res.body).sort(), [
    'credits_balance',
    'default_location',
    'default_public_page',
    'id',
    'name',
    'plan',
  ]);
  assert.equal(res.body.default_location, null);
  assert.equal(res.body.default_public_page, true, "a new team's monitors have public pages unless it says otherwise");
  assert.equal(res.body.plan, 'free');
  assert.equal(res.body.credits_balance, 0);
  for (const body of [
    { name: 'A', plan: 'gold' },
    { plan: 'free' },
    { name: '', plan: 'pro' },
    { name: 'A', plan: 'pro', extra: 1 },
  ]) {
    assertProblem(await call(`${admin}/teams`, { method: 'POST', ...as(), body }), 400, 'validation_failed');
  }
  assertProblem(await call(`${admin}/teams`, { method: 'POST', ...as(), body: '{"name":' }), 400, 'validation_failed');
});

test('GET and PATCH /teams/{id}: read, change plan, 404 for an unknown team, 400 for a bad id', async () => {
  const id = await newTeam('free');
  assert.equal((await call(`${admin}/teams/${id}`, as())).body.plan, 'free');
  const patched = await call(`${admin}/teams/${id}`, { method: 'PATCH', ...as(), body: { plan: 'pro' } });
  assert.equal(patched.status, 200);
  assert.equal(patched.body.plan, 'pro');
  assert.equal((await env.db.team.findUniqueOrThrow({ where: { id } })).plan, 'pro');
  // The team's default for its new monitors' pages (issue 56, item 9), as the dashboard's settings set it.
  const closed = await call(`${admin}/teams/${id}`, { method: 'PATCH', ...as(), body: { default_public_page: false } });
  assert.deepEqual([closed.status, closed.body.default_public_page, closed.body.plan], [200, false, 'pro']);
  assert.equal((await env.db.team.findUniqueOrThrow({ where: { id } })).defaultPublicPage, false);
  assertProblem(
    await call(`${admin}/teams/${id}`, { method: 'PATCH', ...as(), body: { default_public_page: 'no' } }),
    400,
    'validation_failed',
  );
  assertProblem(
    await call(`${admin}/teams/${randomUUID()}`, { method: 'PATCH', ...as(), body: { plan: 'pro' } }),
    404,
    'not_found',
  );
  assertProblem(await call(`${admin}/teams/${randomUUID()}`, as()), 404, 'not_found');
  assertProblem(await call(`${admin}/teams/not-a-uuid`, as()), 400, 'validation_failed');
  assertProblem(
    await call(`${admin}/teams/${id}`, { method: 'PATCH', ...as(), body: { plan: 'platinum' } }),
    400,
    'validation_failed',
  );
});

test('POST /teams/{id}/api-keys returns the key once and stores only its hash', async () => {
  const id = await newTeam();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const res = await call<Record<string, string>>(`${admin}/teams/${id}/api-keys`, {
    method: 'POST',
    ...as(),
    body: { scope: 'read', name: 'ci', expires_at: expires },
  });
  assert.equal(res.status, 201);
  assert.match(res.body.key!, /^pp_live_[0-9A-Za-z]{38}$/);
  assert.equal(res.body.scope, 'read');
  assert.equal(res.body.name, 'ci');
  assert.equal(res.body.expires_at, expires);
  const row = await env.db.apiKey.findUniqueOrThrow({ where: { id: res.body.id! } });
  assert.equal(row.hash, hashApiKey(res.body.key!));
  assert.equal(row.prefix, res.body.key!.slice(0, 12));
  assert.ok(!JSON.stringify(row).includes(res.body.key!.slice(12)), 'the key itself is not stored');
  // The key works on the public API (a 404 for a missing test, not a 401).
  assertProblem(await call(`${api.origin}/api/v1/tests/${randomUUID()}`, { token: res.body.key }), 404, 'not_found');
});

test('api-keys: bad scope, past expiry and unknown team are refused', async () => {
  const id = await newTeam();
  const post = (teamId: string, body: unknown) =>
    call(`${admin}/teams/${teamId}/api-keys`, { method: 'POST', ...as(), body });
  assertProblem(await post(id, { scope: 'admin' }), 400, 'validation_failed');
  assertProblem(await post(id, {}), 400, 'validation_failed');
  assertProblem(await post(id, { scope: 'write', expires_at: 'tomorrow' }), 400, 'validation_failed');
  assertProblem(
    await post(id, { scope: 'write', expires_at: new Date(Date.now() - 1000).toISOString() }),
    400,
    'validation_failed',
  );
  assertProblem(await post(randomUUID(), { scope: 'write' }), 404, 'not_found');
  assert.equal(await env.db.apiKey.count({ where: { teamId: id } }), 0);
});

test('DELETE /api-keys/{id} stops the key at once; unknown key is 404', async () => {
  const id = await newTeam();
  const key = (
    await call<Record<string, string>>(`${admin}/teams/${id}/api-keys`, {
      method: 'POST',
      ...as(),
      body: { scope: 'write' },
    })
  ).body;
  const probe = () => call(`${api.origin}/api/v1/tests/${randomUUID()}`, { token: key.key });
  assert.equal((await probe()).status, 404);
  const del = await call(`${admin}/api-keys/${key.id}`, { method: 'DELETE', ...as() });
  assert.equal(del.status, 204);
  assertProblem(await probe(), 401, 'unauthorized');
  assert.equal(
    (await call(`${admin}/api-keys/${key.id}`, { method: 'DELETE', ...as() })).status,
    204,
    'revoking twice is harmless',
  );
  assertProblem(await call(`${admin}/api-keys/${randomUUID()}`, { method: 'DELETE', ...as() }), 404, 'not_found');
});

test('webhook secret: create, replace, delete', async () => {
  const id = await newTeam();
  const first = await call<{ secret: string }>(`${admin}/teams/${id}/webhook-secret`, { method: 'POST', ...as() });
  assert.equal(first.status, 201);
  assert.match(first.body.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
  const second = await call<{ secret: string }>(`${admin}/teams/${id}/webhook-secret`, { method: 'POST', ...as() });
  assert.notEqual(second.body.secret, first.body.secret);
  assert.equal((await env.db.team.findUniqueOrThrow({ where: { id } })).webhookSecret, second.body.secret);
  assert.equal((await call(`${admin}/teams/${id}/webhook-secret`, { method: 'DELETE', ...as() })).status, 204);
  assert.equal((await env.db.team.findUniqueOrThrow({ where: { id } })).webhookSecret, null);
  assertProblem(
    await call(`${admin}/teams/${randomUUID()}/webhook-secret`, { method: 'POST', ...as() }),
    404,
    'not_found',
  );
  assertProblem(
    await call(`${admin}/teams/${randomUUID()}/webhook-secret`, { method: 'DELETE', ...as() }),
    404,
    'not_found',
  );
});

test('credits: grants add up through the ledger, taking back past zero is 409, bad input 400', async () => {
  const id = await newTeam();
  const grant = (amount: unknown, reason: unknown = 'promo') =>
    call(`${admin}/teams/${id}/credits`, { method: 'POST', ...as(), body: { amount, reason } });
  assert.deepEqual((await grant(10)).body, { credits_balance: 10 });
  const second = await grant(5);
  assert.equal(second.status, 201);
  assert.deepEqual(second.body, { credits_balance: 15 });
  assert.deepEqual((await grant(-4, 'refund to card')).body, { credits_balance: 11 });
  assertProblem(await grant(-12, 'too much'), 409, 'insufficient_credits');
  assertProblem(await grant(0), 400, 'validation_failed');
  assertProblem(await grant(1.5), 400, 'validation_failed');
  assertProblem(await grant('10'), 400, 'validation_failed');
  assertProblem(await grant(3, ''), 400, 'validation_failed');
  assertProblem(
    await call(`${admin}/teams/${randomUUID()}/credits`, { method: 'POST', ...as(), body: { amount: 1, reason: 'x' } }),
    404,
    'not_found',
  );
  const entries = await env.db.creditLedgerEntry.findMany({ where: { teamId: id }, orderBy: { id: 'asc' } });
  assert.deepEqual(
    entries.map((e) => [e.delta, e.balanceAfter]),
    [
      [10, 10],
      [5, 15],
      [-4, 11],
    ],
  );
  assert.equal((await call(`${admin}/teams/${id}`, as())).body.credits_balance, 11);
});

test('credits with an Idempotency-Key move once however often the request is retried (issue 49)', async () => {
  // A grant whose answer was lost (a commit cut off by a failover, a 503 after the COMMIT went through)
  // is sent again with its key: the first answer comes back, and the ledger has one entry.
  const id = await newTeam();
  const grant = (amount: number, key: string, reason = 'prepaid') =>
    call(`${admin}/teams/${id}/credits`, {
      method: 'POST',
      ...as(),
      headers: { 'idempotency-key': key },
      body: { amount, reason },
    });
  assert.deepEqual((await grant(100, 'order-1')).body, { credits_balance: 100 });
  const [again, atOnce] = await Promise.all([grant(100, 'order-1'), grant(100, 'order-1')]);
  assert.deepEqual([again.status, again.body], [201, { credits_balance: 100 }]);
  assert.deepEqual(atOnce.body, { credits_balance: 100 });
  assert.deepEqual((await grant(50, 'order-2')).body, { credits_balance: 150 });
  // The first key's answer stays its own, not the balance of the moment.
  assert.deepEqual((await grant(100, 'order-1')).body, { credits_balance: 100 });
  assertProblem(await grant(7, 'order-1'), 422, 'idempotency_key_reused');
  assertProblem(await grant(100, 'order-1', 'another reason'), 422, 'idempotency_key_reused');
  // Another team may use the same key.
  const other = await newTeam();
  const theirs = await call(`${admin}/teams/${other}/credits`, {
    method: 'POST',
    ...as(),
    headers: { 'idempotency-key': 'order-1' },
    body: { amount: 3, reason: 'prepaid' },
  });
  assert.deepEqual(theirs.body, { credits_balance: 3 });
  const entries = await env.db.creditLedgerEntry.findMany({ where: { teamId: id }, orderBy: { id: 'asc' } });
  assert.deepEqual(
    entries.map((e) => [e.delta, e.requestKey]),
    [
      [100, 'order-1'],
      [50, 'order-2'],
    ],
  );
  assert.equal((await call(`${admin}/teams/${id}`, as())).body.credits_balance, 150);
});

test('unknown admin routes and methods are problem+json too', async () => {
  assertProblem(await call(`${admin}/nothing-here`, as()), 404, 'not_found');
  const res = await call(`${admin}/teams`, { method: 'PUT', ...as(), body: {} });
  assert.ok([404, 405].includes(res.status));
  assert.equal(res.headers.get('content-type')?.split(';')[0], 'application/problem+json');
});

// Issue 45: invitations and the audit log over the admin API.
test('POST /teams/{id}/invitations: a single-use link to the dashboard, 7 days, in the audit log', async () => {
  const id = await newTeam();
  const res = await call<{ id: string; url: string; expires_at: string }>(`${admin}/teams/${id}/invitations`, {
    method: 'POST',
    ...as(),
    body: { email: 'New.Person@Example.com', role: 'editor' },
  });
  assert.equal(res.status, 201);
  assert.deepEqual(Object.keys(res.body).sort(), ['expires_at', 'id', 'url']);
  const prefix = 'http://127.0.0.1:3001/app/invite/';
  assert.ok(res.body.url.startsWith(prefix), `the dashboard's default address: ${res.body.url}`);
  const token = res.body.url.slice(prefix.length);
  const invitation = await openInvitation(env.db, token);
  assert.ok(invitation, 'the link opens the invitation');
  assert.deepEqual(
    [invitation.id, invitation.email, invitation.role],
    [res.body.id, 'new.person@example.com', 'editor'],
  );
  const days = (new Date(res.body.expires_at).getTime() - invitation.createdAt.getTime()) / 86_400_000;
  assert.equal(Math.round(days), 7);
  assert.equal(await env.db.invitation.count({ where: { tokenHash: Buffer.from(token) } }), 0, 'stored hashed');
  const entry = await env.db.auditEntry.findFirstOrThrow({ where: { teamId: id, action: 'member.invited' } });
  assert.equal(entry.actorId, null);
  assert.equal(entry.target, 'new.person@example.com');
  assert.deepEqual(entry.details, { via: 'admin API', role: 'editor', mailed: false });

  const invite = (teamId: string, body: unknown) =>
    call(`${admin}/teams/${teamId}/invitations`, { method: 'POST', ...as(), body });
  assertProblem(await invite(id, { email: 'not an address', role: 'viewer' }), 400, 'validation_failed');
  assertProblem(await invite(id, { email: 'a@example.com', role: 'king' }), 400, 'validation_failed');
  assertProblem(await invite(id, { email: 'a@example.com' }), 400, 'validation_failed');
  assertProblem(await invite(randomUUID(), { email: 'a@example.com', role: 'viewer' }), 404, 'not_found');
  assertProblem(
    await call(`${admin}/teams/${id}/invitations`, {
      method: 'POST',
      body: { email: 'a@example.com', role: 'viewer' },
    }),
    401,
    'unauthorized',
  );
  assert.equal(await env.db.invitation.count({ where: { teamId: id } }), 1);
});

test('with SMTP_URL an invitation is mailed too, with the link under DASHBOARD_BASE_URL', async () => {
  const smtp = await startSmtpServer();
  const { mails } = smtp;
  const mailing = await startApiInProcess(env, {
    SMTP_URL: smtp.url,
    DASHBOARD_BASE_URL: 'https://pageprobe.example/app/',
  });
  const id = await newTeam();
  const res = await call<{ url: string }>(`${mailing.origin}/admin/v1/teams/${id}/invitations`, {
    method: 'POST',
    ...as(),
    body: { email: 'mailed@example.com', role: 'viewer' },
  });
  assert.equal(res.status, 201);
  assert.match(res.body.url, /^https:\/\/pageprobe\.example\/app\/invite\/[\w-]{43}$/);
  assert.equal(mails.length, 1, 'mailed before the answer');
  assert.equal(mails[0]!.subject, 'You are invited to Acme on Pageprobe');
  assert.ok(mails[0]!.text?.includes(res.body.url));
  const entry = await env.db.auditEntry.findFirstOrThrow({ where: { teamId: id, action: 'member.invited' } });
  assert.equal((entry.details as { mailed: boolean }).mailed, true);
});

test("GET /teams/{id}/audit-log: the team's entries, newest first, in keyset pages", async () => {
  const id = await newTeam();
  const other = await newTeam();
  for (const n of [1, 2, 3]) {
    await audit(env.db, { email: `p${n}@example.com`, ip: '203.0.113.9' }, { teamId: id, action: `thing.${n}` });
    await new Promise((r) => setTimeout(r, 5)); // a millisecond apart at least: the order is created_at's
  }
  await audit(env.db, {}, { teamId: other, action: 'elsewhere' });
  const page = (query: string) =>
    call<{ data: { action: string; actor_email: string; ip: string }[]; next_cursor: string | null }>(
      `${admin}/teams/${id}/audit-log${query}`,
      as(),
    );
  const first = await page('?limit=2');
  assert.equal(first.status, 200);
  assert.deepEqual(
    first.body.data.map((e) => e.action),
    ['thing.3', 'thing.2'],
  );
  assert.deepEqual(Object.keys(first.body.data[0]!).sort(), [
    'action',
    'actor_email',
    'actor_id',
    'created_at',
    'details',
    'id',
    'ip',
    'target',
    'user_agent',
  ]);
  assert.equal(first.body.data[0]!.actor_email, 'p3@example.com');
  assert.equal(first.body.data[0]!.ip, '203.0.113.9');
  assert.ok(first.body.next_cursor);
  // An entry written while paging does not shift the pages still to read.
  await new Promise((r) => setTimeout(r, 5));
  await audit(env.db, {}, { teamId: id, action: 'thing.4' });
  const second = await page(`?limit=2&cursor=${first.body.next_cursor}`);
  assert.deepEqual(
    second.body.data.map((e) => e.action),
    ['thing.1'],
  );
  assert.equal(second.body.next_cursor, null);
  assert.deepEqual(
    (await page('')).body.data.map((e) => e.action),
    ['thing.4', 'thing.3', 'thing.2', 'thing.1'],
  );
  assertProblem(await page('?limit=0'), 400, 'validation_failed');
  assertProblem(await page('?cursor=nonsense'), 400, 'validation_failed');
  assertProblem(await call(`${admin}/teams/${randomUUID()}/audit-log`, as()), 404, 'not_found');
  assertProblem(await call(`${admin}/teams/${id}/audit-log`), 401, 'unauthorized');
});
