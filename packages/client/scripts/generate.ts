// Writes src/schema.ts, the API's types, from the OpenAPI document (openapi-typescript).
// src/schema.test.ts fails when the file has drifted from the document.
import { writeFileSync } from 'node:fs';
import { renderSchema, SCHEMA_FILE } from './render-schema.ts';

writeFileSync(SCHEMA_FILE, await renderSchema());
process.stdout.write('src/schema.ts written\n');
