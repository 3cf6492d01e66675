import { z } from 'zod';
import { type Comparison, type CompareSubject, delta, deltaSchema, runRange, THRESHOLDS } from '../compare/delta.ts';
import { num, obj, arr, str } from '../report/read-json.ts';
import { fieldData } from './field.ts';
import { fieldCompareSection } from './field-view.ts';
import { USER_TIMING_LIMITS } from './result.ts';

const auditChange = z.object({
  id: z.string(),
  title: z.string(),
  head_score: z.number().nullable().describe('Null when the audit passed (score ≥ 0.9) or did not apply.'),
  base_score: z.number().nullable(),
});

const lighthouseDeltas = z
  .object({
    scores: z
      .record(z.string(), deltaSchema)
      .describe('performance, accessibility, best_practices, seo, agentic-browsing (points).'),
    structure_score: deltaSchema,
    vitals: z.record(z.string(), deltaSchema).describe('As in `vitals`: milliseconds, CLS unitless.'),
    resources: z
      .record(z.string(), z.object({ transfer_bytes: deltaSchema, requests: deltaSchema }))
      .describe('Per resource type; empty when either test predates the resource summary.'),
    user_timings: z
      .record(z.string(), deltaSchema)
      .optional()
      .describe("Each User Timing name either test recorded: a measure's duration, or a mark's start (ms)."),
    audits: z.object({
      worse: z.array(auditChange).describe('Audits whose score dropped, biggest drop first.'),
      better: z.array(auditChange).describe('Audits whose score rose, biggest rise first.'),
    }),
    field: z
      .object({
        head: fieldData.nullable().describe('Null for a test run before field data was recorded.'),
        base: fieldData.nullable().describe('Null for a test run before field data was recorded.'),
      })
      .describe(
        "Both tests' field data (`result.field`) side by side. Not a difference: each test keeps the 28 days of the Chrome UX Report it ran with, which move slowly, so nothing here counts as a change.",
      ),
  })
  .meta({ id: 'LighthouseDeltas', description: 'head − base of two lighthouse tests.' });

const SCORES = ['performance', 'accessibility', 'best_practices', 'seo', 'agentic-browsing'];
const VITALS = ['lcp_ms', 'fcp_ms', 'cls', 'tbt_ms', 'speed_index_ms', 'ttfb_ms', 'interactive_ms'];

/**
 * Each User Timing name's figure: a measure's duration, a mark's start (the first entry of a name, as
 * Lighthouse lists measures first). Compare, assertions and monitor series read the same figure.
 */
function timings(t: CompareSubject) {
  const out = new Map<string, number>();
  // A result written before the limits could hold any number of names: they bound the series keys too.
  for (const u of arr(obj(t.result).user_timings).slice(0, USER_TIMING_LIMITS.entries).map(obj)) {
    const name = str(u.name)?.slice(0, USER_TIMING_LIMITS.nameChars) ?? null;
    const value = num(u.kind === 'measure' ? u.duration_ms : u.start_ms);
    if (name !== null && value !== null && !out.has(name)) out.set(name, value);
  }
  return out;
}

/** A run's `user_timing:<name>` series values (monitors). */
export const userTimingMetrics = (t: CompareSubject) =>
  Object.fromEntries([...timings(t)].map(([name, value]) => [`user_timing:${name}`, value]));

/** Each test's improvable audits by id (audits at ≥ 0.9 are not stored: they passed). */
const auditScores = (t: CompareSubject) =>
  new Map(
    arr(t.audits)
      .map(obj)
      .map((a) => [str(a.id) ?? '', { title: str(a.title) ?? '', score: num(a.score) }] as const),
  );

function auditChanges(head: CompareSubject, base: CompareSubject) {
  const h = auditScores(head);
  const b = auditScores(base);
  const changes = [...new Set([...h.keys(), ...b.keys()])].flatMap((id) => {
    const headScore = h.get(id)?.score ?? null;
    const baseScore = b.get(id)?.score ?? null;
    // A missing audit passed: count it as 1 to rank the change.
    const move = (headScore ?? 1) - (baseScore ?? 1);
    if (move === 0) return [];
    return [
      { id, title: h.get(id)?.title ?? b.get(id)?.title ?? id, head_score: headScore, base_score: baseScore, move },
    ];
  });
  const strip = ({ move: _, ...c }: (typeof changes)[number]) => c;
  return {
    worse: changes
      .filter((c) => c.move < 0)
      .sort((x, y) => x.move - y.move)
      .map(strip),
    better: changes
      .filter((c) => c.move > 0)
      .sort((x, y) => y.move - x.move)
      .map(strip),
  };
}

/**
 * The larger of the two tests' run-to-run ranges of a figure, when both ran several times: a change
 * within what the runs themselves spread over is noise.
 */
function spreadOrThreshold(
  head: CompareSubject,
  base: CompareSubject,
  pick: (run: Record<string, unknown>) => unknown,
  fallback: number | ((base: number) => number),
) {
  const h = runRange(head.runResults, pick);
  const b = runRange(base.runResults, pick);
  return h !== null && b !== null ? Math.max(h, b) : fallback;
}

export const lighthouseComparison: Comparison = {
  schema: lighthouseDeltas,
  compare(head, base) {
    const hs = obj(head.scores);
    const bs = obj(base.scores);
    const hv = obj(head.vitals);
    const bv = obj(base.vitals);
    const hr = obj(obj(head.result).resources);
    const br = obj(obj(base.result).resources);
    const types =
      Object.keys(hr).length && Object.keys(br).length ? [...new Set([...Object.keys(hr), ...Object.keys(br)])] : [];
    return {
      scores: Object.fromEntries(
        SCORES.map((k) => [
          k,
          delta(
            hs[k],
            bs[k],
            'higher',
            k === 'performance'
              ? spreadOrThreshold(head, base, (r) => r.performance_score, THRESHOLDS.score)
              : THRESHOLDS.score,
          ),
        ]),
      ),
      structure_score: delta(head.structureScore, base.structureScore, 'higher', THRESHOLDS.score),
      vitals: Object.fromEntries(
        VITALS.map((k) => [
          k,
          delta(
            hv[k],
            bv[k],
            'lower',
            spreadOrThreshold(head, base, (r) => obj(r.vitals)[k], k === 'cls' ? THRESHOLDS.cls : THRESHOLDS.ms),
          ),
        ]),
      ),
      resources: Object.fromEntries(
        types.map((type) => {
          const h = obj(hr[type]);
          const b = obj(br[type]);
          return [
            type,
            {
              transfer_bytes: delta(h.transfer_bytes ?? 0, b.transfer_bytes ?? 0, 'lower', THRESHOLDS.bytes),
              requests: delta(h.requests ?? 0, b.requests ?? 0, 'lower', THRESHOLDS.count),
            },
          ];
        }),
      ),
      user_timings: userTimingDeltas(head, base),
      audits: auditChanges(head, base),
      field: { head: fieldOfTest(head), base: fieldOfTest(base) },
    };
  },
  section: fieldCompareSection,
};

/** A test's stored field data, or null when it has none (run before it was recorded). */
const fieldOfTest = (t: CompareSubject) => {
  const field = obj(t.result).field;
  return field && typeof field === 'object' ? field : null;
};

function userTimingDeltas(head: CompareSubject, base: CompareSubject) {
  const h = timings(head);
  const b = timings(base);
  return Object.fromEntries(
    [...new Set([...h.keys(), ...b.keys()])].map((name) => [
      name,
      delta(h.get(name), b.get(name), 'lower', THRESHOLDS.ms),
    ]),
  );
}
