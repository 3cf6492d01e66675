// The shapes the CrUX client answers with: the API's records translated into our names and units
// (p75 of LCP, INP, FCP and TTFB in ms, CLS unitless; shares of page loads 0..1 to 3 decimals).

export type FormFactor = 'PHONE' | 'DESKTOP';
export type FieldMetric = 'lcp' | 'inp' | 'cls' | 'fcp' | 'ttfb';
export const FIELD_METRICS: readonly FieldMetric[] = Object.freeze(['lcp', 'inp', 'cls', 'fcp', 'ttfb'] as const);

/** A metric's 75th percentile and the shares of page loads in its good / needs improvement / poor bins. */
export interface FieldDistribution {
  p75: number;
  good: number;
  needs_improvement: number;
  poor: number;
}

/** 'YYYY-MM-DD' dates, both inclusive: CrUX's 28-day window. */
export interface CollectionPeriod {
  first_date: string;
  last_date: string;
}

export interface CruxRecord {
  /** `url` when the page itself has enough traffic, `origin` when the answer is its origin's. */
  scope: 'url' | 'origin';
  /** The URL or origin CrUX answered for (as CrUX normalised it). */
  key: string;
  form_factor: FormFactor;
  collection_period: CollectionPeriod;
  metrics: Partial<Record<FieldMetric, FieldDistribution>>;
}

export interface CruxHistory {
  scope: 'url' | 'origin';
  key: string;
  form_factor: FormFactor;
  /** Oldest first; every metric's array is aligned with it. */
  periods: CollectionPeriod[];
  /** null where CrUX had too little data for that period. */
  metrics: Partial<Record<FieldMetric, Array<FieldDistribution | null>>>;
}

export type FieldUnavailable = 'no_api_key' | 'not_enough_data' | 'rate_limited' | 'api_error';

export type CruxAnswer<T> = { available: true; value: T } | { available: false; reason: FieldUnavailable };

export interface CruxClient {
  record(url: string, formFactor: FormFactor): Promise<CruxAnswer<CruxRecord>>;
  history(url: string, formFactor: FormFactor): Promise<CruxAnswer<CruxHistory>>;
}

/** A test's device to CrUX's form factor (CrUX's third, TABLET, has no Lighthouse device). */
export const formFactorOf = (device: 'mobile' | 'desktop'): FormFactor => (device === 'mobile' ? 'PHONE' : 'DESKTOP');
