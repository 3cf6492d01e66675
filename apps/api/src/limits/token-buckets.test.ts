import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TokenBuckets } from './token-buckets.ts';

test('a burst at once, then the rate; each key its own bucket; a refusal says when to come back', () => {
  const buckets = new TokenBuckets(2, 5);
  const taken = Array.from({ length: 8 }, () => buckets.take('a', 0));
  assert.deepEqual(taken, [0, 0, 0, 0, 0, 1, 1, 1]);
  assert.equal(buckets.take('b', 0), 0, 'another key is not limited by this one');
  assert.equal(buckets.take('a', 499), 1, 'half a token after 499 ms at 2/s');
  assert.equal(buckets.take('a', 500), 0, 'one token after 500 ms');
  assert.equal(buckets.take('a', 10_000), 0);
  const after = Array.from({ length: 6 }, () => buckets.take('a', 10_000));
  assert.deepEqual(after, [0, 0, 0, 0, 1, 1], 'refilled to the burst, no more');
  assert.equal(new TokenBuckets(0.1, 1).take('c', 0) + new TokenBuckets(0.1, 1).take('c', 0), 0);
  const slow = new TokenBuckets(0.1, 1);
  slow.take('c', 0);
  assert.equal(slow.take('c', 0), 10, 'Retry-After in whole seconds');
});

test('bounded: past maxKeys the oldest key is forgotten', () => {
  const buckets = new TokenBuckets(1, 1, { maxKeys: 3 });
  for (const key of ['a', 'b', 'c', 'd']) buckets.take(key, 0);
  assert.equal(buckets.size, 3);
  assert.equal(buckets.take('a', 0), 0, 'a was forgotten: its bucket is full again');
});
