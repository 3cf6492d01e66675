import type { PeerCertificate } from 'node:tls';

/** A certificate's subject or issuer in one line (`CN=example.com, O=Example`), as checks report them. */
export const certificateName = (fields: PeerCertificate['subject'] | undefined) =>
  fields
    ? Object.entries(fields)
        .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('+') : v}`)
        .join(', ')
    : null;
