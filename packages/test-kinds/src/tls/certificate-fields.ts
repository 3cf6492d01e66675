import { z } from 'zod';

/** A presented certificate as a check reports it, for uptime's https and tcp's `tls` alike. */
export const certificateFields = {
  subject: z.string().nullable(),
  issuer: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  days_remaining: z.int().nullable(),
  chain_valid: z.boolean(),
};

/** A TLS handshake a check made itself (tcp's `tls`, smtp's): the version, the certificate, why it is not trusted. */
export const handshakeSchema = z.object({
  protocol: z.string().nullable().describe('The negotiated version, e.g. TLSv1.3.'),
  ...certificateFields,
  error: z.string().nullable().describe('Why the chain did not validate for the host.'),
});
