import { monitorKinds } from '@pageprobe/test-kinds';

// Every kind of monitor the dashboard offers and lists: the registry's (issue 47 added tcp, dns and
// heartbeat), each under the dashboard's short word for it where it has one, else the kind's title.

const SHORT: Record<string, string> = {
  uptime: 'Uptime',
  lighthouse: 'Lighthouse',
  seo_crawl: 'SEO crawl',
  tcp: 'TCP',
  dns: 'DNS',
};

/** [type, word] for each kind of monitor, in the registry's order. */
export const MONITOR_TYPES: ReadonlyArray<readonly [string, string]> = monitorKinds.map((k) => [
  k.name,
  SHORT[k.name] ?? k.title,
]);

const WORDS = new Map(MONITOR_TYPES);

/** A monitor type as the dashboard writes it. */
export const typeWord = (type: string): string => WORDS.get(type) ?? type;
