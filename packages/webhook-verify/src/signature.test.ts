import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { test } from 'node:test';
import { SignatureVerificationError, signPayload, verifySignature } from './signature.ts';

const secret = 'whsec_test_secret';
const body = Buffer.from('{"event":"test.completed","test":{"id":"t1"}}');
const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof SignatureVerificationError);
    return error.reason;
  }
  return 'accepted';
};

test('header is t=<unix seconds>,v1=<hmac-sha256 of "<t>.<body>" in 64 lowercase hex>', () => {
  const header = signPayload(secret, body, 1_700_000_000);
  const expected = createHmac('sha256', secret).update(`1700000000.${body.toString()}`).digest('hex');
  assert.equal(header, `t=1700000000,v1=${expected}`);
  assert.match(header, /^t=\d+,v1=[0-9a-f]{64}$/);
});

test('accepts a fresh signature over the raw bytes', () => {
  const now = 1_700_000_000;
  assert.equal(verifySignature(signPayload(secret, body, now), body, secret, { now }), now);
});

test('rejects one changed byte, a wrong secret, a missing or malformed header', () => {
  const now = 1_700_000_000;
  const header = signPayload(secret, body, now);
  const changed = Buffer.from(body);
  changed[5] = changed[5]! ^ 1;
  assert.equal(
    reason(() => verifySignature(header, changed, secret, { now })),
    'signature_mismatch',
  );
  assert.equal(
    reason(() => verifySignature(header, body, 'other', { now })),
    'signature_mismatch',
  );
  assert.equal(
    reason(() => verifySignature(undefined, body, secret, { now })),
    'missing_header',
  );
  assert.equal(
    reason(() => verifySignature('v1=abc', body, secret, { now })),
    'malformed_header',
  );
});

test('tolerance is 300 seconds: 300 away passes, 301 away fails, both directions', () => {
  const signedAt = 1_700_000_000;
  const header = signPayload(secret, body, signedAt);
  assert.equal(
    reason(() => verifySignature(header, body, secret, { now: signedAt + 300 })),
    'accepted',
  );
  assert.equal(
    reason(() => verifySignature(header, body, secret, { now: signedAt - 300 })),
    'accepted',
  );
  assert.equal(
    reason(() => verifySignature(header, body, secret, { now: signedAt + 301 })),
    'timestamp_out_of_tolerance',
  );
  assert.equal(
    reason(() => verifySignature(header, body, secret, { now: signedAt - 301 })),
    'timestamp_out_of_tolerance',
  );
});

test('a rotation signs with each secret: t=<t>,v1=<new>,v1=<old>, in the order given (Stripe’s form)', () => {
  const header = signPayload(['whsec_new', 'whsec_old'], body, 1_700_000_000);
  const hmac = (s: string) => createHmac('sha256', s).update(`1700000000.${body.toString()}`).digest('hex');
  assert.equal(header, `t=1700000000,v1=${hmac('whsec_new')},v1=${hmac('whsec_old')}`);
  assert.equal(signPayload(['whsec_new'], body, 1_700_000_000), signPayload('whsec_new', body, 1_700_000_000));
  assert.throws(() => signPayload([], body), RangeError);
});

test('a header with two v1 values verifies with either secret alone, and with neither fails', () => {
  const now = 1_700_000_000;
  const header = signPayload(['whsec_new', 'whsec_old'], body, now);
  assert.equal(verifySignature(header, body, 'whsec_new', { now }), now);
  assert.equal(verifySignature(header, body, 'whsec_old', { now }), now);
  // The order of the values does not matter, nor spaces after the commas.
  const [t, first, second] = header.split(',');
  assert.equal(verifySignature(`${t}, ${second}, ${first}`, body, 'whsec_new', { now }), now);
  assert.equal(
    reason(() => verifySignature(header, body, 'whsec_other', { now })),
    'signature_mismatch',
  );
  const changed = Buffer.from(body);
  changed[0] = changed[0]! ^ 1;
  assert.equal(
    reason(() => verifySignature(header, changed, 'whsec_old', { now })),
    'signature_mismatch',
  );
});

test('a receiver may hold both secrets: a list verifies a header signed with any of them', () => {
  const now = 1_700_000_000;
  for (const signedWith of ['whsec_new', 'whsec_old']) {
    const header = signPayload(signedWith, body, now);
    assert.equal(verifySignature(header, body, ['whsec_new', 'whsec_old'], { now }), now);
  }
  assert.equal(
    reason(() => verifySignature(signPayload('whsec_gone', body, now), body, ['whsec_new', 'whsec_old'], { now })),
    'signature_mismatch',
  );
  assert.equal(
    reason(() => verifySignature(signPayload('whsec_new', body, now), body, [], { now })),
    'signature_mismatch',
  );
});
