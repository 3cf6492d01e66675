import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { renderConfigSchema, SCHEMA_FILE } from '../../scripts/render-config-schema.ts';

// Editors and `pageprobe plan` read the committed file: it must be what the API's document says now.
test('schema/pageprobe.schema.json is what the OpenAPI document generates (pnpm --filter @pageprobe/cli generate)', () => {
  // Compared as JSON: the file is laid out by the repository's formatter after it is written.
  assert.deepEqual(
    JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')),
    JSON.parse(renderConfigSchema()),
    'stale: run `pnpm --filter @pageprobe/cli generate`',
  );
});

test('the schema is the body of POST /config/plan less the command line’s fields, with $schema for editors', () => {
  const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8'));
  assert.deepEqual(Object.keys(schema.properties), [
    '$schema',
    'alert_channels',
    'monitors',
    'maintenance_windows',
    'status_pages',
    'rum_sites',
  ]);
  assert.equal(schema.additionalProperties, false);
  assert.deepEqual(schema.$defs.ConfigMonitor.required.slice(0, 1), ['key']);
  assert.equal(JSON.stringify(schema).includes('#/components/'), false, 'every reference is to $defs');
});
