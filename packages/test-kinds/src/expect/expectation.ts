import { z } from 'zod';

/** What an expectation reads from a check's answer. */
export const SOURCES = ['status', 'header', 'body', 'json', 'response_time', 'certificate_days', 'answers'] as const;
export type Source = (typeof SOURCES)[number];

export const OPERATORS = [
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'contains',
  'not_contains',
  'matches',
  'exists',
  'not_empty',
] as const;
export type Operator = (typeof OPERATORS)[number];

export type ExpectValue = string | number | boolean | null | string[];

/** What a failed expectation makes of the check: down (the default), or degraded (up, but not well). */
export const SEVERITIES = ['down', 'degraded'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** One expectation as a request gives it (issue 47); which fields it needs depends on its source. */
export interface Expectation {
  source: Source;
  operator: Operator;
  /** header: the header's name (matched without regard to case). */
  name?: string;
  /** json: an RFC 9535 JSONPath into the parsed body. */
  path?: string;
  /** Absent for `exists` and `not_empty`. */
  value?: ExpectValue;
  /** Absent: down. */
  severity?: Severity;
}

/** An expectation after a check: what was found and whether it held. */
export type ExpectationResult = Expectation & {
  /** What the source held: a status, a header's value, a JSON value, ms, days, the answers; null when absent. */
  actual: unknown;
  passed: boolean;
  /** Why it failed, in words (the alert's words), e.g. `Expected $.status to equal "ok", got "degraded"`. */
  message: string | null;
};

/** The sources each kind's checks can be asked about; a kind not listed takes no `expect`. */
export const EXPECT_SOURCES: Readonly<Record<string, readonly Source[]>> = {
  uptime: ['status', 'header', 'body', 'json', 'response_time', 'certificate_days'],
  tcp: ['response_time', 'certificate_days'],
  dns: ['answers', 'response_time'],
  // Each request of a multistep check (issue 59), judged against its own answer.
  multistep: ['status', 'header', 'body', 'json', 'response_time'],
  smtp: ['response_time', 'certificate_days'],
};

/** Where a kind's expectations are written, when not on the test itself. */
const WRITTEN_ON: Readonly<Record<string, string>> = { multistep: 'each request’s `expect`' };

/** The operators each source takes. */
export const SOURCE_OPERATORS: Readonly<Record<Source, readonly Operator[]>> = {
  status: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'],
  header: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'contains', 'not_contains', 'matches', 'exists'],
  body: ['contains', 'not_contains', 'matches'],
  json: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'contains', 'not_contains', 'matches', 'exists'],
  response_time: ['lt', 'lte'],
  certificate_days: ['gt', 'gte'],
  answers: ['contains', 'eq', 'not_empty'],
};

export const MAX_EXPECTATIONS = 20;
/** A value or pattern's length at most, in characters. */
export const MAX_EXPECT_STRING = 1000;
/** A JSONPath's length at most. */
export const MAX_JSON_PATH = 500;

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * The request's shape, as the OpenAPI document gives it. Deliberately loose (any source with any
 * operator): which operators, fields and values a source takes, and which sources a kind allows, is
 * checked by checkExpectations, which names the field and says why (a oneOf's errors would not).
 */
export const expectationSchema = z
  .strictObject({
    source: z.enum(SOURCES).describe(
      `What is checked. ${Object.entries(EXPECT_SOURCES)
        .map(([kind, sources]) => `${kind}${WRITTEN_ON[kind] ? ` (${WRITTEN_ON[kind]})` : ''}: ${sources.join(', ')}`)
        .join('; ')}.`,
    ),
    operator: z
      .enum(OPERATORS)
      .describe(
        'status: eq ne lt lte gt gte; header and json: any but not_empty; body: contains not_contains matches; response_time: lt lte (ms); certificate_days: gt gte; answers: contains eq not_empty. `matches` takes an RE2 pattern (linear time; backreferences and lookaround are refused).',
      ),
    name: z.string().min(1).max(256).optional().describe('header: the header name, in any case.'),
    path: z.string().min(1).max(MAX_JSON_PATH).optional().describe('json: a JSONPath (RFC 9535), e.g. `$.status`.'),
    value: z
      .union([scalar, z.array(z.string()).max(100)])
      .optional()
      .describe(
        'What to compare with: a number for lt/lte/gt/gte, a string for contains/matches, none for exists and not_empty; answers eq takes a string or a list (compared as a sorted set).',
      ),
    severity: z
      .enum(SEVERITIES)
      .optional()
      .describe(
        'What its failure makes of the check: `down` (the default), or `degraded`: a check whose failed expectations are all `degraded` is up, but degraded (a monitor then says `degraded` and raises monitor.degraded; uptime counts it up and reports it apart).',
      ),
  })
  .meta({
    id: 'Expectation',
    description: 'One check of the answer; all of `expect` must hold for the check to pass.',
    examples: [{ source: 'json', path: '$.status', operator: 'eq', value: 'ok' }],
  });

export const expectationResultSchema = z
  .object({
    source: z.enum(SOURCES),
    operator: z.enum(OPERATORS),
    name: z.string().optional(),
    path: z.string().optional(),
    value: z.union([scalar, z.array(z.string())]).optional(),
    severity: z.enum(SEVERITIES).optional(),
    actual: z
      .unknown()
      .describe(
        'What was found: the status, the header value, the JSON value (long ones cut to 500 characters), ms, days, the answers; null when absent. For body, its first 200 characters.',
      ),
    passed: z.boolean(),
    message: z.string().nullable().describe('Why it failed, e.g. `Expected $.status to equal "ok", got "degraded"`.'),
  })
  .meta({ id: 'ExpectationResult', description: 'An expectation with what the check found.' });
