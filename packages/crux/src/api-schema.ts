import { z } from 'zod';

// The Chrome UX Report API's answers, as https://developer.chrome.com/docs/crux/api and
// /docs/crux/history-api document them. Only what we read is checked; unknown fields pass.

/** Numbers come as numbers, CLS's as strings ("0.05"), and a history period without data as "NaN" or null. */
const numeric = z.union([z.number(), z.string()]);

const day = z.object({ year: z.number().int(), month: z.number().int(), day: z.number().int() });
export const apiPeriod = z.object({ firstDate: day, lastDate: day });
export type ApiPeriod = z.infer<typeof apiPeriod>;

const apiKey = z.object({ url: z.string().optional(), origin: z.string().optional() });

// Google's JSON leaves out zero values: a bin nobody fell in has no `density`.
export const apiMetric = z.object({
  histogram: z.array(z.object({ start: numeric.optional(), end: numeric.optional(), density: numeric.optional() })),
  percentiles: z.object({ p75: numeric.nullable().optional() }),
});

export const apiMetricSeries = z.object({
  histogramTimeseries: z.array(
    z.object({ start: numeric.optional(), end: numeric.optional(), densities: z.array(numeric.nullable()) }),
  ),
  percentilesTimeseries: z.object({ p75s: z.array(numeric.nullable()) }),
});

export const recordResponse = z.object({
  record: z.object({
    key: apiKey.optional(),
    metrics: z.record(z.string(), z.unknown()).default({}),
    collectionPeriod: apiPeriod,
  }),
});

export const historyResponse = z.object({
  record: z.object({
    key: apiKey.optional(),
    metrics: z.record(z.string(), z.unknown()).default({}),
    collectionPeriods: z.array(apiPeriod),
  }),
});

export const errorResponse = z.object({
  error: z.object({ code: z.number().optional(), status: z.string().optional() }),
});
