/**
 * The lab and field figures' thresholds, in one place: the report rates the lab's vitals with them and
 * the field data (CrUX) rates its p75s and compares them with the lab's.
 */
export interface Vital {
  key: string;
  label: string;
  /** Good up to `good`, poor above `poor`, needs improvement between. */
  good: number;
  poor: number;
  unit: 'ms' | '';
}

// Core Web Vitals thresholds (web.dev), the same on every device. INP needs a real visitor's
// interaction, so a lab run has none; it is shown if a result ever carries it.
export const VITALS: readonly Vital[] = [
  { key: 'lcp_ms', label: 'Largest Contentful Paint (LCP)', good: 2500, poor: 4000, unit: 'ms' },
  { key: 'cls', label: 'Cumulative Layout Shift (CLS)', good: 0.1, poor: 0.25, unit: '' },
  { key: 'inp_ms', label: 'Interaction to Next Paint (INP)', good: 200, poor: 500, unit: 'ms' },
  { key: 'fcp_ms', label: 'First Contentful Paint (FCP)', good: 1800, poor: 3000, unit: 'ms' },
  { key: 'tbt_ms', label: 'Total Blocking Time (TBT)', good: 200, poor: 600, unit: 'ms' },
  { key: 'ttfb_ms', label: 'Time to First Byte (TTFB)', good: 800, poor: 1800, unit: 'ms' },
];

// Speed Index has no Core Web Vitals threshold: Lighthouse's own scoring curve (its 90 and 50 points) per device.
export const SPEED_INDEX: Readonly<Record<string, Vital>> = {
  mobile: { key: 'speed_index_ms', label: 'Speed Index', good: 3387, poor: 5800, unit: 'ms' },
  desktop: { key: 'speed_index_ms', label: 'Speed Index', good: 1311, poor: 2300, unit: 'ms' },
};

/** A vital's thresholds by its key in the test's `vitals` (lcp_ms, cls, inp_ms, fcp_ms, tbt_ms, ttfb_ms). */
export function vitalNamed(key: string): Vital {
  const vital = VITALS.find((v) => v.key === key);
  if (!vital) throw new Error(`no thresholds for ${key}`);
  return vital;
}

export type Rating = 'good' | 'needs_improvement' | 'poor';

/** Good up to and including `good`, poor above `poor` (web.dev's "≤ 2.5 s is good"). */
export const rateVital = (value: number, { good, poor }: Pick<Vital, 'good' | 'poor'>): Rating =>
  value <= good ? 'good' : value <= poor ? 'needs_improvement' : 'poor';
