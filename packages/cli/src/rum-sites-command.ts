import type { PageprobeClient, RumSite } from '@pageprobe/client';
import { UsageError } from './assertions.ts';

// `pageprobe rum sites` (issue 61): the sites whose pages send real users' Web Vitals, and the snippet
// each one's pages load.

export const RUM_SITES_USAGE = `  pageprobe rum sites [list] [--limit N] [--cursor <next_cursor>] [--json]
  pageprobe rum sites create --name <name> --origin <https://host[:port]>... [--sample-rate <0-1>]
                            [--group <name>=<path glob>]... [--json]
                            (--group blog=/blog/*: a page view's group is the first whose glob matches
                             its path, * matching any run of characters; else "other")
  pageprobe rum sites show <site-id> [--json]
                            (the site and the snippet to paste before </head> on every page)
  pageprobe rum sites delete <site-id>`;

export interface RumSiteValues {
  name?: string;
  origin?: string[];
  'sample-rate'?: string;
  group?: string[];
  limit?: number;
  cursor?: string;
  json?: boolean;
}

/** `name=pattern`: a page group; the pattern may hold `=` itself (split at the first). */
export function groupOf(arg: string): { name: string; pattern: string } {
  const at = arg.indexOf('=');
  if (at <= 0 || at === arg.length - 1)
    throw new UsageError(`--group ${arg}: give it as <name>=<path glob>, e.g. blog=/blog/*`);
  return { name: arg.slice(0, at), pattern: arg.slice(at + 1) };
}

function sampleRateOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate <= 0 || rate > 1)
    throw new UsageError('--sample-rate must be above 0 and at most 1');
  return rate;
}

/** One line: id, sample rate, name, origins. */
export const siteLine = (s: RumSite) =>
  `${s.id}  ${String(s.sample_rate).padEnd(5)}  ${s.name}  ${s.origins.join(' ')}`;

/** The site as `show` prints it: its settings, then the snippet on a line of its own. */
export function siteDetails(s: RumSite): string[] {
  const lines = [
    `${s.name}  (${s.id})`,
    `key:      ${s.site_key}`,
    `origins:  ${s.origins.join(', ')}`,
    `sampled:  ${s.sample_rate}${s.keep_query_strings ? ' · query strings kept' : ''}`,
  ];
  for (const g of s.page_groups) lines.push(`group:    ${g.name} = ${g.pattern}`);
  const budgets = Object.entries(s.budgets);
  if (budgets.length) lines.push(`budgets:  ${budgets.map(([m, v]) => `${m} ${v}`).join(', ')}`);
  lines.push('', 'Paste before </head> on every page:', s.snippet);
  return lines;
}

export async function rumSitesCommand(
  client: PageprobeClient,
  [sub = 'list', ...args]: string[],
  values: RumSiteValues,
  { out, json }: { out: (s: string) => void; json: (v: unknown) => void },
): Promise<number> {
  switch (sub) {
    case 'list': {
      const page = await client.rum.sites.list({
        ...(values.limit ? { limit: values.limit } : {}),
        ...(values.cursor ? { cursor: values.cursor } : {}),
      });
      if (values.json) json(page);
      else {
        if (page.data.length === 0) out('No sites yet: pageprobe rum sites create --name <name> --origin <origin>');
        for (const s of page.data) out(siteLine(s));
        if (page.next_cursor) out(`more: --cursor ${page.next_cursor}`);
      }
      return 0;
    }
    case 'create': {
      if (!values.name || !values.origin?.length)
        throw new UsageError('rum sites create --name <name> --origin <https://host[:port]>');
      const sampleRate = sampleRateOf(values['sample-rate']);
      const site = await client.rum.sites.create({
        name: values.name,
        origins: values.origin,
        ...(sampleRate !== undefined ? { sample_rate: sampleRate } : {}),
        ...(values.group?.length ? { page_groups: values.group.map(groupOf) } : {}),
      });
      if (values.json) json(site);
      else for (const line of siteDetails(site)) out(line);
      return 0;
    }
    case 'show': {
      if (!args[0]) throw new UsageError('rum sites show <site-id>');
      const site = await client.rum.sites.get(args[0]);
      if (values.json) json(site);
      else for (const line of siteDetails(site)) out(line);
      return 0;
    }
    case 'delete': {
      if (!args[0]) throw new UsageError('rum sites delete <site-id>');
      await client.rum.sites.delete(args[0]);
      out(`deleted ${args[0]}`);
      return 0;
    }
    default:
      throw new UsageError('rum sites list|create|show|delete');
  }
}
