import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { PUBLIC_YAML, withKindSchemas } from './kind-schemas.ts';

test('public.yaml carries the schemas generated from the test kinds (run `npm run generate` in apps/api)', () => {
  const text = readFileSync(PUBLIC_YAML, 'utf8');
  assert.equal(text, withKindSchemas(text));
});
