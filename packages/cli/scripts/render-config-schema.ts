// The JSON Schema of pageprobe.yaml (issue 50), taken from the public OpenAPI document: the file is the body
// of POST /config/plan and /config/apply (ConfigState: each entry its resource's create body plus a `key`,
// references by key) less what the command line decides (`prune`, `managed_by`, `adopt`), plus `$schema`
// for editors. Editors complete the file with it (`# yaml-language-server: $schema=...`), and the CLI checks
// a file with it before any request. `pnpm --filter @pageprobe/cli generate` writes
// schema/pageprobe.schema.json; src/config/schema-file.test.ts fails when it has drifted from the document.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export const DOCUMENT = new URL('../../../apps/api/src/openapi/public.yaml', import.meta.url);
export const SCHEMA_FILE = new URL('../schema/pageprobe.schema.json', import.meta.url);

type Schema = Record<string, unknown>;

/** The body's fields that are options of the command (`--prune`, `--adopt`, the file's name), not the file's. */
const COMMAND_FIELDS = ['prune', 'managed_by', 'adopt'];

// OpenAPI keywords that are not JSON Schema's (3.1 keeps only `example`, deprecated): editors and ajv's
// strict mode would not know them. References move from components to $defs.
function plain(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(plain);
  if (!node || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [name, value] of Object.entries(node)) {
    if (name === 'example') out.examples = [value];
    else if (name === '$ref' && typeof value === 'string')
      out.$ref = value.replace('#/components/schemas/', '#/$defs/');
    else if (name === 'properties' && value && typeof value === 'object')
      // Property names are data here, never keywords (a property may be called `example`).
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
    else out[name] = plain(value);
  }
  return out;
}

/** The names of the component schemas `node` refers to, transitively. */
function referenced(schemas: Record<string, Schema>, node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) referenced(schemas, item, found);
  else if (node && typeof node === 'object') {
    for (const [name, value] of Object.entries(node)) {
      if (name === '$ref' && typeof value === 'string') {
        const target = value.replace(/^#\/(components\/schemas|\$defs)\//, '');
        if (!found.has(target)) {
          found.add(target);
          referenced(schemas, schemas[target], found);
        }
      } else referenced(schemas, value, found);
    }
  }
  return found;
}

/** The file's schema (as JSON text, the way it is committed). */
export function renderConfigSchema(documentText = readFileSync(DOCUMENT, 'utf8')): string {
  const document = parse(documentText) as {
    info: { version: string };
    components: { schemas: Record<string, Schema> };
  };
  const schemas = document.components.schemas;
  const state = schemas.ConfigState as Schema & { properties: Schema };
  if (!state) throw new Error('public.yaml has no ConfigState (the body of POST /config/plan)');
  const sections = Object.fromEntries(
    Object.entries(state.properties).filter(([name]) => !COMMAND_FIELDS.includes(name)),
  );
  const root = plain({ ...state, properties: sections }) as Schema & { properties: Schema };
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'pageprobe.yaml',
    ...root,
    description: `Pageprobe's monitors, alert channels, maintenance windows and status pages as code (\`pageprobe plan\`, \`pageprobe apply\`; API ${document.info.version}). Each entry is its resource's create body with a \`key\`; entries refer to each other by key. Secrets come from the environment: write \`\${VARIABLE}\`.`,
    properties: { $schema: { type: 'string', description: 'This schema, for editors.' }, ...root.properties },
    $defs: Object.fromEntries([...referenced(schemas, sections)].sort().map((name) => [name, plain(schemas[name])])),
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}
