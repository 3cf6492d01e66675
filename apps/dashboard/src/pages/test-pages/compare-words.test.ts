import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changesFirst, compareTable, figureName } from './compare-words.ts';

test('figures are named as people say them, with their units', () => {
  assert.deepEqual(figureName(['vitals', 'lcp_ms']), { name: 'Largest Contentful Paint', unit: 'ms' });
  assert.deepEqual(figureName(['vitals', 'cls']), { name: 'Cumulative Layout Shift', unit: 'cls' });
  assert.deepEqual(figureName(['scores', 'best_practices']), { name: 'Best practices score', unit: 'points' });
  assert.deepEqual(figureName(['resources', 'script', 'transfer_bytes']), {
    name: 'Script transferred',
    unit: 'bytes',
  });
});

test('worse first, then better, then within noise, each in its order', () => {
  const row = (change: string) => ({ head: 1, base: 1, delta: 0, change });
  const sorted = changesFirst([
    [['a'], row('same')],
    [['b'], row('better')],
    [['c'], row('worse')],
    [['d'], row('same')],
    [['e'], row('worse')],
  ]);
  assert.deepEqual(
    sorted.map(([p]) => p[0]),
    ['c', 'e', 'b', 'a', 'd'],
  );
  const table = compareTable([[['vitals', 'lcp_ms'], { head: 3000, base: 2500, delta: 500, change: 'same' }]]).value;
  assert.match(table, /within noise/);
  assert.match(table, /\+500 ms/);
  assert.doesNotMatch(table, />same</);
});
