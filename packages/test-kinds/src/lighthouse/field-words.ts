import { fmtCls, fmtMs } from '../report/format.ts';
import { type Json, num, obj, str } from '../report/read-json.ts';

// The words every view of a test's field data (the report, its comparison, the dashboard) uses for it,
// so "lab_better" reads the same everywhere. They read the stored `field` as JSON: a result written
// before field data existed, or an odd value, shows nothing rather than breaking a page.

/** CrUX's metrics in the order people know them: the Core Web Vitals first. */
export const FIELD_METRIC_ORDER = ['lcp', 'inp', 'cls', 'fcp', 'ttfb'] as const;

export const FIELD_LABELS: Record<string, string> = {
  lcp: 'Largest Contentful Paint (LCP)',
  inp: 'Interaction to Next Paint (INP)',
  cls: 'Cumulative Layout Shift (CLS)',
  fcp: 'First Contentful Paint (FCP)',
  ttfb: 'Time to First Byte (TTFB)',
};

/**
 * The lab figure each field metric is compared with. A lab run has no visitor to interact with the
 * page, so INP is set against Total Blocking Time, Lighthouse's stand-in for it.
 */
export const LAB_OF_FIELD: Record<string, string> = { lcp: 'LCP', inp: 'TBT', cls: 'CLS', fcp: 'FCP', ttfb: 'TTFB' };

export const CATEGORY_WORDS: Record<string, string> = {
  good: 'good',
  needs_improvement: 'needs improvement',
  poor: 'poor',
};
/** The report's colour classes (good / average / poor) for a CrUX category. */
export const CATEGORY_CLASS: Record<string, string> = { good: 'good', needs_improvement: 'average', poor: 'poor' };

export const VERDICT_WORDS: Record<string, string> = {
  agree: 'Lab and field agree',
  lab_better: 'Lab is more optimistic than real users',
  field_better: 'Real users fare better than the lab',
};

/** Why a test has no field data, in one sentence. */
export const UNAVAILABLE_WORDS: Record<string, string> = {
  no_api_key: 'Field data is off: this Pageprobe has no Chrome UX Report API key configured (CRUX_API_KEY).',
  not_enough_data:
    'The Chrome UX Report has no data for this page or its origin: not enough Chrome users visited it in the last 28 days.',
  rate_limited:
    'The Chrome UX Report was not asked: its query quota was used up when this test ran (the lab figures are unaffected).',
  api_error: 'The Chrome UX Report API failed to answer when this test ran, so there is no field data for it.',
};

export const FORM_FACTOR_WORDS: Record<string, string> = { PHONE: 'on phones', DESKTOP: 'on desktop computers' };

/** A p75 (or a lab figure) in its metric's unit: CLS unitless, the others in ms or s. */
export const fmtField = (metric: string, value: number | null) => (metric === 'cls' ? fmtCls(value) : fmtMs(value));

/** A share 0..1 as a whole percentage, with a no-break space: "12 %" never splits across lines. */
export const pct = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}\u00a0%`);

export interface FieldMetricView {
  metric: string;
  label: string;
  p75: number | null;
  shares: { good: number | null; needs_improvement: number | null; poor: number | null };
  category: string | null;
  lab: number | null;
  labCategory: string | null;
  verdict: string | null;
}

export type FieldView =
  | {
      available: true;
      scope: string;
      /** The URL or origin CrUX answered for. */
      key: string | null;
      formFactor: string;
      firstDate: string;
      lastDate: string;
      metrics: FieldMetricView[];
    }
  | { available: false; reason: string };

/** The stored `field` as the views read it; null when the test has none (it predates field data). */
export function readField(value: unknown): FieldView | null {
  const field = obj(value);
  if (field.available === false) return { available: false, reason: str(field.reason) ?? 'api_error' };
  if (field.available !== true) return null;
  const period = obj(field.collection_period);
  const metrics = obj(field.metrics);
  return {
    available: true,
    scope: str(field.scope) ?? 'url',
    key: str(field.key),
    formFactor: str(field.form_factor) ?? '',
    firstDate: str(period.first_date) ?? '–',
    lastDate: str(period.last_date) ?? '–',
    metrics: FIELD_METRIC_ORDER.flatMap((metric) => {
      // Null (or absent) when CrUX has no figures of it.
      if (!metrics[metric] || typeof metrics[metric] !== 'object') return [];
      const m: Json = obj(metrics[metric]);
      return [
        {
          metric,
          label: FIELD_LABELS[metric]!,
          p75: num(m.p75),
          shares: { good: num(m.good), needs_improvement: num(m.needs_improvement), poor: num(m.poor) },
          category: str(m.category),
          lab: num(m.lab),
          labCategory: str(m.lab_category),
          verdict: str(m.verdict),
        },
      ];
    }),
  };
}

/** A comparison's two tests' field data (`deltas.field`): null when neither has any. */
export interface FieldPairView {
  head: FieldView | null;
  base: FieldView | null;
  /** The metrics either test has figures of, in FIELD_METRIC_ORDER. */
  metrics: string[];
}

/** The field data of both tests a comparison's deltas carry, as the compare views show it side by side. */
export function readFieldPair(deltas: Record<string, unknown>): FieldPairView | null {
  const pair = obj(deltas.field);
  const head = readField(pair.head);
  const base = readField(pair.base);
  if (!head && !base) return null;
  const had = [head, base].flatMap((f) => (f?.available ? f.metrics.map((m) => m.metric) : []));
  return { head, base, metrics: FIELD_METRIC_ORDER.filter((m) => had.includes(m)) };
}

/** Whose data it is, in words: the page's own, or its origin's when the page had too few visits. */
export const scopeWords = (scope: string, key: string | null) =>
  scope === 'origin'
    ? `the whole origin’s${key ? ` (${key})` : ''}: the page itself had too few visits`
    : 'this page’s own';
