import { resultSchemas } from '@pageprobe/test-kinds';
import { parseDocument } from 'yaml';

export const PUBLIC_YAML = new URL('./public.yaml', import.meta.url);

/**
 * public.yaml with the schemas generated from the test kinds (results, audits, the per-kind Test
 * variants, TestType, CreditCosts) written into its components. `npm run generate` in apps/api writes
 * it; src/openapi/kind-schemas.test.ts fails when the file has drifted from the kinds.
 */
export function withKindSchemas(yamlText: string): string {
  const doc = parseDocument(yamlText);
  for (const [name, schema] of Object.entries(resultSchemas())) {
    doc.setIn(['components', 'schemas', name], doc.createNode(schema, { aliasDuplicateObjects: false }));
  }
  return doc.toString({ lineWidth: 1000 });
}
