import type { CompareSubject } from '../compare/delta.ts';
import type { Plan } from '../kind.ts';
import type { MonitorPageTraits } from './monitor-page-traits.ts';

/** A figure read from a finished test (a stored row); null when the test has none. */
export type Metric = (test: CompareSubject) => number | null;

/** What monitors (issue 16) need to know about a kind. */
export interface MonitorTraits {
  /**
   * The shortest interval a plan may schedule, where it is longer than MONITOR_MIN_INTERVAL_SECONDS (the
   * floor of every plan): the free plan's runs are spaced out.
   */
  minIntervalSeconds: Partial<Record<Plan, number>>;
  /** The score a drop of which is `monitor.regressed`; kinds without a score have none. */
  score?: Metric;
  /** Why a completed run is still a failed check (uptime: the site answered badly); null when it is fine. */
  failure?: (test: CompareSubject) => string | null;
  /**
   * monitor.regressed for a reason of the kind's own (browser: a step over its budget), judged against
   * the run before; null when there is none.
   */
  regression?: (
    test: CompareSubject,
    previous: CompareSubject | undefined,
  ) => { reason: string; details: Record<string, unknown> } | null;
  /** A failed run's own words for its alert, where the kind has better ones than its reason's advice (browser: the step). */
  failureMessage?: (test: CompareSubject) => string | null;
  /** The figures GET /monitors/{id}/series plots, by name. */
  metrics: Record<string, Metric>;
  /**
   * Figures whose names only the page knows (lighthouse: `user_timing:<name>`), plotted like `metrics`:
   * a run's values by name, and the names a series may ask for.
   */
  namedMetrics?: {
    pattern: RegExp;
    read: (test: CompareSubject) => Record<string, number>;
    /** The names' form in words, for an error that lists what may be asked: `user_timing:<name>`. */
    hint: string;
  };
  /** What its page and badges show: declared in the kind's folder, drawn by @pageprobe/pages. */
  page: MonitorPageTraits;
}

const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const o = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** A number at a path in a JSON column: `field(t => t.vitals, 'lcp_ms')`. */
export const field =
  (column: (t: CompareSubject) => unknown, ...path: string[]): Metric =>
  (t) => {
    let v: unknown = column(t);
    for (const key of path) v = o(v)[key];
    return n(v);
  };

/** A check's verdict (uptime, tcp, dns): why a completed run found its target down; null when it was up. */
export function checkFailure(t: CompareSubject): string | null {
  const result = o(t.result);
  if (result.up !== false) return null;
  return typeof result.reason === 'string' ? result.reason : 'down';
}

/** A check's `up` series: 1 up, 0 down. */
export const upMetric: Metric = (t) => {
  const up = o(t.result).up;
  return typeof up === 'boolean' ? Number(up) : null;
};
