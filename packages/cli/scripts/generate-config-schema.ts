// Writes schema/pageprobe.schema.json, the JSON Schema of pageprobe.yaml, from the OpenAPI document.
// src/config/schema-file.test.ts fails when the file has drifted from the document.
import { writeFileSync } from 'node:fs';
import { renderConfigSchema, SCHEMA_FILE } from './render-config-schema.ts';

writeFileSync(SCHEMA_FILE, renderConfigSchema());
process.stdout.write('schema/pageprobe.schema.json written\n');
