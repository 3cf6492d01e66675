import type { Prisma } from '@pageprobe/db';
import { quantile } from '@pageprobe/test-lifecycle';
import { isRumMetric, type RumMetric } from '../metrics.ts';

/** A metric's figures over a site's alert window, summed from its minute rollups. */
export interface WindowFigure {
  metric: RumMetric;
  p75: number;
  /** Page views that had a value for the metric in the window. */
  pageViews: number;
}

/**
 * Each metric's p75 over [from, to) from monitoring.rum_minute: the rows of every page group, device and
 * country summed in SQL (stats as [n, min, sum, max], the log-bucket histograms bucket by bucket), the
 * quantile read from the summed histogram as monitors' series read theirs. Two statements per site.
 */
export async function windowFigures(
  tx: Prisma.TransactionClient,
  siteId: string,
  from: Date,
  to: Date,
): Promise<WindowFigure[]> {
  const stats = await tx.$queryRaw<Array<{ metric: string; n: number; min: number; sum: number; max: number }>>`
    SELECT s.key AS metric, sum((s.value->>0)::float8)::float8 AS n, min((s.value->>1)::float8) AS min,
      sum((s.value->>2)::float8)::float8 AS sum, max((s.value->>3)::float8) AS max
    FROM monitoring.rum_minute r, jsonb_each(r.stats) s
    WHERE r.site_id = ${siteId}::uuid AND r.at >= ${from} AND r.at < ${to}
    GROUP BY s.key`;
  if (stats.length === 0) return [];
  const buckets = await tx.$queryRaw<Array<{ metric: string; bucket: string; n: number }>>`
    SELECT h.key AS metric, b.key AS bucket, sum(b.value::float8)::float8 AS n
    FROM monitoring.rum_minute r, jsonb_each(r.hist) h, jsonb_each_text(h.value) b
    WHERE r.site_id = ${siteId}::uuid AND r.at >= ${from} AND r.at < ${to}
    GROUP BY h.key, b.key`;
  const hists = new Map<string, Record<string, number>>();
  for (const b of buckets) hists.set(b.metric, { ...hists.get(b.metric), [b.bucket]: b.n });
  return stats.flatMap((s) =>
    isRumMetric(s.metric) && s.n > 0
      ? [
          {
            metric: s.metric,
            p75: quantile(hists.get(s.metric) ?? {}, [s.n, s.min, s.sum, s.max], 0.75),
            pageViews: s.n,
          },
        ]
      : [],
  );
}
