import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { RecordType } from '@pageprobe/test-kinds';

export interface Answer {
  value: string;
  ttl: number | null;
}

// PostgreSQL's JSON refuses NUL, and a zone may hold one in a TXT record.
const clean = (s: string) => s.replaceAll('\u0000', '\uFFFD');

/** Each type's query, its records written as a zone file writes their data. */
const QUERIES: Record<RecordType, (r: Resolver, name: string) => Promise<Answer[]>> = {
  A: async (r, name) => (await r.resolve4(name, { ttl: true })).map((a) => ({ value: a.address, ttl: a.ttl })),
  AAAA: async (r, name) => (await r.resolve6(name, { ttl: true })).map((a) => ({ value: a.address, ttl: a.ttl })),
  CNAME: async (r, name) => (await r.resolveCname(name)).map((value) => ({ value, ttl: null })),
  NS: async (r, name) => (await r.resolveNs(name)).map((value) => ({ value, ttl: null })),
  MX: async (r, name) => (await r.resolveMx(name)).map((mx) => ({ value: `${mx.priority} ${mx.exchange}`, ttl: null })),
  TXT: async (r, name) => (await r.resolveTxt(name)).map((chunks) => ({ value: chunks.join(''), ttl: null })),
  CAA: async (r, name) =>
    (await r.resolveCaa(name)).map((caa) => {
      const { critical, ...tags } = caa as { critical: number } & Record<string, string>;
      const [tag = '', value = ''] = Object.entries(tags)[0] ?? [];
      return { value: `${critical} ${tag} ${JSON.stringify(value)}`, ttl: null };
    }),
  SOA: async (r, name) => {
    const s = await r.resolveSoa(name);
    return [
      {
        value: `${s.nsname} ${s.hostmaster} ${s.serial} ${s.refresh} ${s.retry} ${s.expire} ${s.minttl}`,
        ttl: null,
      },
    ];
  },
};

/**
 * Asks `resolver` (ip:port; undefined: the system's) for the name's records of the type, sorted by value.
 * One try of `timeoutMs`, bound to the local address when there is one. Rejects with c-ares's error
 * (its code: ENOTFOUND for NXDOMAIN, ESERVFAIL, EREFUSED, ENODATA, ETIMEOUT, ECONNREFUSED...).
 */
export async function queryDns(
  name: string,
  type: RecordType,
  { resolver, timeoutMs, localAddress }: { resolver?: string; timeoutMs: number; localAddress?: string | undefined },
): Promise<Answer[]> {
  const r = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (resolver) r.setServers([resolver]);
  if (localAddress) {
    if (isIP(localAddress) === 6) r.setLocalAddress('0.0.0.0', localAddress);
    else r.setLocalAddress(localAddress);
  }
  // c-ares's own timeout can run past ours with several servers in resolv.conf: cancel at the budget.
  const timer = setTimeout(() => r.cancel(), timeoutMs + 250);
  try {
    const answers = await QUERIES[type](r, name);
    return answers
      .map((a) => ({ value: clean(a.value), ttl: a.ttl }))
      .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  } finally {
    clearTimeout(timer);
  }
}
