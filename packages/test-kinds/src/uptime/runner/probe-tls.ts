import { connect, type PeerCertificate } from 'node:tls';
import { guardedLookup } from '@pageprobe/net-guard';

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

const name = (fields: PeerCertificate['subject'] | undefined) =>
  fields
    ? Object.entries(fields)
        .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('+') : v}`)
        .join(', ')
    : null;

/**
 * The certificate an https host presents, and whether it validates for that host name: one handshake
 * that accepts any certificate so it can be described, checked by Node's own verification and host
 * name check. Connects through the same guard as the check.
 */
export function probeTls(
  url: URL,
  { allowPrivate, timeoutMs }: { allowPrivate: boolean; timeoutMs: number },
): Promise<TlsDetails | null> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const socket = connect({
      host: hostname,
      port: Number(url.port || 443),
      servername: /^[\d.]+$|:/.test(hostname) ? undefined : hostname,
      rejectUnauthorized: false,
      lookup: guardedLookup({ allowPrivate }),
      timeout: timeoutMs,
    });
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
        subject: name(cert.subject),
        issuer: name(cert.issuer),
        valid_from: cert.valid_from ? new Date(cert.valid_from).toISOString() : null,
        valid_to: validTo?.toISOString() ?? null,
        days_remaining: validTo ? Math.floor((validTo.getTime() - Date.now()) / 86_400_000) : null,
        chain_valid: socket.authorized,
        error,
      });
    });
    socket.once('timeout', () => done(null));
    socket.once('error', () => done(null));
  });
}
