import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { blockedReason } from './address-policy.ts';
import { BlockedAddressError } from './blocked-address-error.ts';
import { allowsAnyAddress, bareHost, defaultPort, type GuardPolicy } from './policy.ts';

/**
 * A `lookup` for net/http/tls/got that resolves the host itself and hands the socket only addresses it
 * checked, so a name cannot resolve to a public address for the check and a private one for the
 * connection (DNS rebinding). Any blocked address in the answer refuses the whole host.
 */
export function guardedLookup({ allowPrivate }: { allowPrivate: boolean }): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!allowPrivate) {
        for (const { address } of addresses) {
          const reason = blockedReason(address);
          if (reason) return callback(new BlockedAddressError(hostname, address, reason), '', 0);
        }
      }
      if (options.all) return (callback as unknown as AllCallback)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  }) as LookupFunction;
}

/** net skips `lookup` for IP literals, so those are checked before connecting. */
export function assertAllowedLiteral(hostname: string, { allowPrivate }: { allowPrivate: boolean }): void {
  const host = bareHost(hostname);
  if (allowPrivate || !isIP(host)) return;
  const reason = blockedReason(host);
  if (reason) throw new BlockedAddressError(hostname, host, reason);
}

/**
 * The `lookup` for one connection to `url` under `policy`, for every way we connect to a client's address
 * (got, tls.connect, net.connect): a literal host is checked here, before any socket exists, since net
 * never calls `lookup` for one; a name is checked by guardedLookup as it resolves. Throws
 * BlockedAddressError for a refused literal.
 */
export function connectionLookup(url: URL, policy: GuardPolicy): LookupFunction {
  const guard = { allowPrivate: allowsAnyAddress(url.hostname, defaultPort(url), policy) };
  assertAllowedLiteral(url.hostname, guard);
  return guardedLookup(guard);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string, family: number) => void;
type AllCallback = (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void;
