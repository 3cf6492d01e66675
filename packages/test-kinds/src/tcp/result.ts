import { z } from 'zod';
import { expectationResultSchema } from '../expect/expectation.ts';
import { handshakeSchema } from '../tls/certificate-fields.ts';

const ms = z.int().nullable();

export const TCP_REASONS = [
  'dns_error',
  'connection_refused',
  'connection_reset',
  'timeout',
  'tls_error',
  'expectation_failed',
] as const;

export const tcpResult = z
  .object({
    up: z
      .boolean()
      .describe(
        'The port accepted the connection (and, with `tls`, the handshake succeeded with a trusted certificate) and every expectation held.',
      ),
    reason: z.enum(TCP_REASONS).nullable(),
    host: z.string(),
    port: z.int().min(1).max(65535),
    ip_address: z.string().nullable().describe('The address connected to.'),
    timings_ms: z.object({
      dns: ms.describe('Resolving the host; null for an address.'),
      connect: ms,
      tls: ms.describe('The TLS handshake; null without `tls`.'),
      total: ms,
    }),
    tls: handshakeSchema.nullable().describe('With `tls`: the certificate the port presented.'),
    expectations: z.array(expectationResultSchema).describe('Each of `expect` with what was found; empty without.'),
    error: z.string().nullable().describe('Why it is down, in words.'),
  })
  .meta({ id: 'TcpResult', description: 'Whether a TCP port accepts connections, how fast, and its certificate.' });

export type TcpResult = z.output<typeof tcpResult>;

/** TCP stores no audits. */
export const tcpAudits = z.null();
