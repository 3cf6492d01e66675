import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PerAddressWindow } from './per-address.ts';

test('an address over its limit waits until its window ends; others are not affected', () => {
  const window = new PerAddressWindow(3);
  const t0 = 1_000_000;
  for (let i = 0; i < 3; i++) {
    assert.equal(window.blockedFor('a', t0), 0);
    window.add('a', t0);
  }
  assert.equal(window.blockedFor('a', t0 + 1_500), 59);
  assert.equal(window.blockedFor('b', t0), 0);
  assert.equal(window.blockedFor('a', t0 + 60_000), 0, 'a new window');
  window.add('a', t0 + 60_000);
  assert.equal(window.blockedFor('a', t0 + 60_001), 0);
});

test('the table never holds more than maxAddresses entries', () => {
  const window = new PerAddressWindow(1, { maxAddresses: 100 });
  for (let i = 0; i < 10_000; i++) window.add(`10.0.${i >> 8}.${i & 255}`);
  assert.equal(window.size, 100);
});
