import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generateApiKey, hashApiKey, isWellFormedApiKey, KEY_PREFIX } from './api-key.ts';

test('keys are pp_live_ + 38 base62 characters and pass their own checksum', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const { key, prefix, hash } = generateApiKey();
    assert.match(key, /^pp_live_[0-9A-Za-z]{38}$/);
    assert.ok(isWellFormedApiKey(key));
    assert.equal(prefix, key.slice(0, 12));
    assert.equal(hash, hashApiKey(key));
    assert.doesNotMatch(hash, new RegExp(key.slice(KEY_PREFIX.length)));
    seen.add(key);
  }
  assert.equal(seen.size, 200);
});

test('a changed character breaks the checksum', () => {
  const { key } = generateApiKey();
  const i = KEY_PREFIX.length + 3;
  const swapped = key.slice(0, i) + (key[i] === 'a' ? 'b' : 'a') + key.slice(i + 1);
  assert.equal(isWellFormedApiKey(swapped), false);
  assert.equal(isWellFormedApiKey(key.slice(0, -1)), false);
  assert.equal(isWellFormedApiKey(`pp_test_${key.slice(8)}`), false);
});
