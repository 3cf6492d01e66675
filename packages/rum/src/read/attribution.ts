import type { Pool } from '@pageprobe/db';
import { bucketStart, LEVELS } from '@pageprobe/test-lifecycle';
import { PHASES } from '../beacon-payload.ts';
import { ATTRIBUTED } from '../metrics.ts';

/** The metrics whose page views name what made them slow. */
export type AttributedMetric = keyof typeof ATTRIBUTED;
export const ATTRIBUTED_METRICS = Object.keys(ATTRIBUTED) as AttributedMetric[];
export const isAttributed = (m: string): m is AttributedMetric => m in ATTRIBUTED;

/** The targets a reply names at most. */
export const ATTRIBUTION_LIMIT = 10;

export interface RumAttributionQuery {
  metric: AttributedMetric;
  from: Date;
  to: Date;
  page_group?: string | undefined;
  limit?: number | undefined;
}

export interface AttributionTarget {
  /** LCP's element, INP's interaction target, CLS's largest shift's source: a CSS selector ('' unnamed). */
  target: string;
  /** Page views it was named in. */
  page_views: number;
  /** Of those, the share rated needs improvement or poor, 0..1. */
  slow_share: number;
  slow_page_views: number;
  /** The metric's average over those page views (ms, or unitless for CLS). */
  avg: number;
  /** Each phase's average in ms (LCP: ttfb_ms, resource_load_delay_ms...; INP: input_delay_ms...). */
  phases: Record<string, number>;
}

const HOUR = LEVELS.find((l) => l.name === 'hour')!;
const round = (v: number) => Number(v.toFixed(3));

/**
 * What made a site's page views slow in [from, to] (counted per hour, so the window is widened to its
 * hours): per target, summed over the hours and page groups (or one page group), ranked by its slow page
 * views (then all its page views), the most first. Rows may name the metric as the series do (lcp_ms)
 * or as the beacon's attribution does (lcp): both are read.
 */
export async function rumAttribution(pool: Pool, siteId: string, q: RumAttributionQuery): Promise<AttributionTarget[]> {
  const limit = Math.min(Math.max(1, q.limit ?? ATTRIBUTION_LIMIT), 100);
  const { rows } = await pool.query<{
    target: string;
    n: string;
    slow: string;
    value_sum: number;
    phases: Record<string, number>;
  }>(
    `WITH picked AS (
       SELECT target, n, slow, value_sum, phases FROM monitoring.rum_attribution
       WHERE site_id = $1::uuid AND at >= $2 AND at <= $3 AND metric = ANY($4::text[])
         AND ($5::text IS NULL OR page_group = $5)),
     ranked AS (
       SELECT target, sum(n) AS n, sum(slow) AS slow, sum(value_sum) AS value_sum FROM picked
       GROUP BY target ORDER BY sum(slow) DESC, sum(n) DESC, target LIMIT $6)
     SELECT r.target, r.n, r.slow, r.value_sum,
       (SELECT coalesce(jsonb_object_agg(key, total), '{}') FROM (
          SELECT e.key, sum(e.value::float8) AS total FROM picked p, jsonb_each(p.phases) e
          WHERE p.target = r.target AND jsonb_typeof(e.value) = 'number' GROUP BY e.key) s) AS phases
     FROM ranked r ORDER BY r.slow DESC, r.n DESC, r.target`,
    [siteId, bucketStart(HOUR, q.from), q.to, [q.metric, ATTRIBUTED[q.metric]], q.page_group ?? null, limit],
  );
  // Phases in the order they happen (PHASES), then any other the rows hold.
  const order: readonly string[] = PHASES[ATTRIBUTED[q.metric]];
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  return rows.map((r) => {
    const n = Number(r.n);
    const slow = Number(r.slow);
    return {
      target: r.target,
      page_views: n,
      slow_share: n === 0 ? 0 : slow / n,
      slow_page_views: slow,
      avg: n === 0 ? 0 : round(r.value_sum / n),
      phases: Object.fromEntries(
        Object.entries(r.phases)
          .sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : 1))
          .map(([k, v]) => [k, n === 0 ? 0 : round(v / n)]),
      ),
    };
  });
}
