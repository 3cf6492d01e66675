import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from 'yaml';
import { PUBLIC_YAML, withKindSchemas } from './kind-schemas.ts';

test('public.yaml carries the schemas generated from the test kinds (run `npm run generate` in apps/api)', () => {
  // Compared as data: the file on disk is laid out by the formatter, not by the YAML printer.
  const text = readFileSync(PUBLIC_YAML, 'utf8');
  assert.deepEqual(parse(text), parse(withKindSchemas(text)));
});
