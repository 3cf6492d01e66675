import type { TLSSocket } from 'node:tls';
import { certificateName } from './certificate-name.ts';

/** A presented certificate as a check reports it (the fields of `certificateFields`, and why it is not trusted). */
export interface PeerCertificateDetails {
  subject: string | null;
  issuer: string | null;
  valid_from: string | null;
  valid_to: string | null;
  days_remaining: number | null;
  chain_valid: boolean;
  /** Why the chain did not validate for the host: expired, self-signed, wrong host… */
  error: string | null;
}

/**
 * The certificate a finished handshake presented, judged by Node's own verification and host name check
 * (the socket was opened accepting any certificate so it can be described); null when there was none.
 */
export function peerCertificate(socket: TLSSocket): PeerCertificateDetails | null {
  const cert = socket.getPeerCertificate();
  if (!cert || Object.keys(cert).length === 0) return null;
  const validTo = cert.valid_to ? new Date(cert.valid_to) : null;
  return {
    subject: certificateName(cert.subject),
    issuer: certificateName(cert.issuer),
    valid_from: cert.valid_from ? new Date(cert.valid_from).toISOString() : null,
    valid_to: validTo?.toISOString() ?? null,
    days_remaining: validTo ? Math.floor((validTo.getTime() - Date.now()) / 86_400_000) : null,
    chain_valid: socket.authorized,
    error: socket.authorized ? null : String(socket.authorizationError ?? 'certificate not trusted'),
  };
}

const NO_CERTIFICATE = { subject: null, issuer: null, valid_from: null, valid_to: null, days_remaining: null };

/** A finished handshake as a check's `tls` reports it (tcp's, smtp's): the version and the certificate. */
export function handshakeDetails(socket: TLSSocket): PeerCertificateDetails & { protocol: string | null } {
  return {
    protocol: socket.getProtocol() ?? null,
    ...NO_CERTIFICATE,
    chain_valid: socket.authorized,
    error: socket.authorized ? null : String(socket.authorizationError ?? 'certificate not trusted'),
    ...peerCertificate(socket),
  };
}
