import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { keyedHash } from './keyed-hash.ts';

test('a keyed hash is not the plain digest, depends on the key and the purpose, and is stable', () => {
  const key = randomBytes(32);
  const text = JSON.stringify(['https://example.com/', { basic_auth: { username: 'u', password: 'hunter2' } }]);
  const digest = keyedHash(key, 'pageprobe idempotency v1', text);
  assert.match(digest, /^[0-9a-f]{64}$/);
  assert.equal(keyedHash(key, 'pageprobe idempotency v1', text), digest);
  assert.notEqual(digest, createHash('sha256').update(text).digest('hex'));
  assert.notEqual(keyedHash(randomBytes(32), 'pageprobe idempotency v1', text), digest);
  assert.notEqual(keyedHash(key, 'another purpose', text), digest);
});
