// Writes schema/pageprobe.schema.json, the JSON Schema of pageprobe.yaml, from the OpenAPI document.
// src/config/schema-file.test.ts fails when the file has drifted from the document.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderConfigSchema, SCHEMA_FILE } from './render-config-schema.ts';

writeFileSync(SCHEMA_FILE, renderConfigSchema());
// Laid out as the repository's formatter wants it, so `npm test`'s format check stays green.
execFileSync('biome', ['format', '--write', fileURLToPath(SCHEMA_FILE)], { stdio: 'ignore' });
process.stdout.write('schema/pageprobe.schema.json written\n');
