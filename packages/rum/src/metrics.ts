// The five Web Vitals a beacon carries, and Google's thresholds for them (web.dev/articles/vitals): a
// page view is good at or below `good`, poor above `poor`, needs improvement between. Named as monitors'
// series name the lab's figures, so the same chart can hold both.

export const RUM_METRICS = ['lcp_ms', 'inp_ms', 'cls', 'fcp_ms', 'ttfb_ms'] as const;
export type RumMetric = (typeof RUM_METRICS)[number];

export const isRumMetric = (name: string): name is RumMetric => (RUM_METRICS as readonly string[]).includes(name);

export const RATINGS = ['good', 'needs_improvement', 'poor'] as const;
export type Rating = (typeof RATINGS)[number];

export const THRESHOLDS: Record<RumMetric, { good: number; poor: number; unit: 'ms' | 'unitless'; title: string }> = {
  lcp_ms: { good: 2500, poor: 4000, unit: 'ms', title: 'Largest Contentful Paint' },
  inp_ms: { good: 200, poor: 500, unit: 'ms', title: 'Interaction to Next Paint' },
  cls: { good: 0.1, poor: 0.25, unit: 'unitless', title: 'Cumulative Layout Shift' },
  fcp_ms: { good: 1800, poor: 3000, unit: 'ms', title: 'First Contentful Paint' },
  ttfb_ms: { good: 800, poor: 1800, unit: 'ms', title: 'Time to First Byte' },
};

export function rate(metric: RumMetric, value: number): Rating {
  const t = THRESHOLDS[metric];
  return value <= t.good ? 'good' : value <= t.poor ? 'needs_improvement' : 'poor';
}

/** The metrics whose attribution names what made them slow: LCP's element, INP's target, CLS's source. */
export const ATTRIBUTED = { lcp_ms: 'lcp', inp_ms: 'inp', cls: 'cls' } as const satisfies Partial<
  Record<RumMetric, string>
>;
