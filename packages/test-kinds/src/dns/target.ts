import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { canonicalHost, type KindTarget, type TargetRead } from '../target/kind-target.ts';

/** The record types a DNS check asks for. */
export const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'CAA', 'SOA'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** A DNS check's query: the name, the type, and the resolver asked (null: the worker's system resolver). */
export interface DnsQuery {
  name: string;
  type: RecordType;
  resolver: { host: string; port: number } | null;
}

const bad = (message: string): TargetRead => ({ ok: false, message });
const FORM = 'must be a DNS URI (RFC 4501): dns:example.com?type=MX, dns://192.0.2.53/example.com?type=A, or a name';

/**
 * Reads an RFC 4501 DNS URI (`dns:name?type=T`, `dns://resolver[:port]/name?type=T`, the query's
 * elements `;`-separated and case-insensitive, class IN only) or a bare name (type A, the system
 * resolver). The resolver must be an IP address: the check asks it directly, and a name would first
 * need a resolver of its own.
 */
export function parseDnsQuery(input: string): DnsQuery | { problem: string } {
  const text = input.trim();
  let authority: string | null = null;
  let rest: string;
  if (/^dns:/i.test(text)) {
    rest = text.slice(4);
    if (rest.startsWith('//')) {
      const slash = rest.indexOf('/', 2);
      if (slash < 0) return { problem: `has a resolver but no name (${FORM})` };
      authority = rest.slice(2, slash);
      rest = rest.slice(slash + 1);
    }
  } else if (text.includes(':')) {
    // Another scheme (http:, tcp:), or a host:port: not a DNS query.
    return { problem: FORM };
  } else {
    rest = text;
  }
  const [namePart = '', query = ''] = rest.split('?', 2) as [string, string?];
  let type: RecordType = 'A';
  for (const element of query.split(/[;&]/).filter(Boolean)) {
    const [key = '', value = ''] = element.split('=', 2) as [string, string?];
    if (key.toLowerCase() === 'type') {
      const upper = value.toUpperCase();
      if (!(RECORD_TYPES as readonly string[]).includes(upper)) {
        return { problem: `asks for record type "${value}"; the types are ${RECORD_TYPES.join(', ')}` };
      }
      type = upper as RecordType;
    } else if (key.toLowerCase() === 'class') {
      if (value.toUpperCase() !== 'IN') return { problem: 'asks for a class other than IN' };
    } else {
      return { problem: `has "${element}": the query takes type= and class= only` };
    }
  }
  const name = dnsName(namePart);
  if (!name) return { problem: `has no valid domain name (${FORM})` };
  let resolver: DnsQuery['resolver'] = null;
  if (authority !== null && authority !== '') {
    const match = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(authority);
    const host = match ? canonicalHost(match[1]!) : null;
    const bare = host?.startsWith('[') ? host.slice(1, -1) : host;
    if (!bare || !isIP(bare)) return { problem: 'names a resolver that is not an IP address' };
    const port = match![2] === undefined ? 53 : Number(match![2]);
    if (port < 1 || port > 65535) return { problem: 'names a resolver port outside 1 to 65535' };
    resolver = { host: bare, port };
  }
  return { name, type, resolver };
}

/** A name in ASCII lower case without its final dot, or null when it is not one (labels 1-63, at most 253). */
function dnsName(raw: string): string | null {
  if (!raw || raw.includes('%') || raw.includes('/')) return null;
  const ascii = domainToASCII(raw.replace(/\.$/, ''));
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.some((l) => l.length === 0 || l.length > 63 || !/^[a-z0-9_-]+$/.test(l))) return null;
  return ascii;
}

const hostOf = (host: string) => (isIP(host) === 6 ? `[${host}]` : host);

/** The stored form of a query: `dns:name?type=T`, or with its resolver `dns://ip[:port]/name?type=T`. */
export function dnsUri({ name, type, resolver }: DnsQuery): string {
  const authority = resolver ? `//${hostOf(resolver.host)}${resolver.port === 53 ? '' : `:${resolver.port}`}/` : '';
  return `dns:${authority}${name}?type=${type}`;
}

/** The resolver as `ip:port` (IPv6 bracketed), as Resolver#setServers and the result name it. */
export const resolverAddress = (resolver: NonNullable<DnsQuery['resolver']>) =>
  `${hostOf(resolver.host)}:${resolver.port}`;

export const dnsTarget: KindTarget = {
  protocols: ['dns:'],
  takes:
    'For `dns`: a DNS URI (RFC 4501), `dns:example.com?type=MX`, or with a resolver `dns://192.0.2.53:5353/example.com?type=A` (an IP address; without one, the system resolver); a bare name means type A. Types: A, AAAA, CNAME, MX, TXT, NS, CAA, SOA.',
  hint: '`dns:example.com?type=MX` (or `dns://192.0.2.53/example.com?type=A` to ask that resolver)',
  read(input) {
    const query = parseDnsQuery(input);
    if ('problem' in query) return bad(query.problem);
    return {
      ok: true,
      url: dnsUri(query),
      reaches: query.resolver ? `dns://${resolverAddress(query.resolver)}/` : null,
      ...(query.resolver ? {} : { lookedUp: query.name }),
    };
  },
};
