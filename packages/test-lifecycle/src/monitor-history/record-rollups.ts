import type { Plan, Prisma } from '@pageprobe/db';
import { bucketStart, LEVELS } from './levels.ts';
import { addRun, emptyRollup, type Rollup, type RunSample } from './rollup.ts';

/** A finished run of a monitor, as rollups count it. */
export interface RolledRun extends RunSample {
  monitorId: string;
  plan: Plan;
  /** When it ran (its slot): which minute, hour and day it counts in. */
  at: Date;
}

/**
 * Adds finished runs to their monitors' minute, hour and day rollups: one upsert per level, the runs of
 * one bucket summed here first. Rows go in key order, so two writers lock shared rows in the same order.
 */
export async function recordRollups(tx: Prisma.TransactionClient, runs: RolledRun[]): Promise<void> {
  if (runs.length === 0) return;
  for (const level of LEVELS) {
    const buckets = new Map<string, { monitorId: string; plan: Plan; at: Date; rollup: Rollup }>();
    for (const run of runs) {
      const at = bucketStart(level, run.at);
      const key = `${run.monitorId} ${at.toISOString()} ${run.plan}`;
      const bucket = buckets.get(key) ?? { monitorId: run.monitorId, plan: run.plan, at, rollup: emptyRollup() };
      addRun(bucket.rollup, run);
      buckets.set(key, bucket);
    }
    const rows = [...buckets.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, b]) => b);
    await tx.$executeRawUnsafe(
      `INSERT INTO ${level.table} AS r (monitor_id, at, plan, n, ok, stats, hist)
       SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::"Plan"[], $4::int[], $5::int[], $6::jsonb[], $7::jsonb[])
       ON CONFLICT (monitor_id, at, plan) DO UPDATE SET
         n = r.n + excluded.n, ok = r.ok + excluded.ok,
         stats = monitoring.merge_stats(r.stats, excluded.stats), hist = monitoring.merge_hist(r.hist, excluded.hist)`,
      rows.map((b) => b.monitorId),
      rows.map((b) => b.at),
      rows.map((b) => b.plan),
      rows.map((b) => b.rollup.n),
      rows.map((b) => b.rollup.ok),
      rows.map((b) => JSON.stringify(b.rollup.stats)),
      rows.map((b) => JSON.stringify(b.rollup.hist)),
    );
  }
}
