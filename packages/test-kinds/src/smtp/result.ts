import { z } from 'zod';
import { expectationResultSchema } from '../expect/expectation.ts';
import { handshakeSchema } from '../tls/certificate-fields.ts';

const ms = z.int().nullable();

export const SMTP_REASONS = [
  'dns_error',
  'connection_refused',
  'connection_reset',
  'timeout',
  'tls_error',
  'smtp_error',
  'expectation_failed',
] as const;

export const smtpResult = z
  .object({
    up: z
      .boolean()
      .describe(
        'The server greeted with 220 and answered EHLO with 250 (and, with TLS, the handshake succeeded with a trusted certificate) and every expectation held.',
      ),
    reason: z.enum(SMTP_REASONS).nullable(),
    host: z.string(),
    port: z.int().min(1).max(65535),
    ip_address: z.string().nullable().describe('The address connected to.'),
    greeting: z
      .string()
      .nullable()
      .describe('The server’s greeting as it sent it, code and text (`220 mx.example.com ESMTP`), its first line.'),
    extensions: z
      .array(z.string())
      .describe(
        'What the server offers in answer to EHLO (`PIPELINING`, `SIZE 10240000`, `STARTTLS`…), after the TLS handshake when there was one; empty when it did not answer.',
      ),
    timings_ms: z.object({
      dns: ms.describe('Resolving the host; null for an address.'),
      connect: ms,
      tls: ms.describe('STARTTLS and the handshake (smtps: the handshake); null without TLS.'),
      greeting: ms.describe('From connected (smtps: secured) to the greeting.'),
      ehlo: ms.describe('EHLO to its answer.'),
      total: ms,
    }),
    tls: handshakeSchema.nullable().describe('With STARTTLS or smtps: the certificate the server presented.'),
    expectations: z.array(expectationResultSchema).describe('Each of `expect` with what was found; empty without.'),
    error: z.string().nullable().describe('Why it is down, in words (a refusal quotes the server’s reply).'),
  })
  .meta({
    id: 'SmtpResult',
    description: 'Whether a mail server greets and answers EHLO, how fast, what it offers, and its certificate.',
  });

export type SmtpResult = z.output<typeof smtpResult>;

/** SMTP stores no audits. */
export const smtpAudits = z.null();
