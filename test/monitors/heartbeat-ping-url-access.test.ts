// Issue 56, item 17: a heartbeat's ping URL is a key (whoever has it marks the monitor up, or down with
// /fail), so only those who may change the monitor see it. A viewer's pages never hold the token: every
// page of the dashboard's route table a viewer may open is fetched with the heartbeat's id and searched
// for it; an editor's page shows it. In the API a read key (the API's viewer) gets `ping_url: null`, a
// write key the URL.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allows, createSession, ensureUser, setMembership } from '@pageprobe/accounts';
import { ROUTES } from '@pageprobe/dashboard';
import type { TeamRole } from '@pageprobe/db';
import { startApiApp } from '../support/app-process.ts';
import { startDashboard } from '../support/dashboard.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

const env = await createTestEnv();
const { origin } = await startApiApp(env);
const { base } = await startDashboard(env, { PUBLIC_BASE_URL: origin });
// The dispatcher makes the partitions pings are stored in.
await startInProcess('callback-dispatcher', env.appEnv({ PUBLIC_BASE_URL: origin }));
const { teamId, key, admin } = await teamWithKey(env);
const readKey = (await admin.createApiKey(teamId, { scope: 'read' })).key;

const api = (path: string, token: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${origin}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });

const made = await api('/monitors', key, {
  method: 'POST',
  body: { type: 'heartbeat', name: 'Nightly backup', period_seconds: 3600, grace_seconds: 600 },
});
assert.equal(made.status, 201);
const heartbeat = (await made.json()) as { id: string; ping_url: string };
const { pingToken } = await env.db.monitor.findUniqueOrThrow({ where: { id: heartbeat.id } });
assert.ok(pingToken && heartbeat.ping_url.endsWith(`/ping/${pingToken}`), 'the write key that made it gets the URL');
// A ping, so the pings the viewer may read are listed.
for (let tries = 0; ; tries++) {
  const pinged = await fetch(heartbeat.ping_url, { method: 'POST', body: 'backup done' });
  if (pinged.status === 200) break;
  assert.ok(pinged.status === 503 && tries < 50, `ping ${pinged.status}`);
  await new Promise((r) => setTimeout(r, 200));
}

async function sessionCookie(role: TeamRole) {
  const user = await ensureUser(env.db, { email: `${role}@example.com`, passwordHash: null, verified: true });
  await setMembership(env.db, teamId, user.id, role);
  const { token } = await createSession(
    env.db,
    { userId: user.id, method: 'passkey', teamId },
    { idleMs: 3_600_000, maxMs: 3_600_000 },
  );
  return `pp_session=${token}`;
}

const page = async (path: string, cookie: string) => {
  const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: 'manual' });
  return { status: res.status, text: await res.text() };
};

test('a viewer sees the heartbeat and its pings, and no page of the dashboard gives its ping URL', async () => {
  const cookie = await sessionCookie('viewer');
  const own = await page(`/monitors/${heartbeat.id}`, cookie);
  assert.equal(own.status, 200);
  assert.match(own.text, /Nightly backup/);
  assert.match(own.text, /backup done/, 'the pings and their logs are shown');
  assert.match(own.text, /Members who may change this monitor see the URL its job pings/);
  assert.ok(!own.text.includes(pingToken!), "the monitor's page holds no ping token");
  assert.ok(!own.text.includes('/ping/'), 'nor any ping URL');

  // Every page a viewer may open, each path parameter the heartbeat's id.
  const opened = [];
  for (const route of ROUTES) {
    if (route.method !== 'get' || route.access === 'public') continue;
    if (route.access !== 'signed-in' && !allows('viewer', route.access)) continue;
    const path = route.path.replace(/:\w+/g, heartbeat.id);
    const answer = await page(path, cookie);
    opened.push(`${path} ${answer.status}`);
    assert.ok(!answer.text.includes(pingToken!), `${path} (${answer.status}) holds the ping token`);
  }
  console.log(`a viewer's pages searched for the token: ${opened.length}`);
  assert.ok(opened.length >= 10, opened.join(', '));
  assert.ok(opened.includes('/monitors 200'), 'the monitors list among them');
});

test('an editor, who may change it, sees the ping URL and how to call it', async () => {
  const own = await page(`/monitors/${heartbeat.id}`, await sessionCookie('editor'));
  assert.equal(own.status, 200);
  assert.ok(own.text.includes(`/ping/${pingToken}`), 'the ping URL is shown');
  assert.match(own.text, /Copy ping URL/);
});

test('the API: a read key gets ping_url null from GET /monitors and GET /monitors/{id}; a write key the URL', async () => {
  for (const [token, expected] of [
    [readKey, null],
    [key, heartbeat.ping_url],
  ] as const) {
    const one = await api(`/monitors/${heartbeat.id}`, token);
    assert.equal(one.status, 200);
    const text = await one.text();
    assert.equal((JSON.parse(text) as { ping_url: string | null }).ping_url, expected);
    const list = await api('/monitors', token);
    assert.equal(list.status, 200);
    const listed = (await list.json()) as { data: Array<{ id: string; ping_url: string | null }> };
    assert.equal(listed.data.find((m) => m.id === heartbeat.id)?.ping_url, expected);
    if (!expected) assert.ok(!text.includes(pingToken!), 'the read key sees no token anywhere in the monitor');
  }
});
