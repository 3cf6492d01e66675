// Writes the kinds' generated schemas into public.yaml (see kind-schemas.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { PUBLIC_YAML, withKindSchemas } from './kind-schemas.ts';

const before = readFileSync(PUBLIC_YAML, 'utf8');
const after = withKindSchemas(before);
writeFileSync(PUBLIC_YAML, after);
process.stdout.write(before === after ? 'public.yaml: up to date\n' : 'public.yaml: kind schemas rewritten\n');
