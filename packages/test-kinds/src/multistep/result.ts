import { z } from 'zod';
import { expectationResultSchema } from '../expect/expectation.ts';
import { UPTIME_REASONS } from '../uptime/result.ts';

const ms = z.int().nullable();

/** An uptime request's reasons, and what a sequence adds: a value not in an answer, a variable gone. */
export const MULTISTEP_REASONS = [...UPTIME_REASONS, 'extract_failed', 'missing_value'] as const;
export type MultistepReason = (typeof MULTISTEP_REASONS)[number];

const step = z
  .object({
    name: z.string().describe('The request’s name, or its method and path.'),
    method: z.string(),
    url: z.string().describe('The address asked, its placeholders filled (a secret’s value shown `[redacted]`).'),
    status: z.enum(['passed', 'failed', 'skipped']),
    status_code: z.int().nullable(),
    timings_ms: z.object({ dns: ms, connect: ms, tls: ms, first_byte: ms, download: ms, total: ms }),
    size_bytes: z.int().min(0).nullable(),
    expectations: z.array(expectationResultSchema).optional(),
    extracted: z
      .array(z.string())
      .describe('The names of the values it gave the requests after it; the values are never kept.'),
    error: z.string().nullable(),
  })
  .meta({ id: 'MultistepStepResult', description: 'One request of a multistep check.' });

export type MultistepStepResult = z.infer<typeof step>;

export const multistepResult = z
  .object({
    up: z
      .boolean()
      .describe('Every request answered 2xx or 3xx (or as its status expectation asks) and met its expectations.'),
    reason: z.enum(MULTISTEP_REASONS).nullable(),
    error: z.string().nullable().describe('Why it is down, naming the step: `Step 2 "POST /token" failed: HTTP 500`.'),
    failed_step: z.int().min(1).nullable().describe('The first failed request, counted from 1.'),
    status_code: z.int().nullable().describe('The failed request’s status, else the last one’s.'),
    duration_ms: z.int().min(0).describe('Every request’s time, end to end.'),
    steps: z.array(step),
  })
  .meta({
    id: 'MultistepResult',
    description: 'A multistep API check: each request in order, and the first that failed.',
  });

export type MultistepResult = z.infer<typeof multistepResult>;

/** A multistep check stores no audits. */
export const multistepAudits = z.null();
