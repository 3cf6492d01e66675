import type { Plan, Pool } from '@pageprobe/db';
import { bucketStart } from '@pageprobe/test-lifecycle';
import { RUM_LEVELS, RUM_TABLES } from './levels.ts';
import { mergeRumRollups, type RumRollup } from './rum-rollup.ts';

/** A pool, or one client of it inside a transaction (the ingest's flush writes every table in one). */
export type Queryable = Pick<Pool, 'query'>;

/** The page views of one site, page group, device and country in one minute, as the ingest summed them. */
export interface RumBucket {
  siteId: string;
  plan: Plan;
  /** Any time in the minute: each level takes the start of its own bucket. */
  at: Date;
  pageGroup: string;
  device: string;
  country: string;
  rollup: RumRollup;
}

const keyOf = (b: Omit<RumBucket, 'rollup'>) =>
  `${b.siteId} ${b.at.toISOString()} ${b.plan} ${b.pageGroup} ${b.device} ${b.country}`;

/** A rollup's n, stats, hist and ratings as JSON members, made once per rollup object (see below). */
const membersOf = (rollup: RumRollup, made: WeakMap<RumRollup, string>): string => {
  let members = made.get(rollup);
  if (members === undefined) {
    members = `"n":${rollup.n},"stats":${JSON.stringify(rollup.stats)},"hist":${JSON.stringify(rollup.hist)},"ratings":${JSON.stringify(rollup.ratings)}`;
    made.set(rollup, members);
  }
  return members;
};

/**
 * Adds buckets to the minute, hour and day rollups: buckets of the same key at a level are summed here
 * first, then each row is upserted and merged in SQL (monitoring.merge_stats, merge_hist), in key order
 * so two writers (two API replicas flushing at once) never deadlock. One statement per level.
 *
 * The rows go as one JSON document (jsonb_to_recordset), and a rollup not summed with another at a level
 * (most: the ingest's buckets are minutes already) is serialised once for the three: the ingest flushes
 * thousands of rows a second, and arrays of JSON texts (each escaped into an array literal by the
 * driver) held its event loop for ~75 ms a flush (rum bench, 10 sites at 5,000 beacons/s).
 */
export async function recordRumRollups(pool: Queryable, buckets: readonly RumBucket[]): Promise<void> {
  if (buckets.length === 0) return;
  const made = new WeakMap<RumRollup, string>();
  for (const level of RUM_LEVELS) {
    const summed = new Map<string, RumBucket>();
    for (const b of buckets) {
      const at = bucketStart(level, b.at);
      const key = keyOf({ ...b, at });
      const seen = summed.get(key);
      summed.set(key, seen ? { ...seen, rollup: mergeRumRollups(seen.rollup, b.rollup) } : { ...b, at });
    }
    const rows = [...summed].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, b]) => b);
    const json = `[${rows
      .map(
        (r) =>
          `{"site_id":${JSON.stringify(r.siteId)},"at":"${r.at.toISOString()}","plan":${JSON.stringify(r.plan)},"page_group":${JSON.stringify(r.pageGroup)},"device":${JSON.stringify(r.device)},"country":${JSON.stringify(r.country)},${membersOf(r.rollup, made)}}`,
      )
      .join(',')}]`;
    await pool.query(
      `INSERT INTO ${RUM_TABLES[level.name]} AS r (site_id, at, plan, page_group, device, country, n, stats, hist, ratings)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(site_id uuid, at timestamptz, plan "Plan", page_group text,
         device text, country text, n int, stats jsonb, hist jsonb, ratings jsonb)
       ON CONFLICT (site_id, at, plan, page_group, device, country) DO UPDATE SET
         n = r.n + excluded.n,
         stats = monitoring.merge_stats(r.stats, excluded.stats),
         hist = monitoring.merge_hist(r.hist, excluded.hist),
         ratings = monitoring.merge_hist(r.ratings, excluded.ratings)`,
      [json],
    );
  }
}
