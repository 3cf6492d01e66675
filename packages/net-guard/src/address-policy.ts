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

/** IPv6 forms that carry an IPv4 address: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d) and NAT64. */
function embeddedIpv4(ip: string): string | null {
  const lower = ip.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = Number.parseInt(hex[1]!, 16);
    const lo = Number.parseInt(hex[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** Why `ip` must not be reached (e.g. "loopback"), or null for a public address. */
export function blockedReason(ip: string): string | null {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4) return blockedReason(v4);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [reason, list] of lists) {
    if (list.check(bare, type)) return reason;
  }
  return null;
}
