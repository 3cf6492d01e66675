import type { Plan } from '@pageprobe/db';
import type { Queryable } from './record-rum-rollups.ts';

/** What one element or target was behind, in one hour of a site's page group, as the ingest summed it. */
export interface RumAttributionRow {
  siteId: string;
  plan: Plan;
  /** The start of the hour. */
  at: Date;
  /** lcp_ms, inp_ms or cls. */
  metric: string;
  pageGroup: string;
  /** The CSS selector web-vitals named, cut to MAX_TARGET_CHARS; '' when none was named. */
  target: string;
  n: number;
  /** Of them, rated needs-improvement or poor. */
  slow: number;
  valueSum: number;
  /** Sums of the metric's phases (PHASES), by phase. */
  phases: Record<string, number>;
}

export const attributionKeyOf = (r: Omit<RumAttributionRow, 'n' | 'slow' | 'valueSum' | 'phases'>) =>
  `${r.siteId} ${r.at.toISOString()} ${r.plan} ${r.metric} ${r.pageGroup} ${r.target}`;

/** Adds b's counts and sums to a (in place). */
export function mergeAttribution(a: RumAttributionRow, b: RumAttributionRow): RumAttributionRow {
  a.n += b.n;
  a.slow += b.slow;
  a.valueSum += b.valueSum;
  for (const [phase, sum] of Object.entries(b.phases)) a.phases[phase] = (a.phases[phase] ?? 0) + sum;
  return a;
}

/**
 * Adds rows to monitoring.rum_attribution: upserted, counts and sums added to what is there, phases
 * summed key by key; in key order (two replicas flushing at once never deadlock). One statement.
 */
export async function recordRumAttribution(db: Queryable, rows: readonly RumAttributionRow[]): Promise<void> {
  if (rows.length === 0) return;
  const summed = new Map<string, RumAttributionRow>();
  for (const r of rows) {
    const key = attributionKeyOf(r);
    const seen = summed.get(key);
    if (seen) mergeAttribution(seen, r);
    else summed.set(key, { ...r, phases: { ...r.phases } });
  }
  const sorted = [...summed].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
  await db.query(
    `INSERT INTO monitoring.rum_attribution AS r (site_id, at, plan, metric, page_group, target, n, slow, value_sum, phases)
     SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::"Plan"[], $4::text[], $5::text[], $6::text[],
       $7::int[], $8::int[], $9::float8[], $10::jsonb[])
     ON CONFLICT (site_id, at, plan, metric, page_group, target) DO UPDATE SET
       n = r.n + excluded.n,
       slow = r.slow + excluded.slow,
       value_sum = r.value_sum + excluded.value_sum,
       phases = (SELECT coalesce(jsonb_object_agg(k, coalesce((r.phases->>k)::float8, 0) + coalesce((excluded.phases->>k)::float8, 0)), '{}'::jsonb)
                 FROM (SELECT jsonb_object_keys(r.phases) UNION SELECT jsonb_object_keys(excluded.phases)) keys(k))`,
    [
      sorted.map((r) => r.siteId),
      sorted.map((r) => r.at),
      sorted.map((r) => r.plan),
      sorted.map((r) => r.metric),
      sorted.map((r) => r.pageGroup),
      sorted.map((r) => r.target),
      sorted.map((r) => r.n),
      sorted.map((r) => r.slow),
      sorted.map((r) => r.valueSum),
      sorted.map((r) => JSON.stringify(r.phases)),
    ],
  );
}
