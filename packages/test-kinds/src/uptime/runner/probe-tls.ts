import type { TLSSocket } from 'node:tls';
import { type GuardPolicy, guardedTlsConnect, networkErrorCode, toNetworkError } from '@pageprobe/net-guard';
import { certificateName } from '../../tls/certificate-name.ts';

export interface TlsDetails {
  subject: string | null;
  issuer: string | null;
  valid_from: string | null;
  valid_to: string | null;
  days_remaining: number | null;
  chain_valid: boolean;
  /** Why the chain did not validate: expired, self-signed, wrong host... */
  error: string | null;
}

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
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      if (!cert || Object.keys(cert).length === 0) return done(null);
      const validTo = cert.valid_to ? new Date(cert.valid_to) : null;
      const error = socket.authorized ? null : String(socket.authorizationError ?? 'certificate not trusted');
      done({
        subject: certificateName(cert.subject),
        issuer: certificateName(cert.issuer),
        valid_from: cert.valid_from ? new Date(cert.valid_from).toISOString() : null,
        valid_to: validTo?.toISOString() ?? null,
        days_remaining: validTo ? Math.floor((validTo.getTime() - Date.now()) / 86_400_000) : null,
        chain_valid: socket.authorized,
        error,
      });
    });
    socket.once('timeout', () => done(null));
    socket.once('error', (error) => {
      if (networkErrorCode(error) !== 'blocked') return done(null);
      socket.destroy();
      reject(toNetworkError(error));
    });
  });
}
