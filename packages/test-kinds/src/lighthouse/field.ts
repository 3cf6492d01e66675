import type { CruxAnswer, CruxRecord } from '@pageprobe/crux';
import { z } from 'zod';
import { type Rating, rateVital, vitalNamed } from './thresholds.ts';

/**
 * Field data: what real Chrome users saw of the page over 28 days (the Chrome UX Report), beside the
 * lab's figures, with a verdict per metric saying whether lab and field agree. Pure: the worker asks
 * CrUX (@pageprobe/crux) and hands its answer to `fieldOf`.
 */

export const FIELD_METRIC_NAMES = ['lcp', 'inp', 'cls', 'fcp', 'ttfb'] as const;
export type FieldMetricName = (typeof FIELD_METRIC_NAMES)[number];

/**
 * Each field metric's thresholds (the key of the vital in VITALS) and the lab figure it is compared
 * with. INP needs a real visitor's interaction, which a lab load has none of: its lab counterpart is
 * Total Blocking Time, Lighthouse's proxy for responsiveness, rated against TBT's own thresholds
 * (200/600 ms), so INP's verdict compares categories, never INP's milliseconds with TBT's.
 */
const PAIRS: Record<FieldMetricName, { field: string; lab: LabMetric }> = {
  lcp: { field: 'lcp_ms', lab: 'lcp_ms' },
  inp: { field: 'inp_ms', lab: 'tbt_ms' },
  cls: { field: 'cls', lab: 'cls' },
  fcp: { field: 'fcp_ms', lab: 'fcp_ms' },
  ttfb: { field: 'ttfb_ms', lab: 'ttfb_ms' },
};
const LAB_METRICS = ['lcp_ms', 'tbt_ms', 'cls', 'fcp_ms', 'ttfb_ms'] as const;
type LabMetric = (typeof LAB_METRICS)[number];

const category = z.enum(['good', 'needs_improvement', 'poor']);
const share = (what: string) =>
  z.number().min(0).max(1).describe(`Share of page loads (0 to 1) whose value was ${what}.`);

export const fieldMetric = z
  .object({
    p75: z
      .number()
      .min(0)
      .describe('The 75th percentile of what real users saw: ms for LCP, INP, FCP and TTFB; unitless for CLS.'),
    good: share('good'),
    needs_improvement: share('needing improvement'),
    poor: share('poor'),
    category: category.describe("The p75's category by the Core Web Vitals thresholds."),
    lab_metric: z
      .enum(LAB_METRICS)
      .describe(
        "The test's vital compared with it. INP's is tbt_ms: a lab load has no interaction, so Lighthouse's Total Blocking Time stands for it, rated by TBT's thresholds (good ≤ 200 ms, poor > 600 ms).",
      ),
    lab: z.number().nullable().describe("The lab's value of `lab_metric` (the test's vitals); null when it has none."),
    lab_category: category.nullable().describe("The lab value's category; null without a lab value."),
    verdict: z
      .enum(['agree', 'lab_better', 'field_better'])
      .nullable()
      .describe(
        "agree: lab and field in the same category; lab_better: the lab's category is better than real users' (the lab run flatters the page); field_better: worse. Null without a lab value.",
      ),
  })
  .meta({
    id: 'FieldMetric',
    description: "One Core Web Vital as real Chrome users saw it (CrUX), beside the test's lab value.",
  });
export type FieldMetricResult = z.infer<typeof fieldMetric>;

// A day as CrUX's record gives it (no time zone), written YYYY-MM-DD; zod's iso.date() would print a
// page-long leap-year pattern into the OpenAPI document.
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ format: 'date' });

export const collectionPeriod = z
  .object({
    first_date: day,
    last_date: day,
  })
  .meta({ id: 'CollectionPeriod', description: "The days (UTC) CrUX's figures were collected over, both included." });

const fieldAvailable = z.object({
  available: z.literal(true),
  scope: z
    .enum(['url', 'origin'])
    .describe("url: the page's own record; origin: the whole site's, when the page has too few visits of its own."),
  key: z.string().describe('The URL or origin CrUX answered for, as CrUX writes it.'),
  form_factor: z.enum(['PHONE', 'DESKTOP']).describe("CrUX's devices matching the test's: PHONE for mobile."),
  collection_period: collectionPeriod,
  metrics: z
    .object(
      Object.fromEntries(
        FIELD_METRIC_NAMES.map((m) => [m, fieldMetric.nullable().describe(`Null when CrUX has no ${m} figures.`)]),
      ) as Record<FieldMetricName, z.ZodNullable<typeof fieldMetric>>,
    )
    .describe('LCP, INP, CLS, FCP and TTFB; null for one CrUX has no figures of.'),
});

const fieldUnavailable = z.object({
  available: z.literal(false),
  reason: z
    .enum(['no_api_key', 'not_enough_data', 'rate_limited', 'api_error'])
    .describe(
      "not_enough_data: CrUX has no record of the page nor its origin on this device; no_api_key: the service has no CrUX key; rate_limited: the key's quota was spent; api_error: CrUX failed or did not answer in time.",
    ),
});

export const fieldData = z.discriminatedUnion('available', [fieldAvailable, fieldUnavailable]).meta({
  id: 'FieldData',
  description:
    "What real Chrome users saw of the page over the 28 days of the Chrome UX Report, on the test's device, with a verdict per metric comparing it with the lab. A test never fails for want of it: `available: false` says why there is none.",
});
export type FieldData = z.infer<typeof fieldData>;
export type FieldUnavailableReason = z.infer<typeof fieldUnavailable>['reason'];

/** What @pageprobe/crux's `record()` answers: the page's (or its origin's) record, or why there is none. */
export type FieldAnswer = CruxAnswer<CruxRecord>;

/** The category of a field metric's p75 (good up to and including the good threshold, poor above the poor one). */
export const fieldCategory = (metric: FieldMetricName, p75: number): Rating =>
  rateVital(p75, vitalNamed(PAIRS[metric].field));

const RANK: Record<Rating, number> = { good: 0, needs_improvement: 1, poor: 2 };

/** The test's `field`: CrUX's answer, each metric rated and compared with the representative run's vitals. */
export function fieldOf(answer: FieldAnswer, labVitals: Partial<Record<string, number | null>>): FieldData {
  if (!answer.available) return { available: false, reason: answer.reason };
  const { scope, key, form_factor, collection_period, metrics } = answer.value;
  const rated = (name: FieldMetricName): FieldMetricResult | null => {
    const d = metrics[name];
    if (!d) return null;
    const fieldRating = fieldCategory(name, d.p75);
    const labMetric = PAIRS[name].lab;
    const lab = labVitals[labMetric] ?? null;
    const labRating = lab === null ? null : rateVital(lab, vitalNamed(labMetric));
    const verdict =
      labRating === null
        ? null
        : RANK[labRating] === RANK[fieldRating]
          ? 'agree'
          : RANK[labRating] < RANK[fieldRating]
            ? 'lab_better'
            : 'field_better';
    return {
      p75: d.p75,
      good: d.good,
      needs_improvement: d.needs_improvement,
      poor: d.poor,
      category: fieldRating,
      lab_metric: labMetric,
      lab,
      lab_category: labRating,
      verdict,
    };
  };
  return {
    available: true,
    scope,
    key,
    form_factor,
    collection_period,
    metrics: {
      lcp: rated('lcp'),
      inp: rated('inp'),
      cls: rated('cls'),
      fcp: rated('fcp'),
      ttfb: rated('ttfb'),
    },
  };
}
