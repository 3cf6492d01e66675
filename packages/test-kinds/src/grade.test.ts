import assert from 'node:assert/strict';
import { test } from 'node:test';
import { blendedScore, gradeFor } from './grade.ts';

test('grade letters at every boundary', () => {
  const cases: Array<[number, string]> = [
    [100, 'A'],
    [90, 'A'],
    [89, 'B'],
    [80, 'B'],
    [79, 'C'],
    [70, 'C'],
    [69, 'D'],
    [60, 'D'],
    [59, 'E'],
    [50, 'E'],
    [49, 'F'],
    [0, 'F'],
  ];
  for (const [score, letter] of cases) assert.equal(gradeFor(score), letter, String(score));
});

test('performance weighs 60% and structure 40%', () => {
  assert.equal(blendedScore(100, 0), 60);
  assert.equal(blendedScore(0, 100), 40);
  assert.equal(blendedScore(90, 80), 86);
});
