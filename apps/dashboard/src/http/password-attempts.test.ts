import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addressKey, delayAfter } from './password-attempts.ts';

const config = { SIGN_IN_DELAY_MS: 1_000, SIGN_IN_MAX_DELAY_MS: 30_000 } as Parameters<typeof delayAfter>[1];

test('five free attempts, then a delay that doubles up to the cap, and never more', () => {
  assert.deepEqual(
    Array.from({ length: 12 }, (_, i) => delayAfter(i, config)),
    [0, 0, 0, 0, 0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000],
  );
  assert.equal(delayAfter(10_000, config), 30_000);
});

test('an IPv6 host counts by its /64, an IPv4 one (mapped or not) by its address', () => {
  assert.equal(addressKey('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
  assert.equal(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff'), '2001:db8:1:2::/64');
  assert.equal(addressKey('2001:db8::1'), '2001:db8:0:0::/64');
  assert.equal(addressKey('::1'), '0:0:0:0::/64');
  assert.equal(addressKey('::ffff:192.0.2.7'), '192.0.2.7');
  assert.equal(addressKey('192.0.2.7'), '192.0.2.7');
  assert.equal(addressKey(undefined), 'unknown');
});
