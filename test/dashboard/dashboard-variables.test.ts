// Issue 59 item 5: the team's variables in the dashboard (Team → Variables). An editor adds a plain
// variable and a secret, replaces and deletes; the secret is shown as "sealed" and its value is in no page;
// a viewer sees the list without the forms and is refused a change; the audit log names the person.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSession, ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import { startDashboard } from '../support/dashboard.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const { base } = await startDashboard(env);
const { teamId } = await teamWithKey(env);
const SECRET = 'p4ss-Dashboard-Secret!';

async function sessionAs(email: string, role: 'viewer' | 'editor') {
  const user = await ensureUser(env.db, {
    email,
    passwordHash: await hashPassword('a long passphrase'),
    verified: true,
  });
  await setMembership(env.db, teamId, user.id, role);
  const { token, id } = await createSession(
    env.db,
    { userId: user.id, method: 'passkey', teamId },
    { idleMs: 3_600_000, maxMs: 3_600_000 },
  );
  const { csrfToken } = await env.db.session.findUniqueOrThrow({ where: { id } });
  const headers = { 'sec-fetch-site': 'same-origin', cookie: `pp_session=${token}` };
  return {
    get: async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
      return { status: res.status, text: await res.text() };
    },
    post: async (path: string, body: Record<string, string>) => {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: csrfToken, ...body }),
        redirect: 'manual',
      });
      return { status: res.status, location: res.headers.get('location'), text: await res.text() };
    },
  };
}

const editor = await sessionAs('editor@example.com', 'editor');
const viewer = await sessionAs('viewer@example.com', 'viewer');

test('an editor adds, replaces and deletes variables; a secret is shown as sealed, never its value', async () => {
  const team = await editor.get('/team');
  assert.match(team.text, /href="\/app\/variables"/);
  const added = await editor.post('/variables', { name: 'API_TOKEN', value: SECRET, secret: 'true' });
  assert.equal(added.status, 303, added.text);
  assert.equal((await editor.post('/variables', { name: 'HOST', value: 'shop.example.com' })).status, 303);
  let list = await editor.get('/variables');
  assert.equal(list.status, 200);
  assert.match(list.text, /\{\{secrets\.API_TOKEN\}\}/);
  assert.match(list.text, /\{\{vars\.HOST\}\}/);
  assert.match(list.text, /sealed/);
  assert.match(list.text, /shop\.example\.com/);
  assert.equal(list.text.includes(SECRET), false);

  assert.equal((await editor.post('/variables/API_TOKEN', { value: `${SECRET}-2` })).status, 303);
  const row = await env.db.teamVariable.findFirstOrThrow({ where: { teamId, name: 'API_TOKEN' } });
  assert.equal(row.secret, true, 'a replace keeps it secret');

  const bad = await editor.post('/variables', { name: '1bad', value: SECRET });
  assert.equal(bad.status, 400);
  assert.equal(bad.text.includes(SECRET), false, 'a refused form does not show the value again');

  const asked = await editor.post('/variables/HOST/delete', {});
  assert.equal(asked.status, 200, 'it asks first');
  assert.match(asked.text, /Delete the variable HOST/);
  assert.equal((await editor.post('/variables/HOST/delete', { confirmed: 'yes' })).status, 303);
  list = await editor.get('/variables');
  assert.equal(list.text.includes('{{vars.HOST}}'), false);

  const entries = await env.db.auditEntry.findMany({
    where: { teamId, action: { startsWith: 'variable.' } },
    orderBy: { createdAt: 'asc' },
  });
  assert.deepEqual(
    entries.map((e) => [e.action, e.actorEmail]),
    [
      ['variable.created', 'editor@example.com'],
      ['variable.created', 'editor@example.com'],
      ['variable.replaced', 'editor@example.com'],
      ['variable.deleted', 'editor@example.com'],
    ],
  );
  assert.equal(JSON.stringify(entries).includes(SECRET), false);
});

test('a viewer sees the list without its forms and may change nothing', async () => {
  const list = await viewer.get('/variables');
  assert.equal(list.status, 200);
  assert.match(list.text, /\{\{secrets\.API_TOKEN\}\}/);
  assert.equal(list.text.includes('Save variable'), false);
  assert.equal((await viewer.post('/variables', { name: 'X', value: 'y' })).status, 403);
  assert.equal((await viewer.post('/variables/API_TOKEN/delete', {})).status, 403);
});
