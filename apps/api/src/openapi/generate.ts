// Writes the kinds' generated schemas into public.yaml (see kind-schemas.ts), then lays it out with the
// repository's formatter so `npm test`'s format check stays green.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PUBLIC_YAML, withKindSchemas } from './kind-schemas.ts';

const before = readFileSync(PUBLIC_YAML, 'utf8');
writeFileSync(PUBLIC_YAML, withKindSchemas(before));
execFileSync('biome', ['format', '--write', fileURLToPath(PUBLIC_YAML)], { stdio: 'ignore' });
const after = readFileSync(PUBLIC_YAML, 'utf8');
process.stdout.write(before === after ? 'public.yaml: up to date\n' : 'public.yaml: kind schemas rewritten\n');
