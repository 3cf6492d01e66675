import { DAY_MS, type Plan, type Pool, RETENTION, type Retention } from '@pageprobe/db';

// The partitioned tables of the `monitoring` schema: each is split by plan (whose retention it follows)
// and then by time, a day or a month a partition. Partitions are made ahead of time by the sweeps; expiry
// detaches and drops a whole partition once everything in it is past its plan's retention, so no row is
// ever deleted one by one and no hot table is locked for longer than a catalog change.

type Period = 'day' | 'month';

interface Partitioned {
  table: string;
  period: Period;
  keepDays(retention: Retention): number;
}

const TABLES: Partitioned[] = [
  { table: 'checks', period: 'day', keepDays: (r) => r.checksDays },
  // Heartbeats' pings and their logs (issue 47), kept as long as the checks they became.
  { table: 'pings', period: 'day', keepDays: (r) => r.checksDays },
  { table: 'rollups_minute', period: 'day', keepDays: (r) => r.checksDays },
  { table: 'rollups_hour', period: 'month', keepDays: (r) => r.aggregatesDays },
  { table: 'rollups_day', period: 'month', keepDays: (r) => r.aggregatesDays },
  // Real-user rollups (issue 61), kept as monitors' are; what made pages slow, per hour, as the hours.
  { table: 'rum_minute', period: 'day', keepDays: (r) => r.checksDays },
  { table: 'rum_hour', period: 'month', keepDays: (r) => r.aggregatesDays },
  { table: 'rum_day', period: 'month', keepDays: (r) => r.aggregatesDays },
  { table: 'rum_attribution', period: 'month', keepDays: (r) => r.aggregatesDays },
];

const PLANS = Object.keys(RETENTION) as Plan[];

/** Days made ahead of now, so a write never finds its partition missing. */
const AHEAD_DAYS = 3;
/** Catalog changes wait this long for a lock, then give up until the next sweep. */
const LOCK_TIMEOUT = '100ms';

function periodStart(period: Period, at: Date): Date {
  return period === 'day'
    ? new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
    : new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

function nextPeriod(period: Period, start: Date): Date {
  return period === 'day'
    ? new Date(start.getTime() + DAY_MS)
    : new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

const suffix = (period: Period, start: Date) =>
  start
    .toISOString()
    .slice(0, period === 'day' ? 10 : 7)
    .replaceAll('-', '');

/** The start of a partition from its name's suffix (p20261123 or p202611). */
function startOf(name: string): Date | null {
  const m = /_p(\d{4})(\d{2})(\d{2})?$/.exec(name);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3] ?? 1))) : null;
}

/** Makes every partition of every table and plan that holds a time in [from, to]. */
export async function ensurePartitions(pool: Pool, from: Date, to: Date): Promise<number> {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'monitoring'`,
  );
  const existing = new Set(rows.map((r) => r.name));
  let made = 0;
  for (const { table, period } of TABLES) {
    for (const plan of PLANS) {
      for (let start = periodStart(period, from); start <= to; start = nextPeriod(period, start)) {
        const name = `${table}_${plan}_p${suffix(period, start)}`;
        if (existing.has(name)) continue;
        const client = await pool.connect();
        try {
          await client.query(`SET lock_timeout = '${LOCK_TIMEOUT}'`);
          await client.query(
            `CREATE TABLE IF NOT EXISTS monitoring.${name} PARTITION OF monitoring.${table}_${plan}
             FOR VALUES FROM ('${start.toISOString()}') TO ('${nextPeriod(period, start).toISOString()}')`,
          );
          made++;
        } finally {
          await client.query('RESET lock_timeout').catch(() => {});
          client.release();
        }
      }
    }
  }
  return made;
}

/** The partitions for now and the next few days (run at start and by the dispatcher's sweeps). */
export const ensureCurrentPartitions = (pool: Pool, now = new Date()) =>
  ensurePartitions(pool, new Date(now.getTime() - DAY_MS), new Date(now.getTime() + AHEAD_DAYS * DAY_MS));

/**
 * Drops each partition whose whole span is past its plan's retention. It is detached CONCURRENTLY first
 * (no lock that stops writers), then dropped. Returns the names dropped.
 */
export async function dropExpiredPartitions(pool: Pool, now = new Date()): Promise<string[]> {
  const dropped: string[] = [];
  for (const { table, period, keepDays } of TABLES) {
    for (const plan of PLANS) {
      const parent = `${table}_${plan}`;
      const cutoff = now.getTime() - keepDays(RETENTION[plan]) * DAY_MS;
      const { rows } = await pool.query<{ name: string; pending: boolean }>(
        `SELECT c.relname AS name, i.inhdetachpending AS pending FROM pg_inherits i
         JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
         JOIN pg_namespace n ON n.oid = p.relnamespace
         WHERE n.nspname = 'monitoring' AND p.relname = $1`,
        [parent],
      );
      for (const { name, pending } of rows) {
        const start = startOf(name);
        if (!start || nextPeriod(period, start).getTime() > cutoff) continue;
        await pool.query(
          `ALTER TABLE monitoring.${parent} DETACH PARTITION monitoring.${name} ${pending ? 'FINALIZE' : 'CONCURRENTLY'}`,
        );
        await pool.query(`DROP TABLE monitoring.${name}`);
        dropped.push(name);
      }
    }
  }
  return dropped;
}

/**
 * Deletes real-user drop counts (monitoring.rum_dropped, not partitioned: a few rows per site and hour)
 * past the aggregates' retention of the site's team's plan; those of no site (the nil UUID) or of a site
 * gone, past the shortest. Returns the rows deleted.
 */
export async function expireRumDrops(pool: Pool, now = new Date()): Promise<number> {
  const cutoffs = PLANS.map((plan) => new Date(now.getTime() - RETENTION[plan].aggregatesDays * DAY_MS));
  const shortest = new Date(Math.max(...cutoffs.map((c) => c.getTime())));
  const { rowCount } = await pool.query(
    `DELETE FROM monitoring.rum_dropped d
     WHERE d.at < $3 AND d.at < coalesce(
       (SELECT c.cutoff FROM rum_sites s JOIN teams t ON t.id = s.team_id
          JOIN unnest($1::"Plan"[], $2::timestamptz[]) AS c(plan, cutoff) ON c.plan = t.plan
        WHERE s.id = d.site_id),
       $3)`,
    [PLANS, cutoffs, shortest],
  );
  return rowCount ?? 0;
}

/** How often a dispatcher looks after the partitions: days are made AHEAD_DAYS ahead, so rarely is enough. */
export const PARTITION_UPKEEP_MS = 10 * 60_000;

/**
 * Makes the coming partitions and drops the expired ones, at most once every PARTITION_UPKEEP_MS in this
 * process (the first call runs at once); a failure is retried at the next call.
 */
export function partitionUpkeep() {
  let last = 0;
  return async (pool: Pool) => {
    if (Date.now() - last < PARTITION_UPKEEP_MS) return;
    await ensureCurrentPartitions(pool);
    await dropExpiredPartitions(pool);
    await expireRumDrops(pool);
    last = Date.now();
  };
}
