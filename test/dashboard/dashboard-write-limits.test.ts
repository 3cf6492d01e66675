// Issue 56, item 3: the dashboard's forms have the API's write limit (RATE_LIMIT_WRITES_PER_MIN, 10 a
// minute by default), per person and team, in the API's sliding window in Redis. Fifteen POST /app/tests
// sent at once start ten tests; the other five answer 429 with Retry-After and a page saying when to try
// again, and start nothing. The same budget guards every other form that changes something (bulk monitor
// actions, channels' test messages): refused past it, changing nothing; adding a step row changes nothing. Another person of the team, and
// the same person in another team, have their own; signing out always works.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSession, ensureUser, setMembership } from '@pageprobe/accounts';
import type { TeamRole } from '@pageprobe/db';
import { startDashboard } from '../support/dashboard.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const WRITES = 10;
const env = await createTestEnv();
const { base } = await startDashboard(env, { RATE_LIMIT_WRITES_PER_MIN: String(WRITES) });
const { teamId } = await teamWithKey(env);
const { teamId: otherTeamId } = await teamWithKey(env);

async function member(email: string, role: TeamRole, teams = [teamId]) {
  const user = await ensureUser(env.db, { email, passwordHash: null, verified: true });
  for (const team of teams) await setMembership(env.db, team, user.id, role);
  return user;
}

/** A session of `userId` in `team`, as signing in makes one: its cookie and CSRF token. */
async function sessionOf(userId: string, team = teamId) {
  const { token, id } = await createSession(
    env.db,
    { userId, method: 'passkey', teamId: team },
    { idleMs: 3_600_000, maxMs: 3_600_000 },
  );
  const { csrfToken } = await env.db.session.findUniqueOrThrow({ where: { id } });
  return { cookie: `pp_session=${token}`, csrfToken };
}

/** A form sent from the dashboard's own page. */
async function post(session: { cookie: string; csrfToken: string }, path: string, body: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      cookie: session.cookie,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ _csrf: session.csrfToken, ...body }),
    redirect: 'manual',
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const startTest = (session: { cookie: string; csrfToken: string }, i: number) =>
  post(session, '/tests', { url: `https://93.184.215.14/burst-${i}`, type: 'uptime', device: 'mobile' });

function assertRefused(answer: Awaited<ReturnType<typeof post>>, what: string) {
  assert.equal(answer.status, 429, what);
  const retry = Number(answer.headers.get('retry-after'));
  assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= 60, `${what}: Retry-After ${retry}`);
  assert.equal(answer.headers.get('ratelimit-policy'), `"writes";q=${WRITES};w=60`);
  assert.match(String(answer.headers.get('ratelimit')), /^"writes";r=0;t=\d+$/);
  assert.match(answer.headers.get('content-type') ?? '', /text\/html/);
  assert.match(answer.text, /Too many changes/);
  assert.match(answer.text, new RegExp(`Try again in ${retry} s`), 'the page says when, as Retry-After does');
}

const monitorOf = (team: string) =>
  env.db.monitor.create({
    data: { teamId: team, type: 'uptime', url: 'https://93.184.215.14/', device: 'mobile', intervalSeconds: 300 },
  });

test('15 POST /app/tests at once: 10 start a test, 5 answer 429 with Retry-After and start none; other forms are refused too', async () => {
  const editor = await member('burst@example.com', 'editor', [teamId, otherTeamId]);
  const session = await sessionOf(editor.id);
  const monitor = await monitorOf(teamId);
  const channel = await env.db.alertChannel.create({
    data: { teamId, type: 'email', name: 'Ops mail', settings: { addresses: ['ops@example.com'] } },
  });

  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => startTest(session, i)));
  const ms = performance.now() - started;
  const statuses = answers.map((a) => a.status);
  console.log(`15 POST /app/tests in ${ms.toFixed(0)} ms: ${statuses.join(' ')}`);
  assert.equal(statuses.filter((s) => s === 303).length, WRITES, 'the write budget starts tests');
  for (const refused of answers.filter((a) => a.status !== 303)) assertRefused(refused, 'POST /tests past the budget');
  assert.equal(
    await env.db.test.count({ where: { teamId, url: { startsWith: 'https://93.184.215.14/burst-' } } }),
    WRITES,
    'no test was created beyond the budget',
  );

  // The budget is the person's in the team, whatever form spends it.
  const bulk = await post(session, '/monitors/bulk', { ids: monitor.id, action: 'pause' });
  assertRefused(bulk, 'a bulk pause past the budget');
  assert.equal((await env.db.monitor.findUniqueOrThrow({ where: { id: monitor.id } })).status, 'active');
  const message = await post(session, `/alert-channels/${channel.id}/test`);
  assertRefused(message, "a channel's test message past the budget");
  assert.equal(await env.db.callbackDelivery.count({ where: { channelId: channel.id } }), 0, 'no message was sent');

  // Adding or removing a step row only draws the form again: past the budget, it still answers.
  for (const path of ['/tests', '/monitors']) {
    const redrawn = await post(session, path, {
      type: 'browser',
      url: 'https://93.184.215.14/',
      step_rows: '2',
      steps_action: 'add',
    });
    assert.equal(redrawn.status, 200, `${path}: a row added past the budget`);
    assert.match(redrawn.text, /id="step_type_2"/);
  }

  // Another person of the team has a budget of their own; so has this person in another team.
  const colleague = await member('colleague@example.com', 'editor');
  assert.equal((await startTest(await sessionOf(colleague.id), 100)).status, 303);
  assert.equal((await startTest(await sessionOf(editor.id, otherTeamId), 101)).status, 303);
  // Leaving always works.
  const out = await post(session, '/sign-out');
  assert.equal(out.status, 303, 'signed out past the budget');
  assert.match(out.headers.get('location') ?? '', /\/sign-in$/);
});

test('bulk monitor actions: 10 a minute per person, the 11th answers 429 and changes no monitor', async () => {
  const editor = await member('bulk@example.com', 'editor');
  const session = await sessionOf(editor.id);
  const monitor = await monitorOf(teamId);
  const statuses = [];
  for (let i = 0; i < WRITES; i++) {
    statuses.push(
      (await post(session, '/monitors/bulk', { ids: monitor.id, action: i % 2 ? 'resume' : 'pause' })).status,
    );
  }
  assert.deepEqual(statuses, Array(WRITES).fill(303));
  assert.equal((await env.db.monitor.findUniqueOrThrow({ where: { id: monitor.id } })).status, 'active');
  const refused = await post(session, '/monitors/bulk', { ids: monitor.id, action: 'pause' });
  assertRefused(refused, 'the 11th bulk action');
  assert.equal((await env.db.monitor.findUniqueOrThrow({ where: { id: monitor.id } })).status, 'active', 'not paused');
  const entries = await env.db.auditEntry.count({ where: { teamId, target: monitor.id } });
  assert.equal(entries, WRITES, 'one audit entry per change made, none for the refused one');
});
