import { type ApiPeriod, apiMetric, apiMetricSeries, historyResponse, recordResponse } from './api-schema.ts';
import { FROM_API } from './metric-names.ts';
import type { CollectionPeriod, FieldDistribution, FieldMetric } from './types.ts';

/** What a query answered, before we know which scope or form factor it was for. */
export interface ParsedRecord {
  key: string | undefined;
  collection_period: CollectionPeriod;
  metrics: Partial<Record<FieldMetric, FieldDistribution>>;
}

export interface ParsedHistory {
  key: string | undefined;
  periods: CollectionPeriod[];
  metrics: Partial<Record<FieldMetric, Array<FieldDistribution | null>>>;
}

/** A `records:queryRecord` body, or null when it is not the documented shape. */
export function parseRecord(body: unknown): ParsedRecord | null {
  const parsed = recordResponse.safeParse(body);
  if (!parsed.success) return null;
  const { key, metrics, collectionPeriod } = parsed.data.record;
  const out: ParsedRecord['metrics'] = {};
  for (const [name, raw] of Object.entries(metrics)) {
    const metric = FROM_API[name];
    const data = metric ? apiMetric.safeParse(raw) : null;
    if (!metric || !data?.success) continue;
    const point = distribution(
      data.data.percentiles.p75,
      data.data.histogram.map((bin) => bin.density ?? 0),
    );
    if (point) out[metric] = point;
  }
  return { key: key?.url ?? key?.origin, collection_period: period(collectionPeriod), metrics: out };
}

/** A `records:queryHistoryRecord` body (every series aligned with the periods, oldest first), or null. */
export function parseHistory(body: unknown): ParsedHistory | null {
  const parsed = historyResponse.safeParse(body);
  if (!parsed.success) return null;
  const { key, metrics, collectionPeriods } = parsed.data.record;
  const out: ParsedHistory['metrics'] = {};
  for (const [name, raw] of Object.entries(metrics)) {
    const metric = FROM_API[name];
    const data = metric ? apiMetricSeries.safeParse(raw) : null;
    if (!metric || !data?.success) continue;
    const { histogramTimeseries: bins, percentilesTimeseries } = data.data;
    out[metric] = collectionPeriods.map((_, i) =>
      distribution(
        percentilesTimeseries.p75s[i],
        bins.map((bin) => bin.densities[i]),
      ),
    );
  }
  return { key: key?.url ?? key?.origin, periods: collectionPeriods.map(period), metrics: out };
}

/** p75 and the three bins' shares (good, needs improvement, poor); null where any is missing or "NaN". */
function distribution(
  p75: number | string | null | undefined,
  densities: Array<number | string | null | undefined>,
): FieldDistribution | null {
  const value = finite(p75);
  if (value === null || densities.length !== 3) return null;
  const [good, needs, poor] = densities.map(finite);
  if (good == null || needs == null || poor == null) return null;
  return { p75: value, good: share(good), needs_improvement: share(needs), poor: share(poor) };
}

function finite(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

const share = (n: number) => Math.round(n * 1000) / 1000;

const period = (p: ApiPeriod): CollectionPeriod => ({ first_date: isoDay(p.firstDate), last_date: isoDay(p.lastDate) });

const isoDay = (d: { year: number; month: number; day: number }) =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
