import assert from 'node:assert/strict';
import { test } from 'node:test';
import { retryHint } from './retry-hint.ts';

const at = (s: number) => new Date(1_800_000_000_000 + s * 1000);
// Lighthouse usually takes 8 s a run.
const lighthouse = (status: 'queued' | 'running', createdS: number, startedS: number | null, runCount = 1) => ({
  type: 'lighthouse' as const,
  status,
  runCount,
  createdAt: at(createdS),
  startedAt: startedS === null ? null : at(startedS),
});

test('a test just asked for is looked at again within 2 s, whatever its kind usually takes', () => {
  assert.equal(retryHint(lighthouse('queued', 0, null), at(0).getTime()), 2);
  assert.equal(retryHint(lighthouse('running', 0, 1), at(3).getTime()), 2);
});

test('after a long wait, within a tenth of the time waited (at most 30 s), and never more than the kind needs', () => {
  assert.equal(retryHint(lighthouse('running', 0, 1), at(60).getTime()), 1, 'past its typical time: look soon');
  assert.equal(retryHint(lighthouse('queued', 0, null, 5), at(100).getTime()), 10, 'a tenth of 100 s');
  assert.equal(retryHint(lighthouse('queued', 0, null, 5), at(1000).getTime()), 30, 'never over 30 s');
  assert.equal(retryHint(lighthouse('queued', 0, null, 1), at(100).getTime()), 8, 'never over what it needs');
});

test('a finished test has no hint', () => {
  assert.equal(retryHint({ ...lighthouse('running', 0, 1), status: 'completed' as never }), null);
});
