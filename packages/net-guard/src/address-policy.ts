import { BlockList, isIP } from 'node:net';

// Addresses a test or callback may never reach unless ALLOW_PRIVATE_TARGETS is set: everything that is
// not a globally routable unicast address (RFC 6890 special-purpose registries), including cloud
// metadata (169.254.169.254, fd00:ec2::254) which fall inside link-local and unique-local ranges.
const IPV4_BLOCKED: Array<[string, number, string]> = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  // Azure's host endpoint (DHCP, DNS, health probes, the VM agent): reachable from every VM.
  ['168.63.129.16', 32, 'cloud host endpoint'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const IPV6_BLOCKED: Array<[string, number, string]> = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['100::', 64, 'discard'],
  // RFC 8215 local-use NAT64: translates to whatever the operator's network routes, private included.
  ['64:ff9b:1::', 48, 'local-use NAT64'],
  ['2001::', 23, 'reserved'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

const lists = new Map<string, BlockList>();
for (const [net, prefix, reason] of IPV4_BLOCKED) add(net, prefix, 'ipv4', reason);
for (const [net, prefix, reason] of IPV6_BLOCKED) add(net, prefix, 'ipv6', reason);

function add(net: string, prefix: number, type: 'ipv4' | 'ipv6', reason: string): void {
  let list = lists.get(reason);
  if (!list) {
    list = new BlockList();
    lists.set(reason, list);
  }
  list.addSubnet(net, prefix, type);
}

/**
 * IPv6 ranges whose last 32 bits are an IPv4 address the packet really goes to (RFC 4291 mapped and
 * compatible, RFC 2765 translated, RFC 6052 NAT64): judged by that address, whatever the spelling.
 */
const EMBEDS_IPV4 = new BlockList();
for (const net of ['::ffff:0:0', '::ffff:0:0:0', '64:ff9b::', '::']) EMBEDS_IPV4.addSubnet(net, 96, 'ipv6');

/** The 16 bytes of a valid IPv6 address in any spelling (with `::` and a dotted IPv4 tail). */
function ipv6Bytes(ip: string): number[] {
  let text = ip.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 255];
  });
}

/** The IPv4 address an IPv6 address carries, when it lies in one of the embedding ranges. */
function embeddedIpv4(ip: string): string | null {
  if (!EMBEDS_IPV4.check(ip, 'ipv6')) return null;
  return ipv6Bytes(ip).slice(12).join('.');
}

/** Why `ip` must not be reached (e.g. "loopback"), or null for a public address. */
export function blockedReason(ip: string): string | null {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  // The IPv6 list first: `::` and `::1` lie in the IPv4-compatible range but are IPv6's own.
  for (const [reason, list] of lists) {
    if (list.check(bare, type)) return reason;
  }
  const v4 = family === 6 ? embeddedIpv4(bare) : null;
  if (v4) return blockedReason(v4);
  return null;
}
