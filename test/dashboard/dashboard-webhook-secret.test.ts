// Issue 45: "a team generates a webhook secret in the dashboard". An admin generates it and rotates it in a
// real Chromium; the new secret is shown once; during the rotation's overlap a callback (sent by the
// dispatcher, its own process) carries two v1= signatures and verifies with either secret, with our
// verifier and Stripe's; a viewer is refused every one of these routes; each change is in the audit log,
// and so are the admin API's.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createSession, ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import { jobs, openQueue } from '@pageprobe/jobs';
import { verifySignature } from '@pageprobe/webhook-verify';
import { Redis } from 'ioredis';
import Stripe from 'stripe';
import { startApiInProcess } from '../support/api-in-process.ts';
import { fill, press, startBrowser, startDashboard } from '../support/dashboard.ts';
import { callbackThroughDispatcher } from '../support/deliveries.ts';
import { call } from '../support/http.ts';
import { type ReceivedRequest, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { startInProcess } from '../support/stack.ts';

const env = await createTestEnv();
const { origin } = await startApiInProcess(env);
await startInProcess(
  'callback-dispatcher',
  env.appEnv({ SWEEP_QUEUED_AFTER_MS: '600000', ALLOW_PRIVATE_TARGETS: 'true' }),
);
const { base } = await startDashboard(env);
const browser = await startBrowser();
const connection = new Redis(env.redisUrl, { maxRetriesPerRequest: null });
const callbacks = openQueue(jobs.callback, { connection, prefix: env.queuePrefix });
after(async () => {
  await callbacks.close();
  connection.disconnect();
});
const receiver = await startServer();
const { teamId } = await teamWithKey(env);

const PASSWORD = 'a long enough passphrase for tests';
async function member(email: string, role: 'viewer' | 'admin') {
  const user = await ensureUser(env.db, { email, passwordHash: await hashPassword(PASSWORD), verified: true });
  await setMembership(env.db, teamId, user.id, role);
  return user;
}
await member('admin@example.com', 'admin');
const viewer = await member('viewer@example.com', 'viewer');

const callback = () => callbackThroughDispatcher({ db: env.db, callbacks, receiver }, teamId);
const header = (r: ReceivedRequest) => String(r.headers['x-service-signature'] ?? '');
const v1s = (r: ReceivedRequest) =>
  header(r)
    .split(',')
    .filter((p) => p.startsWith('v1='));
/** Whether a receiver holding only `secret` accepts the callback: with our verifier, and with Stripe's. */
function verifies(r: ReceivedRequest, secret: string) {
  const accepts = (verify: () => unknown) => {
    try {
      verify();
      return true;
    } catch {
      return false;
    }
  };
  return [
    accepts(() => verifySignature(header(r), r.raw, secret)),
    accepts(() => Stripe.webhooks.constructEvent(r.raw, header(r), secret)),
  ];
}

const actions = async () =>
  (await env.db.auditEntry.findMany({ where: { teamId }, orderBy: { id: 'asc' } })).map((e) => ({
    action: e.action,
    by: e.actorEmail,
    via: (e.details as { via?: string }).via ?? null,
  }));

test('an admin generates and rotates the secret in the dashboard; during the overlap either secret verifies', async () => {
  const page = await browser.newPage();
  await page.goto(`${base}/sign-in`);
  await fill(page, 'Email', 'admin@example.com');
  await fill(page, 'Password', PASSWORD);
  await press(page, 'Sign in');
  await Promise.all([page.waitForNavigation(), page.click('::-p-aria([name="Team"][role="link"])')]);
  await Promise.all([page.waitForNavigation(), page.click('::-p-aria([name="API and MCP access"][role="link"])')]);
  await Promise.all([page.waitForNavigation(), page.click('::-p-aria([name="webhook secret"][role="link"])')]);
  assert.match(await page.$eval('main', (m) => m.textContent ?? ''), /no webhook secret/);

  await press(page, 'Generate secret');
  const shown = () => page.$eval('[data-testid="new-webhook-secret"]', (e) => e.textContent!.trim());
  const first = await shown();
  assert.match(first, /^whsec_[A-Za-z0-9_-]{43}$/);
  assert.equal((await env.db.team.findUniqueOrThrow({ where: { id: teamId } })).webhookSecret, first);
  const before = await callback();
  assert.equal(v1s(before).length, 1, header(before));
  assert.deepEqual(verifies(before, first), [true, true]);

  // Shown once: the page reloaded does not show it again.
  await page.goto(`${base}/webhook-secret`);
  assert.equal(await page.$('[data-testid="new-webhook-secret"]'), null);
  assert.ok(!(await page.content()).includes(first));

  const overlap = await page.$eval('input[name="overlap_hours"]', (i) => i.getAttribute('value'));
  assert.equal(overlap, '24', 'a day unless told');
  const rotatedAt = Date.now();
  await press(page, 'Rotate secret');
  const second = await shown();
  assert.match(second, /^whsec_[A-Za-z0-9_-]{43}$/);
  assert.notEqual(second, first);
  const text = await page.$eval('main', (m) => m.textContent ?? '');
  assert.match(text, /two signatures/, 'the page says what the overlap means');
  assert.match(text, /keeps signing beside it until/);
  const row = await env.db.team.findUniqueOrThrow({ where: { id: teamId } });
  assert.deepEqual([row.webhookSecret, row.webhookSecretPrevious], [second, first]);
  const day = row.webhookSecretPreviousExpiresAt!.getTime() - rotatedAt;
  assert.ok(Math.abs(day - 86_400_000) < 60_000, `${day} ms`);

  const during = await callback();
  assert.equal(v1s(during).length, 2, `t=…,v1=<new>,v1=<old>: ${header(during)}`);
  assert.deepEqual(verifies(during, second), [true, true], 'the new secret verifies');
  assert.deepEqual(verifies(during, first), [true, true], 'the old secret verifies');
  assert.deepEqual(verifies(during, 'whsec_neither'), [false, false]);

  await press(page, 'Remove secret');
  assert.ok((await env.db.team.findUniqueOrThrow({ where: { id: teamId } })).webhookSecret, 'it asks first');
  await press(page, 'Remove the webhook secret');
  assert.equal((await env.db.team.findUniqueOrThrow({ where: { id: teamId } })).webhookSecret, null);
  assert.equal(header(await callback()), '', 'no secret, no signature');

  assert.deepEqual(
    (await actions()).filter((a) => a.action.startsWith('webhook_secret.')),
    ['generated', 'rotated', 'removed'].map((verb) => ({
      action: `webhook_secret.${verb}`,
      by: 'admin@example.com',
      via: null,
    })),
  );
  await page.close();
});

test('a viewer gets 403 from every webhook secret route, and nothing changes', async () => {
  const { token, id } = await createSession(
    env.db,
    { userId: viewer.id, method: 'password', teamId },
    { idleMs: 3_600_000, maxMs: 86_400_000 },
  );
  const { csrfToken } = await env.db.session.findUniqueOrThrow({ where: { id } });
  const cookie = `pp_session=${token}`;
  const before = await env.db.team.findUniqueOrThrow({ where: { id: teamId } });
  const entries = (await actions()).length;
  // The cookie opens pages the viewer may see.
  assert.equal((await fetch(`${base}/members`, { headers: { cookie }, redirect: 'manual' })).status, 200);
  assert.equal((await fetch(`${base}/webhook-secret`, { headers: { cookie }, redirect: 'manual' })).status, 403);
  for (const action of ['generate', 'rotate', 'remove']) {
    const res = await fetch(`${base}/webhook-secret/${action}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ _csrf: csrfToken, overlap_hours: '24' }),
      redirect: 'manual',
    });
    assert.equal(res.status, 403, action);
  }
  const afterwards = await env.db.team.findUniqueOrThrow({ where: { id: teamId } });
  assert.equal(afterwards.webhookSecret, before.webhookSecret);
  assert.equal((await actions()).length, entries, 'nothing audited: nothing done');
});

test("the admin API's generate, rotate and delete are audited too, as the admin API", async () => {
  const admin = (path: string, method = 'POST', body?: unknown) =>
    call(`${origin}/admin/v1/teams/${teamId}${path}`, { method, token: env.adminToken, body });
  assert.equal((await admin('/webhook-secret')).status, 201);
  assert.equal((await admin('/webhook-secret/rotate', 'POST', { overlap_seconds: 60 })).status, 200);
  assert.equal((await admin('/webhook-secret', 'DELETE')).status, 204);
  const entries = await env.db.auditEntry.findMany({
    where: { teamId, details: { path: ['via'], equals: 'admin API' } },
    orderBy: { id: 'asc' },
  });
  assert.deepEqual(
    entries.map((e) => [e.action, e.actorId, e.actorEmail]),
    [
      ['webhook_secret.generated', null, null],
      ['webhook_secret.rotated', null, null],
      ['webhook_secret.removed', null, null],
    ],
  );
  assert.equal((entries[1]!.details as { overlap_seconds?: number }).overlap_seconds, 60);
  assert.match(entries[0]!.ip ?? '', /127\.0\.0\.1/);
});
