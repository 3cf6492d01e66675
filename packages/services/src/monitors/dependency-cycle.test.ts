import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findCycle } from './dependency-cycle.ts';

const graph = (entries: Record<string, string[]>) => new Map(Object.entries(entries));

test('no cycle in a tree or a diamond', () => {
  assert.equal(findCycle(graph({ a: ['b', 'c'], b: ['d'], c: ['d'], d: [] })), null);
  assert.equal(findCycle(graph({ a: ['b'] }), 'a'), null);
});

test('a monitor depending on itself, directly and through others', () => {
  assert.deepEqual(findCycle(graph({ a: ['a'] })), ['a', 'a']);
  assert.deepEqual(findCycle(graph({ a: ['b'], b: ['c'], c: ['a'] }), 'a'), ['a', 'b', 'c', 'a']);
  assert.deepEqual(findCycle(graph({ x: ['a'], a: ['b'], b: ['a'] }), 'x'), ['a', 'b', 'a']);
});

test('from a node, only what it reaches counts', () => {
  assert.equal(findCycle(graph({ x: ['y'], y: [], a: ['b'], b: ['a'] }), 'x'), null);
});

test('a chain of 100,000 does not overflow the stack', () => {
  const edges = new Map(Array.from({ length: 100_000 }, (_, i) => [`n${i}`, [`n${i + 1}`]]));
  assert.equal(findCycle(edges, 'n0'), null);
  edges.set('n100000', ['n0']);
  assert.equal(findCycle(edges, 'n0')?.length, 100_002);
});
