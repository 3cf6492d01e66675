import { isIP } from 'node:net';
import { type ConnectionOptions, connect, type TLSSocket } from 'node:tls';
import { connectionLookup } from './guarded-lookup.ts';
import { bareHost, defaultPort, type GuardPolicy, sourceOptions } from './policy.ts';

/**
 * A TLS connection to the host and port of a client's URL, under the same address policy as guardedRequest:
 * a refused literal throws BlockedAddressError before any socket opens, a refused name fails the socket
 * with it. SNI carries the name, never an address (RFC 6066). The socket binds to the policy's local address
 * when it has one.
 */
export function guardedTlsConnect(
  url: URL,
  policy: GuardPolicy,
  options: Omit<
    ConnectionOptions,
    'host' | 'port' | 'lookup' | 'servername' | 'socket' | 'path' | 'localAddress' | 'family'
  > = {},
): TLSSocket {
  const lookup = connectionLookup(url, policy);
  const host = bareHost(url.hostname);
  return connect({
    ...options,
    host,
    port: defaultPort(url),
    ...(isIP(host) ? {} : { servername: host }),
    lookup,
    ...sourceOptions(policy),
  });
}
