// Issue 45: a team's webhook secret rotates with an overlap. The API (its own process) generates and
// rotates the secret, the dispatcher (its own process) signs each callback with every secret valid at
// that moment: `t=<ts>,v1=<new>,v1=<old>` during the overlap, as Stripe signs, so a receiver holding
// either secret verifies, with our helpers and with Stripe's own verifier; only the new one's after it.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, test } from 'node:test';
import { verifyWebhook } from '@pageprobe/client';
import { jobs, openQueue } from '@pageprobe/jobs';
import { verifySignature } from '@pageprobe/webhook-verify';
import { Redis } from 'ioredis';
import Stripe from 'stripe';
import { startApiApp, startApp } from '../support/app-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { type ReceivedRequest, startServer } from '../support/servers.ts';
import { createTestEnv } from '../support/test-env.ts';
import { callbackThroughDispatcher } from '../support/deliveries.ts';

const env = await createTestEnv();
const { origin, app: api } = await startApiApp(env, { LOG_LEVEL: 'debug' });
const dispatcher = await startApp(
  'callback-dispatcher',
  env.appEnv({ SWEEP_QUEUED_AFTER_MS: '600000', ALLOW_PRIVATE_TARGETS: 'true', LOG_LEVEL: 'debug' }),
);
const connection = new Redis(env.redisUrl, { maxRetriesPerRequest: null });
const callbacks = openQueue(jobs.callback, { connection, prefix: env.queuePrefix });
after(async () => {
  await callbacks.close();
  connection.disconnect();
});

/** Every secret the API answered with, to look for in the logs. */
const issued: string[] = [];
async function admin<T = Record<string, string>>(path: string, method = 'POST', body?: unknown) {
  const res = await call<T>(`${origin}/admin/v1${path}`, { method, token: env.adminToken, body });
  const secret = (res.body as { secret?: unknown } | null)?.secret;
  if (typeof secret === 'string') issued.push(secret);
  return res;
}
const team = (await admin('/teams', 'POST', { name: 'Rotating', plan: 'pro' })).body;
const receiver = await startServer();

const callback = () => callbackThroughDispatcher({ db: env.db, callbacks, receiver }, team.id!);

const header = (r: ReceivedRequest) => String(r.headers['x-service-signature']);
const signatures = (r: ReceivedRequest) =>
  header(r)
    .split(',')
    .filter((p) => p.startsWith('v1='));

/** Which of the receivers' verifiers accept the callback with this one secret. */
async function verifiedBy(r: ReceivedRequest, secret: string) {
  const accepts = async (verify: () => unknown) => {
    try {
      await verify();
      return true;
    } catch {
      return false;
    }
  };
  return {
    webhookVerify: await accepts(() => verifySignature(header(r), r.raw, secret)),
    client: await accepts(() => verifyWebhook(header(r), r.raw, secret)),
    // Stripe's own verifier (stripe-node), as a receiver already verifying Stripe's events would call it.
    stripe: await accepts(() => Stripe.webhooks.constructEvent(r.raw, header(r), secret)),
  };
}
const all = { webhookVerify: true, client: true, stripe: true };
const none = { webhookVerify: false, client: false, stripe: false };

test('rotate, through the API and the dispatcher: either secret verifies during the overlap, the new one alone after it', async () => {
  assertProblem(await admin(`/teams/${team.id}/webhook-secret/rotate`), 409, 'no_webhook_secret');

  const first = (await admin(`/teams/${team.id}/webhook-secret`)).body.secret!;
  const before = await callback();
  assert.equal(signatures(before).length, 1, header(before));
  assert.deepEqual(await verifiedBy(before, first), all);

  const overlapSeconds = 8;
  const rotatedAt = Date.now();
  const rotated = await admin<{ secret: string; previous_expires_at: string }>(
    `/teams/${team.id}/webhook-secret/rotate`,
    'POST',
    { overlap_seconds: overlapSeconds },
  );
  assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
  assert.deepEqual(Object.keys(rotated.body).sort(), ['previous_expires_at', 'secret']);
  const second = rotated.body.secret;
  assert.match(second, /^whsec_[A-Za-z0-9_-]{43}$/);
  assert.notEqual(second, first);
  const expiresAt = Date.parse(rotated.body.previous_expires_at);
  assert.ok(Math.abs(expiresAt - (rotatedAt + overlapSeconds * 1000)) < 2_000, rotated.body.previous_expires_at);

  const during = await callback();
  assert.ok(during.at < expiresAt, 'the callback arrived within the overlap');
  // t=<ts>,v1=<new>,v1=<old>: the new secret's signature first, then the old one's.
  const [t, newest, oldest] = header(during).split(',');
  const hmac = (secret: string) =>
    `v1=${createHmac('sha256', secret)
      .update(`${t!.slice(2)}.`)
      .update(during.raw)
      .digest('hex')}`;
  assert.deepEqual([newest, oldest], [hmac(second), hmac(first)], header(during));
  assert.deepEqual(await verifiedBy(during, second), all, 'the new secret alone verifies');
  assert.deepEqual(await verifiedBy(during, first), all, 'the old secret alone verifies');
  assert.deepEqual(await verifiedBy(during, 'whsec_neither_of_them'), none);

  await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 250));
  const afterwards = await callback();
  assert.equal(signatures(afterwards).length, 1, header(afterwards));
  assert.deepEqual(await verifiedBy(afterwards, second), all, 'the new secret verifies');
  assert.deepEqual(await verifiedBy(afterwards, first), none, 'the old secret no longer does');

  assert.equal((await admin(`/teams/${team.id}/webhook-secret`, 'DELETE')).status, 204);
  const row = await env.db.team.findUniqueOrThrow({ where: { id: team.id! } });
  assert.deepEqual(
    [row.webhookSecret, row.webhookSecretPrevious, row.webhookSecretPreviousExpiresAt],
    [null, null, null],
  );
  assert.equal((await callback()).headers['x-service-signature'], undefined);
});

test('a rotation during an overlap keeps two secrets: the oldest ends at once; generating ends the overlap', async () => {
  const other = (await admin('/teams', 'POST', { name: 'Twice', plan: 'pro' })).body;
  const a = (await admin(`/teams/${other.id}/webhook-secret`)).body.secret;
  const b = (await admin(`/teams/${other.id}/webhook-secret/rotate`)).body.secret;
  let row = await env.db.team.findUniqueOrThrow({ where: { id: other.id! } });
  assert.deepEqual([row.webhookSecret, row.webhookSecretPrevious], [b, a]);
  // No overlap given: a day.
  const day = row.webhookSecretPreviousExpiresAt!.getTime() - Date.now();
  assert.ok(Math.abs(day - 86_400_000) < 60_000, `${day} ms`);
  const c = (await admin(`/teams/${other.id}/webhook-secret/rotate`, 'POST', { overlap_seconds: 600 })).body.secret;
  row = await env.db.team.findUniqueOrThrow({ where: { id: other.id! } });
  assert.deepEqual([row.webhookSecret, row.webhookSecretPrevious], [c, b]);
  const d = (await admin(`/teams/${other.id}/webhook-secret`)).body.secret;
  row = await env.db.team.findUniqueOrThrow({ where: { id: other.id! } });
  assert.deepEqual([row.webhookSecret, row.webhookSecretPrevious, row.webhookSecretPreviousExpiresAt], [d, null, null]);
});

test('rotate: an overlap out of 1 s..7 days or an unknown field is 400, an unknown team 404; nothing changes', async () => {
  const before = await env.db.team.findUniqueOrThrow({ where: { id: team.id! } });
  for (const body of [{ overlap_seconds: 0 }, { overlap_seconds: 604_801 }, { overlap_seconds: 1.5 }, { other: 1 }]) {
    assertProblem(await admin(`/teams/${team.id}/webhook-secret/rotate`, 'POST', body), 400, 'validation_failed');
  }
  assertProblem(await admin(`/teams/${crypto.randomUUID()}/webhook-secret/rotate`), 404, 'not_found');
  const unchanged = await env.db.team.findUniqueOrThrow({ where: { id: team.id! } });
  assert.equal(unchanged.webhookSecret, before.webhookSecret);
});

test('Stripe’s form both ways: a header Stripe’s helper signs for two secrets passes our verifier with either', () => {
  const payload = '{"event":"test.completed","test":{"id":"t1"}}';
  const timestamp = Math.floor(Date.now() / 1000);
  const signed = (secret: string) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }).split(',')[1]!;
  const stripeHeader = `t=${timestamp},${signed('whsec_new')},${signed('whsec_old')}`;
  for (const secret of ['whsec_new', 'whsec_old']) {
    assert.equal(verifySignature(stripeHeader, payload, secret), timestamp);
    assert.ok(Stripe.webhooks.constructEvent(payload, stripeHeader, secret));
  }
});

test('neither the API nor the dispatcher logs a secret or a signature', () => {
  const output = `${api.output()}\n${dispatcher.output()}`;
  assert.match(output, /callback attempt/);
  for (const secret of issued) assert.ok(!output.includes(secret), 'a secret was logged');
  assert.doesNotMatch(output, /v1=[0-9a-f]{64}/);
});
