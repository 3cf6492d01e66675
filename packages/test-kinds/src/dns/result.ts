import { z } from 'zod';
import { expectationResultSchema } from '../expect/expectation.ts';
import { RECORD_TYPES } from './target.ts';

export const DNS_REASONS = [
  'nxdomain',
  'servfail',
  'refused',
  'no_answer',
  'timeout',
  'connection_refused',
  'dns_error',
  'expectation_failed',
] as const;

export const dnsResult = z
  .object({
    up: z.boolean().describe('The resolver answered the name with records of the type, and every expectation held.'),
    reason: z
      .enum(DNS_REASONS)
      .nullable()
      .describe(
        'nxdomain: the name does not exist; servfail and refused: what the server answered; no_answer: the name exists without records of the type; timeout: no answer in time.',
      ),
    name: z.string(),
    type: z.enum(RECORD_TYPES),
    resolver: z.string().nullable().describe('The resolver asked, `ip:port`; null: the worker’s system resolver.'),
    answers: z
      .array(
        z.object({
          value: z
            .string()
            .describe(
              'The record as a zone file writes its data: an address, a name, `10 mail.example.com` (MX), the text (TXT, strings joined), `0 issue "ca.example"` (CAA), `mname rname serial refresh retry expire minimum` (SOA).',
            ),
          ttl: z.int().nullable().describe('Seconds; given for A and AAAA (null for the other types).'),
        }),
      )
      .describe('Sorted by value.'),
    withheld: z
      .int()
      .min(1)
      .optional()
      .describe(
        'Private addresses the resolver answered, withheld (not in `answers`, not matched by `expect`): the worker does not allow private targets (ALLOW_PRIVATE_TARGETS), and a name of a split-horizon zone answers so inside its network. Absent when none.',
      ),
    timings_ms: z.object({ total: z.int().nullable() }),
    expectations: z.array(expectationResultSchema).describe('Each of `expect` with what was found; empty without.'),
    error: z
      .string()
      .nullable()
      .describe('Why it is down, in words (e.g. `DNS server answered SERVFAIL for example.com A`).'),
  })
  .meta({ id: 'DnsResult', description: 'A DNS query’s answers, their TTLs, and how long the resolver took.' });

export type DnsResult = z.output<typeof dnsResult>;

/** DNS stores no audits. */
export const dnsAudits = z.null();
