// Issue 56 item 6: a removed or demoted member's keys stop. An admin makes a write key in the dashboard and
// uses it on two API replicas (each has it cached for a few seconds); the owner removes them: the members
// page asks first, naming the key that will be revoked, and once confirmed the key is refused (401) on
// both replicas within a second (the revocation announced over Redis), its monitor pauses, and the audit
// log says so. The same for an admin demoted to editor; an owner made admin keeps their key (an admin may
// manage keys), and the team's key made by nobody (the admin API) keeps working.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSession, ensureUser, setMembership } from '@pageprobe/accounts';
import type { TeamRole } from '@pageprobe/db';
import { startApiApp } from '../support/app-process.ts';
import { startDashboard } from '../support/dashboard.ts';
import { call } from '../support/http.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const replicas = [
  (await startApiApp(env, { RATE_LIMIT_WRITES_PER_MIN: '1000' })).origin,
  (await startApiApp(env, { RATE_LIMIT_WRITES_PER_MIN: '1000' })).origin,
];
const { base } = await startDashboard(env, { PUBLIC_BASE_URL: replicas[0]! });
const team = await teamWithKey(env);

const member = async (email: string, role: TeamRole) => {
  const user = await ensureUser(env.db, { email, verified: true });
  await setMembership(env.db, team.teamId, user.id, role);
  return user;
};
const owner = await member('owner@example.com', 'owner');

/** A form of the dashboard sent as `userId` (a fresh passkey session, as a browser's). */
async function post(userId: string, path: string, body: Record<string, string> = {}) {
  const { token, id } = await createSession(
    env.db,
    { userId, method: 'passkey', teamId: team.teamId },
    { idleMs: 3_600_000, maxMs: 3_600_000 },
  );
  const { csrfToken } = await env.db.session.findUniqueOrThrow({ where: { id } });
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'sec-fetch-site': 'same-origin',
      cookie: `pp_session=${token}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ _csrf: csrfToken, ...body }),
    redirect: 'manual',
  });
  return { status: res.status, text: await res.text() };
}

/** A write key made by `userId` on the keys page, and a monitor made with it (the key now cached on both replicas). */
async function keyOf(userId: string, name: string) {
  const made = await post(userId, '/keys', { name, scope: 'write' });
  assert.equal(made.status, 201, made.text);
  const key = /data-testid="new-key">([^<]+)</.exec(made.text)![1]!;
  const monitor = await call<{ id: string }>(`${replicas[0]}/api/v1/monitors`, {
    method: 'POST',
    token: key,
    body: {
      type: 'heartbeat',
      name: `${name}'s job`,
      period_seconds: 3600,
      grace_seconds: 600,
      // Its monitor.paused callback is queued with the payload every channel is sent (it is never delivered).
      callback_url: 'http://127.0.0.1:9/hook',
    },
  });
  assert.equal(monitor.status, 201, JSON.stringify(monitor.body));
  for (const origin of replicas) assert.equal(await statusOn(origin, key), 200);
  return { key, monitorId: monitor.body.id };
}

const statusOn = async (origin: string, key: string) =>
  (await fetch(`${origin}/api/v1/monitors?limit=1`, { headers: { authorization: `Bearer ${key}` } })).status;

/** How long after `since` the key was refused on every replica, polled every 50 ms (up to 5 s). */
async function refusedEverywhereAfter(key: string, since: number) {
  for (;;) {
    const statuses = await Promise.all(replicas.map((origin) => statusOn(origin, key)));
    if (statuses.every((s) => s === 401)) return Date.now() - since;
    if (Date.now() - since > 5_000) return Number.POSITIVE_INFINITY;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function auditOf(action: string, target: string) {
  return env.db.auditEntry.findFirst({ where: { teamId: team.teamId, action, target }, orderBy: { id: 'desc' } });
}

test('a removed admin’s key is refused on both replicas within a second, once the page has said so and it is confirmed', async (t) => {
  const admin = await member('admin@example.com', 'admin');
  const { key, monitorId } = await keyOf(admin.id, 'deploys');

  const page = await fetch(`${base}/members`, {
    headers: { cookie: await sessionCookie(owner.id) },
  }).then((r) => r.text());
  assert.match(
    page,
    /admin@example\.com<br><small[^>]*>1 live API key they made: removing them, or a role below admin, revokes it/,
  );

  // The page asks first, and nothing changes until it is confirmed.
  const asked = await post(owner.id, `/members/${admin.id}/remove`);
  assert.equal(asked.status, 200);
  assert.match(asked.text, /Their 1 live API key will be revoked: they leave the team/);
  assert.match(asked.text, /the 1 monitor made with it pauses/);
  assert.match(asked.text, new RegExp(`<code>${key.slice(0, 8)}`));
  assert.ok(await env.db.membership.findFirst({ where: { userId: admin.id, teamId: team.teamId } }));
  for (const origin of replicas) assert.equal(await statusOn(origin, key), 200, 'not yet revoked');

  const confirmed = await post(owner.id, `/members/${admin.id}/remove`, { confirm: 'revoke-keys' });
  const at = Date.now();
  assert.equal(confirmed.status, 303, confirmed.text);
  const ms = await refusedEverywhereAfter(key, at);
  t.diagnostic(`removed: refused on both replicas ${ms} ms after the answer`);
  assert.ok(ms <= 1_000, `refused on both replicas ${ms} ms after the removal (the cache keeps a key 4 s)`);
  const write = await call(`${replicas[1]}/api/v1/monitors`, {
    method: 'POST',
    token: key,
    body: { type: 'heartbeat', period_seconds: 3600, grace_seconds: 600 },
  });
  assert.equal(write.status, 401, 'it makes no monitor');
  const monitor = await env.db.monitor.findUniqueOrThrow({ where: { id: monitorId } });
  assert.deepEqual([monitor.status, monitor.pausedReason], ['paused', 'key_revoked']);
  // Its alert names the monitor and links its page in the dashboard, in full (issue 56 item 10).
  const paused = await env.db.callbackDelivery.findFirstOrThrow({
    where: { event: 'monitor.paused', alert: { monitorId } },
  });
  const named = (JSON.parse(paused.payload) as { monitor: { name: string; dashboard_url: string } }).monitor;
  assert.deepEqual([named.name, named.dashboard_url], ["deploys's job", `${base}/monitors/${monitorId}`]);
  assert.equal(await statusOn(replicas[1]!, team.key), 200, 'the key nobody made (the admin API) still works');

  const removed = await auditOf('member.removed', 'admin@example.com');
  assert.deepEqual(removed?.details, { revoked_keys: 1, paused_monitors: 1 });
  const keyRow = await env.db.apiKey.findFirstOrThrow({ where: { createdById: admin.id } });
  const revoked = await auditOf('key.revoked', keyRow.id);
  assert.deepEqual(revoked?.details, { reason: 'member.removed', member: 'admin@example.com', prefix: keyRow.prefix });
});

test('an admin demoted to editor loses their keys the same way; an owner made admin keeps theirs', async (t) => {
  const admin = await member('demoted@example.com', 'admin');
  const { key } = await keyOf(admin.id, 'backups');
  const asked = await post(owner.id, `/members/${admin.id}/role`, { [`role-${admin.id}`]: 'editor' });
  assert.equal(asked.status, 200);
  assert.match(asked.text, /Their 1 live API key will be revoked: an editor cannot manage keys/);
  assert.equal((await env.db.membership.findFirstOrThrow({ where: { userId: admin.id } })).role, 'admin');

  const confirmed = await post(owner.id, `/members/${admin.id}/role`, { role: 'editor', confirm: 'revoke-keys' });
  const at = Date.now();
  assert.equal(confirmed.status, 303, confirmed.text);
  assert.equal((await env.db.membership.findFirstOrThrow({ where: { userId: admin.id } })).role, 'editor');
  const ms = await refusedEverywhereAfter(key, at);
  t.diagnostic(`demoted: refused on both replicas ${ms} ms after the answer`);
  assert.ok(ms <= 1_000, `refused on both replicas ${ms} ms after the demotion`);
  const changed = await auditOf('member.role_changed', 'demoted@example.com');
  assert.deepEqual(changed?.details, { from: 'admin', to: 'editor', revoked_keys: 1, paused_monitors: 1 });

  // An admin may manage keys: an owner made admin keeps theirs, and is not asked.
  const second = await member('second-owner@example.com', 'owner');
  const kept = await keyOf(second.id, 'owner key');
  const stepDown = await post(owner.id, `/members/${second.id}/role`, { [`role-${second.id}`]: 'admin' });
  assert.equal(stepDown.status, 303);
  await new Promise((r) => setTimeout(r, 1_000));
  for (const origin of replicas) assert.equal(await statusOn(origin, kept.key), 200);
});

async function sessionCookie(userId: string) {
  const { token } = await createSession(
    env.db,
    { userId, method: 'passkey', teamId: team.teamId },
    { idleMs: 3_600_000, maxMs: 3_600_000 },
  );
  return `pp_session=${token}`;
}
