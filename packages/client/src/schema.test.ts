import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { renderSchema, SCHEMA_FILE } from '../scripts/render-schema.ts';

test('src/schema.ts is what the OpenAPI document generates (pnpm --filter @pageprobe/client generate)', async () => {
  assert.equal(readFileSync(SCHEMA_FILE, 'utf8'), await renderSchema());
});
