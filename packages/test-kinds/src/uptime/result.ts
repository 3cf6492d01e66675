import { z } from 'zod';
import { expectationResultSchema } from '../expect/expectation.ts';
import { certificateFields } from '../tls/certificate-fields.ts';

const ms = z.int().nullable();

/** Why an uptime check found its target down: the network's reasons, an HTTP error, an expectation. */
export const UPTIME_REASONS = [
  'dns_error',
  'connection_refused',
  'connection_reset',
  'timeout',
  'tls_error',
  'http_error',
  'expectation_failed',
] as const;

export const uptimeResult = z
  .object({
    up: z
      .boolean()
      .describe(
        'A 2xx or 3xx final answer (or, with a status expectation, the status it asks for) that meets every expectation.',
      ),
    reason: z.enum(UPTIME_REASONS).nullable(),
    status_code: z.int().nullable(),
    final_url: z.string().nullable(),
    redirects: z.array(z.object({ url: z.string(), status_code: z.int() })),
    ip_address: z.string().nullable(),
    http_version: z.string().nullable(),
    size_bytes: z
      .int()
      .min(0)
      .nullable()
      .describe('Body bytes read after decompression; reading stops at 1 MiB (see body_truncated).'),
    body_truncated: z
      .boolean()
      .describe('True when the body went on past 1 MiB decompressed: the rest was not read, the verdict stands.'),
    timings_ms: z.object({ dns: ms, connect: ms, tls: ms, first_byte: ms, download: ms, total: ms }),
    tls: z
      .object({
        ...certificateFields,
        error: z.string().nullable(),
      })
      .nullable()
      .describe('For https: the certificate of the last host reached.'),
    error: z
      .string()
      .nullable()
      .describe('Why it is down; for expectation_failed, the first failed expectation’s message.'),
    expectations: z
      .array(expectationResultSchema)
      .optional()
      .describe(
        'With `expect`: each expectation, in order, with what was found. Empty when no answer came (the reason is the network’s).',
      ),
  })
  .meta({ id: 'UptimeResult', description: 'The verdict of an uptime check, its timings and certificate.' });

/** Uptime stores no audits. */
export const uptimeAudits = z.null();
