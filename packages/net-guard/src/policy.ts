import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { blockedReason } from './address-policy.ts';
import { BlockedAddressError } from './blocked-address-error.ts';

/** Who may be reached: public addresses only, unless private targets are allowed outright or per host:port. */
export interface GuardPolicy {
  allowPrivate: boolean;
  /** host:port pairs let through whatever they resolve to (the test harness's own servers). */
  allowTargets?: readonly string[];
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
 * (the browser's egress proxy), so what was checked is what is connected to.
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
  return addresses[0]!;
}
