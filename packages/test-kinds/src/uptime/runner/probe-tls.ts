import type { TLSSocket } from 'node:tls';
import { type GuardPolicy, guardedTlsConnect, networkErrorCode, toNetworkError } from '@pageprobe/net-guard';
import { type PeerCertificateDetails, peerCertificate } from '../../tls/peer-certificate.ts';

export type TlsDetails = PeerCertificateDetails;

/**
 * The certificate an https host presents, and whether it validates for that host name: one handshake
 * that accepts any certificate so it can be described, checked by Node's own verification and host
 * name check. Connects through the same guard and policy as the check; an address the policy refuses
 * (a literal or a name) rejects with a NetworkError coded `blocked`, so no certificate of it comes back.
 */
export function probeTls(
  url: URL,
  { policy, timeoutMs }: { policy: GuardPolicy; timeoutMs: number },
): Promise<TlsDetails | null> {
  return new Promise((resolve, reject) => {
    let socket: TLSSocket;
    try {
      socket = guardedTlsConnect(url, policy, { rejectUnauthorized: false, timeout: timeoutMs });
    } catch (error) {
      return reject(toNetworkError(error));
    }
    const done = (details: TlsDetails | null) => {
      socket.destroy();
      resolve(details);
    };
    socket.once('secureConnect', () => done(peerCertificate(socket)));
    socket.once('timeout', () => done(null));
    socket.once('error', (error) => {
      if (networkErrorCode(error) !== 'blocked') return done(null);
      socket.destroy();
      reject(toNetworkError(error));
    });
  });
}
