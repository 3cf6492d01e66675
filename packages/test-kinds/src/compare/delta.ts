import type { SafeHtml } from '@pageprobe/html';
import { z } from 'zod';

export type Better = 'higher' | 'lower';

export const deltaSchema = z
  .object({
    head: z.number().nullable(),
    base: z.number().nullable(),
    delta: z.number().nullable().describe('head − base; null when either is unknown.'),
    significant: z
      .boolean()
      .describe("Whether the change is larger than the runs' spread, or the documented threshold for single runs."),
    change: z.enum(['better', 'worse', 'same']).describe('`same` when the change is not significant.'),
  })
  .meta({ id: 'Delta', description: 'One figure of two tests, head against base.' });

export type Delta = z.infer<typeof deltaSchema>;

/**
 * What a change must exceed to count when there is no spread of runs to go by (a test of one run).
 * Lighthouse's own variability guidance puts a single run's performance score within about ±5 points
 * on a quiet machine (issue 15 measured a 4-point spread over 3 runs of a slow page); timings move by
 * about 10 % from run to run; bytes and requests are nearly deterministic.
 */
export const THRESHOLDS = {
  /** Score points (0–100). */
  score: 5,
  /** Milliseconds: 10 % of the base value, at least 100 ms. */
  ms: (base: number) => Math.max(100, Math.abs(base) * 0.1),
  /** Cumulative layout shift (unitless). */
  cls: 0.02,
  /** Bytes: 5 % of the base value, at least 1 KiB. */
  bytes: (base: number) => Math.max(1024, Math.abs(base) * 0.05),
  /** Counts (requests, issues): any change. */
  count: 0,
} as const;

const round = (n: number) => Math.round(n * 1000) / 1000;
const known = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** head against base: significant when |head − base| exceeds `threshold` (given the base value when a function). */
export function delta(
  head: unknown,
  base: unknown,
  better: Better,
  threshold: number | ((base: number) => number),
): Delta {
  const h = known(head) ? head : null;
  const b = known(base) ? base : null;
  if (h === null || b === null) return { head: h, base: b, delta: null, significant: false, change: 'same' };
  const d = round(h - b);
  const limit = typeof threshold === 'number' ? threshold : threshold(b);
  const significant = Math.abs(d) > limit;
  const change = !significant ? 'same' : d > 0 === (better === 'higher') ? 'better' : 'worse';
  return { head: h, base: b, delta: d, significant, change };
}

/** The spread (max − min) of a figure across a test's runs; null for a test of one run. */
export function runRange(runs: unknown, pick: (run: Record<string, unknown>) => unknown): number | null {
  if (!Array.isArray(runs) || runs.length < 2) return null;
  const values = runs.map((r) => pick(r as Record<string, unknown>)).filter(known);
  return values.length < 2 ? null : Math.max(...values) - Math.min(...values);
}

/** What a comparison reads of a finished test: its stored row. */
export interface CompareSubject {
  performanceScore: number | null;
  structureScore: number | null;
  scores: unknown;
  vitals: unknown;
  audits: unknown;
  seoIssues: unknown;
  result: unknown;
  runResults: unknown;
}

/** A kind's comparison: the deltas' schema (for the OpenAPI document) and how to work them out. */
export interface Comparison {
  schema: z.ZodType;
  compare(head: CompareSubject, base: CompareSubject): Record<string, unknown>;
  /** The kind's own part of the compare page beyond the table of deltas (lighthouse: both tests' field data). */
  section?(deltas: Record<string, unknown>): SafeHtml;
}
