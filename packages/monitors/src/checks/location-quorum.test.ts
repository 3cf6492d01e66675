import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judgeSlots, type LocationChecks, type QuorumMonitor, reporting, withCheck } from './location-quorum.ts';

const S = 60_000;
const monitor = (over: Partial<QuorumMonitor> = {}): QuorumMonitor => ({
  locations: ['a', 'b', 'c'],
  quorum: null,
  locationMode: 'every',
  intervalSeconds: 60,
  locationChecks: null,
  decidedSlot: null,
  ...over,
});
const record = (entries: Array<[string, number, string | null]>): LocationChecks =>
  entries.reduce<LocationChecks>((checks, [l, slot, failure]) => withCheck(checks, l, slot, failure), {});

test('a slot is judged once every reporting location has checked it, failing at the quorum (a majority by default)', () => {
  const m = monitor({ decidedSlot: new Date(S) });
  const partial = record([
    ['a', S, null],
    ['b', S, null],
    ['c', S, null],
    ['a', 2 * S, 'timeout'],
    ['b', 2 * S, 'timeout'],
  ]);
  assert.deepEqual(judgeSlots(m, partial), [], 'c has not checked the slot yet');
  const [verdict] = judgeSlots(m, withCheck(partial, 'c', 2 * S, null));
  assert.deepEqual(verdict, {
    slot: 2 * S,
    failure: 'timeout',
    failed: ['a', 'b'],
    passed: ['c'],
    notReporting: [],
    quorum: 2,
  });
  const one = judgeSlots(
    monitor(),
    record([
      ['a', S, 'timeout'],
      ['b', S, null],
      ['c', S, null],
    ]),
  );
  assert.equal(one[0]!.failure, null, 'one of three is under a majority');
});

test('slots already judged are not judged again; a late location lets the waiting slots through in order', () => {
  const checks = record([
    ['a', S, null],
    ['a', 2 * S, 'dns_error'],
    ['b', S, null],
    ['b', 2 * S, 'dns_error'],
    ['c', S, null],
  ]);
  const m = monitor({ decidedSlot: null });
  assert.deepEqual(
    judgeSlots(m, checks).map((v) => v.slot),
    [S],
  );
  const late = withCheck(checks, 'c', 2 * S, 'dns_error');
  const verdicts = judgeSlots({ ...m, decidedSlot: new Date(S) }, late);
  assert.deepEqual(
    verdicts.map((v) => [v.slot, v.failure]),
    [[2 * S, 'dns_error']],
  );
});

test('a location with no check for three rounds is not reporting: left out, not a failure', () => {
  const m = monitor({ locations: ['a', 'b'], quorum: 2 });
  const checks = record([
    ['a', S, null],
    ['b', S, null],
    ['a', 5 * S, 'timeout'],
  ]);
  assert.deepEqual(reporting(m, checks), ['a']);
  const verdict = judgeSlots({ ...m, decidedSlot: new Date(S) }, checks).at(-1)!;
  assert.deepEqual([verdict.failed, verdict.notReporting, verdict.failure], [['a'], ['b'], null]);
});

test('round_robin judges each slot at once from each location’s latest check', () => {
  const m = monitor({ locations: ['a', 'b'], quorum: 2, locationMode: 'round_robin' });
  const checks = record([
    ['a', S, 'timeout'],
    ['b', 2 * S, 'timeout'],
  ]);
  const verdicts = judgeSlots(m, checks);
  assert.deepEqual(
    verdicts.map((v) => [v.slot, v.failure]),
    [
      [S, null],
      [2 * S, 'timeout'],
    ],
  );
});

test('a new monitor’s first slot waits for a location that has not checked yet, for three rounds at most', () => {
  const m = monitor({ locations: ['a', 'b'], quorum: 1 });
  assert.deepEqual(judgeSlots(m, record([['a', S, 'timeout']])), [], 'b is waited for');
  const later = record([
    ['a', S, 'timeout'],
    ['a', 5 * S, 'timeout'],
  ]);
  assert.deepEqual(reporting(m, later), ['a']);
  assert.deepEqual(
    judgeSlots(m, later).map((v) => [v.slot, v.failure, v.notReporting]),
    [
      [S, 'timeout', ['b']],
      [5 * S, 'timeout', ['b']],
    ],
  );
});

test('a location keeps its last few verdicts; a slot recorded twice keeps the first', () => {
  let checks: LocationChecks = {};
  for (let i = 1; i <= 10; i++) checks = withCheck(checks, 'a', i * S, null);
  assert.equal(checks.a!.length, 6);
  assert.equal(checks.a![0]![0], 5 * S);
  assert.equal(withCheck(checks, 'a', 10 * S, 'timeout'), checks);
});
