import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pickLongest } from './inp-attribution.ts';

const script = (duration_ms: number, name = `f${duration_ms}`) => ({
  url: 'https://site.test/app.js',
  function: name,
  invoker: 'BUTTON#menu.onclick',
  duration_ms,
});

test('the longest five scripts, longest first, durations rounded', () => {
  const seen = [script(60.4), script(300.6), script(120), script(51), script(80), script(70)];
  assert.deepEqual(
    pickLongest(seen).map((s) => [s.function, s.duration_ms]),
    [
      ['f300.6', 301],
      ['f120', 120],
      ['f80', 80],
      ['f70', 70],
      ['f60.4', 60],
    ],
  );
});

test('issue 44: what is not the shape the watcher writes is left out, whatever it claims', () => {
  const seen = [
    'junk',
    null,
    { ...script(99_999), url: 'x'.repeat(1_000_000) },
    { ...script(500), invoker: 42 },
    { ...script(Number.NaN) },
    { ...script(-5) },
    { ...script(400), function: { toString: 'x' } },
    script(90, 'real'),
  ];
  assert.deepEqual(pickLongest(seen), [{ ...script(90, 'real') }]);
  assert.deepEqual(pickLongest('x'.repeat(10_000)), []);
  assert.deepEqual(pickLongest({ length: 3 }), []);
});
