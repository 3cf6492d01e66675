import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initializeConfig } from 'lighthouse/core/config/config.js';

/** Where the audits of the Lighthouse the workers run are written for the API to check assertions against. */
export const AUDITS_MODULE = new URL('../generated/lighthouse-audits.ts', import.meta.url);

export interface LighthouseAudits {
  version: string;
  auditIds: string[];
  categoryIds: string[];
  /** An audit of an earlier Lighthouse that one of this version replaces (its `meta.replacesAudits`). */
  replaced: Record<string, string>;
}

/** The audits and categories of every test's report: Lighthouse's default config (desktop only extends it). */
export async function readLighthouseAudits(): Promise<LighthouseAudits> {
  const { version } = JSON.parse(
    readFileSync(createRequire(import.meta.url).resolve('lighthouse/package.json'), 'utf8'),
  ) as { version: string };
  const { resolvedConfig } = await initializeConfig('navigation');
  const metas = (resolvedConfig.audits ?? []).map((a) => a.implementation.meta);
  const auditIds = metas.map((m) => m.id).sort();
  const replaced: Record<string, string> = {};
  for (const m of metas) {
    // An id still served (layout-shifts beside cls-culprits-insight) is no one's predecessor yet.
    for (const old of m.replacesAudits ?? []) if (!auditIds.includes(old)) replaced[old] = m.id;
  }
  return {
    version,
    auditIds,
    categoryIds: Object.keys(resolvedConfig.categories ?? {}).sort(),
    replaced: Object.fromEntries(Object.entries(replaced).sort(([a], [b]) => a.localeCompare(b))),
  };
}

/** The generated module's text. */
export function auditsModule({ version, auditIds, categoryIds, replaced }: LighthouseAudits): string {
  const list = (ids: string[]) => `[\n${ids.map((id) => `  '${id}',\n`).join('')}]`;
  const map = `{\n${Object.entries(replaced)
    .map(([old, id]) => `  '${old}': '${id}',\n`)
    .join('')}}`;
  return `// Generated from Lighthouse ${version}'s default config by packages/test-kinds/src/lighthouse/runner/
// generate-audits.ts (\`pnpm run generate\`); runner/lighthouse-audits.test.ts fails when it drifts from the
// Lighthouse installed. The API checks assertion keys against it without loading Lighthouse.

export const LIGHTHOUSE_VERSION = '${version}';

/** Every audit id a test's report holds. */
export const AUDIT_IDS: readonly string[] = ${list(auditIds)};

/** Every category id a test's report scores. */
export const CATEGORY_IDS: readonly string[] = ${list(categoryIds)};

/** Audits of earlier versions, each with the audit of this version that replaces it. */
export const REPLACED_AUDITS: Readonly<Record<string, string>> = ${map};
`;
}
