import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runsOf, testCost } from './costs.ts';

test('a test costs a run per run, a repeat view as one more, at each location', () => {
  assert.equal(testCost({ type: 'lighthouse' }, 'pro'), 1);
  assert.equal(testCost({ type: 'lighthouse', runs: 3 }, 'pro'), 3);
  assert.equal(testCost({ type: 'lighthouse', repeat_view: true }, 'pro'), 2);
  assert.equal(testCost({ type: 'lighthouse', runs: 3, repeat_view: true, locations: ['a', 'b'] }, 'pro'), 8);
  assert.equal(
    testCost({ type: 'lighthouse', repeat_view: true }, 'free'),
    0,
    'the free plan counts an allowance instead',
  );
  assert.deepEqual([runsOf(1, undefined), runsOf(2, false), runsOf(2, true)], [1, 2, 3]);
});
