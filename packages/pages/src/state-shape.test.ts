import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resultTone, stateShape, type Tone } from './state-shape.ts';

test('each state has a shape of its own, hidden from screen readers, which read the word beside it', () => {
  const tones: Tone[] = ['up', 'down', 'degraded', 'paused', 'pending'];
  const shapes = tones.map((t) => stateShape(t).value);
  assert.equal(new Set(shapes).size, tones.length, 'no two states look alike without their color');
  for (const s of shapes) {
    assert.match(s, /^<svg class="shape"[^>]* aria-hidden="true" focusable="false" fill="currentColor">/);
  }
  assert.deepEqual([resultTone(true), resultTone(false), resultTone(null)], ['up', 'down', 'pending']);
});
