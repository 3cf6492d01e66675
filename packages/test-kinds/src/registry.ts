import type { TestKind } from './kind.ts';
import { browser } from './browser/definition.ts';
import { lighthouse } from './lighthouse/definition.ts';
import { seoCrawl } from './seo_crawl/definition.ts';
import { tcp } from './tcp/definition.ts';
import { dns } from './dns/definition.ts';
import { multistep } from './multistep/definition.ts';
import { smtp } from './smtp/definition.ts';
import { uptime } from './uptime/definition.ts';

/** Every kind of test the service knows. Adding one: the recipe in docs/architecture.md ("To add a kind"). */
export const kinds = [lighthouse, seoCrawl, uptime, tcp, dns, browser, multistep, smtp] as const;

export type KindName = (typeof kinds)[number]['name'];
export const kindNames = kinds.map((k) => k.name) as [KindName, ...KindName[]];

const byName = new Map<string, TestKind>(kinds.map((k) => [k.name, k]));

/** The kind of a stored or requested test; a name no kind has is a programming error. */
export function kindNamed(name: string): TestKind {
  const kind = byName.get(name);
  if (!kind) throw new Error(`no test kind named ${name}`);
  return kind;
}

/** Every kind-specific request field any kind takes (a request naming one its kind lacks is refused). */
export const kindOptionNames: readonly string[] = [...new Set(kinds.flatMap((k) => k.options))];

/**
 * Whether a monitor of this type runs checks (rows of monitoring.checks, batched to the uptime workers)
 * rather than tests: the kind's monitor page says so. A stored type no kind has (heartbeat) runs neither.
 */
export const runsChecks = (type: string): boolean => byName.get(type)?.monitor.page.run === 'check';
