import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signPayload } from '@pageprobe/webhook-verify';
import { verifyWebhook, WebhookVerificationError } from './webhook.ts';

const secret = 'whsec_client_test';
const body = '{"event":"test.completed","test":{"id":"t1"}}';
const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: unknown) => (e instanceof WebhookVerificationError ? e.reason : String(e)),
  );

test('verifies what the dispatcher signs, with Web Crypto only; 300 s of tolerance each way', async () => {
  const now = 1_700_000_000;
  const header = signPayload(secret, Buffer.from(body), now);
  assert.deepEqual(await verifyWebhook(header, body, secret, { now }), JSON.parse(body));
  assert.deepEqual(
    await verifyWebhook(header, new TextEncoder().encode(body), secret, { now: now + 300 }),
    JSON.parse(body),
  );
  assert.equal(await reason(verifyWebhook(header, body, secret, { now: now - 301 })), 'timestamp_out_of_tolerance');
  assert.equal(await reason(verifyWebhook(header, body.replace('t1', 't2'), secret, { now })), 'signature_mismatch');
  assert.equal(await reason(verifyWebhook(header, body, 'other', { now })), 'signature_mismatch');
  assert.equal(await reason(verifyWebhook(undefined, body, secret, { now })), 'missing_header');
  assert.equal(await reason(verifyWebhook('v1=abc', body, secret, { now })), 'malformed_header');
});

test('during a rotation (t=…,v1=<new>,v1=<old>) either secret verifies, a third does not', async () => {
  const now = 1_700_000_000;
  const header = signPayload(['whsec_new', 'whsec_old'], Buffer.from(body), now);
  assert.deepEqual(await verifyWebhook(header, body, 'whsec_new', { now }), JSON.parse(body));
  assert.deepEqual(await verifyWebhook(header, body, 'whsec_old', { now }), JSON.parse(body));
  assert.equal(await reason(verifyWebhook(header, body, 'whsec_other', { now })), 'signature_mismatch');
});
