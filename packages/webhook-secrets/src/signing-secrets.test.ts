import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signingSecrets } from './signing-secrets.ts';

const now = new Date('2026-12-07T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

test('no secret: nothing signs', () => {
  assert.deepEqual(
    signingSecrets({ webhookSecret: null, webhookSecretPrevious: null, webhookSecretPreviousExpiresAt: null }, now),
    [],
  );
});

test('during the overlap: the current secret, then the previous one', () => {
  assert.deepEqual(
    signingSecrets(
      { webhookSecret: 'whsec_new', webhookSecretPrevious: 'whsec_old', webhookSecretPreviousExpiresAt: later(1) },
      now,
    ),
    ['whsec_new', 'whsec_old'],
  );
});

test('at and after the overlap’s end, or without a previous secret: the current one alone', () => {
  for (const expiresAt of [now, later(-1), null]) {
    assert.deepEqual(
      signingSecrets(
        { webhookSecret: 'whsec_new', webhookSecretPrevious: 'whsec_old', webhookSecretPreviousExpiresAt: expiresAt },
        now,
      ),
      ['whsec_new'],
    );
  }
  assert.deepEqual(
    signingSecrets(
      { webhookSecret: 'whsec_new', webhookSecretPrevious: null, webhookSecretPreviousExpiresAt: later(60_000) },
      now,
    ),
    ['whsec_new'],
  );
});

test('a previous secret never signs alone, once the current one is removed', () => {
  assert.deepEqual(
    signingSecrets(
      { webhookSecret: null, webhookSecretPrevious: 'whsec_old', webhookSecretPreviousExpiresAt: later(60_000) },
      now,
    ),
    [],
  );
});
