import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from 'yaml';
import { configSchemas, withConfigSchemas } from './config-schemas.ts';
import { PUBLIC_YAML } from './kind-schemas.ts';

const text = readFileSync(PUBLIC_YAML, 'utf8');

test('public.yaml carries the configuration entries written from the create bodies (run `npm run generate` in apps/api)', () => {
  assert.deepEqual(parse(text), parse(withConfigSchemas(text)));
});

test('an entry is its create body with a required key, references by key', () => {
  const schemas = parse(text).components.schemas;
  const entries = configSchemas(schemas);
  for (const [entry, create] of [
    ['ConfigMonitor', 'CreateMonitor'],
    ['ConfigAlertChannel', 'CreateAlertChannel'],
    ['ConfigMaintenanceWindow', 'CreateMaintenanceWindow'],
    ['ConfigStatusPage', 'CreateStatusPage'],
  ] as const) {
    assert.equal(entries[entry]!.required![0], 'key');
    assert.deepEqual(Object.keys(entries[entry]!.properties).sort(), Object.keys(schemas[create].properties).sort());
  }
  assert.deepEqual((entries.ConfigMonitor!.properties.alert_channels as { items: unknown }).items, {
    $ref: '#/components/schemas/ConfigKey',
  });
});
