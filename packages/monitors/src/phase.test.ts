import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spreadPhase } from './phase.ts';

const gaps = (phases: number[], intervalMs: number) => {
  const sorted = [...phases].sort((a, b) => a - b);
  return sorted.map((p, i) => (i === 0 ? p + intervalMs - sorted.at(-1)! : p - sorted[i - 1]!));
};

test('any number of monitors of a kind spread over the interval with no gap over φ² times the even one', () => {
  for (const count of [2, 7, 30, 100, 1000]) {
    const phases = Array.from({ length: count }, (_, n) => spreadPhase(n, 60));
    for (const p of phases) assert.ok(p >= 0 && p < 60_000, String(p));
    const even = 60_000 / count;
    assert.ok(Math.max(...gaps(phases, 60_000)) <= even * 2.62, `${count}: ${Math.max(...gaps(phases, 60_000))}`);
  }
});
