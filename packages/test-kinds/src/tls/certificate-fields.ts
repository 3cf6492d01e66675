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
