import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withoutNul } from './without-nul.ts';

test('withoutNul replaces every U+0000 with U+FFFD, through objects and arrays, keys included', () => {
  const when = new Date(0);
  const cleaned = withoutNul({
    result: { title: 'a\0b\0', pages: [{ url: 'https://x.test/\0', n: 3, ok: true, none: null }], ['k\0']: ['\0'] },
    grade: 'A',
    when,
  });
  assert.deepEqual(cleaned, {
    result: {
      title: 'a\uFFFDb\uFFFD',
      pages: [{ url: 'https://x.test/\uFFFD', n: 3, ok: true, none: null }],
      ['k\uFFFD']: ['\uFFFD'],
    },
    grade: 'A',
    when,
  });
  assert.ok(!JSON.stringify(cleaned).includes('\\u0000'));
  assert.equal(withoutNul('plain'), 'plain');
});
