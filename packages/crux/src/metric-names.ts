import type { FieldMetric } from './types.ts';

/** The API's names of our five metrics; TTFB is still `experimental_` in the API's list of metrics. */
export const API_METRIC: Record<FieldMetric, string> = {
  lcp: 'largest_contentful_paint',
  inp: 'interaction_to_next_paint',
  cls: 'cumulative_layout_shift',
  fcp: 'first_contentful_paint',
  ttfb: 'experimental_time_to_first_byte',
};

/** Names an answer may use: should TTFB lose its `experimental_` prefix, answers keep being read. */
export const FROM_API: Record<string, FieldMetric> = {
  ...Object.fromEntries(Object.entries(API_METRIC).map(([ours, theirs]) => [theirs, ours as FieldMetric])),
  time_to_first_byte: 'ttfb',
};
