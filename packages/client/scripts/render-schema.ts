import openapiTS, { astToString } from 'openapi-typescript';

export const DOCUMENT = new URL('../../../apps/api/src/openapi/public.yaml', import.meta.url);
export const SCHEMA_FILE = new URL('../src/schema.ts', import.meta.url);

const HEADER = `// Generated from apps/api/src/openapi/public.yaml by \`pnpm --filter @pageprobe/client generate\`
// (openapi-typescript). Do not edit: src/schema.test.ts fails when this file has drifted from the document.
/* biome-ignore-all format: generated */
/* biome-ignore-all lint: generated */
`;

/** The document's types as TypeScript source. */
export async function renderSchema(): Promise<string> {
  const ast = await openapiTS(DOCUMENT, { alphabetize: true, exportType: true, defaultNonNullable: false });
  return HEADER + astToString(ast);
}
