// Writes the kinds' generated schemas (kind-schemas.ts) and the configuration entries' (config-schemas.ts)
// into public.yaml, then lays it out with the
// repository's formatter so `npm test`'s format check stays green.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withConfigSchemas } from './config-schemas.ts';
import { PUBLIC_YAML, withKindSchemas } from './kind-schemas.ts';

const before = readFileSync(PUBLIC_YAML, 'utf8');
writeFileSync(PUBLIC_YAML, withConfigSchemas(withKindSchemas(before)));
execFileSync('biome', ['format', '--write', fileURLToPath(PUBLIC_YAML)], { stdio: 'ignore' });
const after = readFileSync(PUBLIC_YAML, 'utf8');
process.stdout.write(before === after ? 'public.yaml: up to date\n' : 'public.yaml: generated schemas rewritten\n');
