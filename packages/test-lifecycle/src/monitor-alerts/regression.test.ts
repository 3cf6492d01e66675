import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scoreDrop } from './regression.ts';

test('a drop counts past the threshold below the median of the last 5 runs, with at least 3 of them', () => {
  assert.deepEqual(scoreDrop(70, [90, 91, 85, 92, 88], 10), { median: 90, drop: 20 });
  assert.equal(scoreDrop(81, [90, 91, 85, 92, 88], 10), null, '9 points is within 10');
  // Only the 5 newest are read: the old 40s do not drag the median down.
  assert.deepEqual(scoreDrop(70, [90, 90, 90, 90, 90, 40, 40, 40], 10), { median: 90, drop: 20 });
  assert.equal(scoreDrop(10, [90, 90], 10), null, 'too little history');
  assert.deepEqual(scoreDrop(60, [90, 80, 70, 100], 10), { median: 85, drop: 25 });
  assert.equal(scoreDrop(null, [90, 90, 90], 10), null);
});
