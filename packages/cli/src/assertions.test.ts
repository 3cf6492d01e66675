import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { tempDir } from './testing/temp-dir.ts';
import { parseAssert, readLighthouserc, UsageError } from './assertions.ts';

test('--assert: a level alone, an operator with its number (level error), or all three', () => {
  assert.deepEqual(parseAssert('cache-insight=error'), ['cache-insight', 'error']);
  assert.deepEqual(parseAssert('categories:performance=minScore:0.9'), [
    'categories:performance',
    ['error', { minScore: 0.9 }],
  ]);
  assert.deepEqual(parseAssert('largest-contentful-paint=warn:maxNumericValue:2500'), [
    'largest-contentful-paint',
    ['warn', { maxNumericValue: 2500 }],
  ]);
  for (const bad of ['nokey', '=error', 'k=fatal', 'k=minScore', 'k=minScore:x', 'k=loud:minScore:1']) {
    assert.throws(() => parseAssert(bad), UsageError, bad);
  }
});

test('a lighthouserc gives its ci.assert.assertions and ci.collect.numberOfRuns', () => {
  const dir = tempDir('lhrc-');
  const file = join(dir, 'lighthouserc.json');
  writeFileSync(
    file,
    JSON.stringify({
      ci: { collect: { numberOfRuns: 3 }, assert: { assertions: { 'categories:seo': ['warn', { minScore: 0.9 }] } } },
    }),
  );
  assert.deepEqual(readLighthouserc(file), { assertions: { 'categories:seo': ['warn', { minScore: 0.9 }] }, runs: 3 });
  writeFileSync(file, '{not json');
  assert.throws(() => readLighthouserc(file), UsageError);
});
