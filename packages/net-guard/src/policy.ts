import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { blockedReason } from './address-policy.ts';
import { BlockedAddressError } from './blocked-address-error.ts';

/**
 * Who may be reached: public addresses only, unless private targets are allowed outright or per host:port;
 * and from where: the local address every connection made under the policy binds to.
 */
export interface GuardPolicy {
  allowPrivate: boolean;
  /** host:port pairs let through whatever they resolve to (the test harness's own servers). */
  allowTargets?: readonly string[];
  /**
   * The local address (an IPv4 or IPv6 literal) every connection binds to: a worker's SOURCE_ADDRESS, so a
   * location's traffic leaves from its own address. Unset: the system chooses. Names are resolved to this
   * address's family only, since a socket bound to one family cannot reach the other.
   */
  localAddress?: string | undefined;
}

/** The IP family a connection under `policy` must use (that of its local address), or undefined for either. */
export function familyOf(policy: GuardPolicy): 4 | 6 | undefined {
  const family = policy.localAddress ? isIP(policy.localAddress) : 0;
  return family === 4 || family === 6 ? family : undefined;
}

/**
 * The options that bind a net/tls/http connection to the policy's local address (`localAddress`, and
 * `family` so a name resolves to addresses that address can reach); none when the system chooses.
 */
export function sourceOptions(policy: GuardPolicy): { localAddress?: string; family?: 4 | 6 } {
  const family = familyOf(policy);
  return policy.localAddress && family ? { localAddress: policy.localAddress, family } : {};
}

export const bareHost = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);

/** Whether `host:port` may resolve to any address under `policy`. */
export function allowsAnyAddress(host: string, port: number, policy: GuardPolicy): boolean {
  return policy.allowPrivate || (policy.allowTargets ?? []).includes(`${bareHost(host)}:${port}`);
}

export const defaultPort = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/**
 * Resolves `host` and returns the first address when every address it has is allowed; throws
 * BlockedAddressError otherwise, and DNS errors as they come. For code that connects by address itself
 * (the browser's egress proxy), so what was checked is what is connected to. With a local address, the
 * first address of its family is returned (the first of any when there is none: the connection then fails).
 */
export async function resolveAllowed(host: string, port: number, policy: GuardPolicy): Promise<string> {
  const bare = bareHost(host);
  const addresses = isIP(bare) ? [bare] : (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
  if (!allowsAnyAddress(bare, port, policy)) {
    for (const address of addresses) {
      const reason = blockedReason(address);
      if (reason) throw new BlockedAddressError(bare, address, reason);
    }
  }
  const family = familyOf(policy);
  return (family && addresses.find((address) => isIP(address) === family)) || addresses[0]!;
}
