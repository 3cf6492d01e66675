import type { Plan, Prisma } from '@pageprobe/db';
import { bucketStart, type Level, LEVELS } from './levels.ts';
import { addRun, emptyRollup, mergeRollups, type Rollup, type RunSample } from './rollup.ts';

/** A finished run of a monitor, as rollups count it. */
export interface RolledRun extends RunSample {
  monitorId: string;
  plan: Plan;
  /** When it ran (its slot): which minute, hour and day it counts in. */
  at: Date;
}

interface Bucket {
  monitorId: string;
  plan: Plan;
  at: Date;
  rollup: Rollup;
}

type Stored = { monitor_id: string; at: Date; plan: Plan } & Rollup;

const keyOf = (monitorId: string, at: Date, plan: Plan) => `${monitorId} ${at.toISOString()} ${plan}`;

/**
 * Adds finished runs to their monitors' rollups at each of `levels` (all three unless told): the runs of
 * one bucket summed here first, then one row per bucket. A row that exists is locked and merged here
 * (PostgreSQL's JSON merge functions cost about 120 µs a row, most of a check's recording); a new one
 * is inserted, merged in SQL only when another writer inserted it first. Rows are locked in key order,
 * so two writers never deadlock.
 */
export async function recordRollups(
  tx: Prisma.TransactionClient,
  runs: RolledRun[],
  levels: readonly Level[] = LEVELS,
): Promise<void> {
  if (runs.length === 0) return;
  for (const level of levels) {
    const buckets = new Map<string, Bucket>();
    for (const run of runs) {
      const at = bucketStart(level, run.at);
      const key = keyOf(run.monitorId, at, run.plan);
      const bucket = buckets.get(key) ?? { monitorId: run.monitorId, plan: run.plan, at, rollup: emptyRollup() };
      addRun(bucket.rollup, run);
      buckets.set(key, bucket);
    }
    const sorted = [...buckets].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const rows = sorted.map(([, b]) => b);
    const stored = await tx.$queryRawUnsafe<Stored[]>(
      `SELECT r.monitor_id::text, r.at, r.plan, r.n, r.ok, r.stats, r.hist FROM ${level.table} r
       JOIN unnest($1::uuid[], $2::timestamptz[], $3::"Plan"[]) k(monitor_id, at, plan)
         ON r.monitor_id = k.monitor_id AND r.at = k.at AND r.plan = k.plan
       ORDER BY r.monitor_id, r.at, r.plan FOR UPDATE OF r`,
      ...columns(rows, ['monitorId', 'at', 'plan']),
    );
    const existing = new Map(stored.map((s) => [keyOf(s.monitor_id, s.at, s.plan), s]));
    const updates: Bucket[] = [];
    const inserts: Bucket[] = [];
    for (const [key, bucket] of sorted) {
      const old = existing.get(key);
      if (old) updates.push({ ...bucket, rollup: mergeRollups(old, bucket.rollup) });
      else inserts.push(bucket);
    }
    if (updates.length > 0) {
      await tx.$executeRawUnsafe(
        `UPDATE ${level.table} r SET n = u.n, ok = u.ok, stats = u.stats, hist = u.hist
         FROM unnest($1::uuid[], $2::timestamptz[], $3::"Plan"[], $4::int[], $5::int[], $6::jsonb[], $7::jsonb[])
           u(monitor_id, at, plan, n, ok, stats, hist)
         WHERE r.monitor_id = u.monitor_id AND r.at = u.at AND r.plan = u.plan`,
        ...rollupColumns(updates),
      );
    }
    if (inserts.length > 0) {
      await tx.$executeRawUnsafe(
        `INSERT INTO ${level.table} AS r (monitor_id, at, plan, n, ok, stats, hist)
         SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::"Plan"[], $4::int[], $5::int[], $6::jsonb[], $7::jsonb[])
         ON CONFLICT (monitor_id, at, plan) DO UPDATE SET
           n = r.n + excluded.n, ok = r.ok + excluded.ok,
           stats = monitoring.merge_stats(r.stats, excluded.stats), hist = monitoring.merge_hist(r.hist, excluded.hist)`,
        ...rollupColumns(inserts),
      );
    }
  }
}

const columns = (rows: Bucket[], keys: Array<'monitorId' | 'at' | 'plan'>) => keys.map((k) => rows.map((b) => b[k]));

const rollupColumns = (rows: Bucket[]) => [
  ...columns(rows, ['monitorId', 'at', 'plan']),
  rows.map((b) => b.rollup.n),
  rows.map((b) => b.rollup.ok),
  rows.map((b) => JSON.stringify(b.rollup.stats)),
  rows.map((b) => JSON.stringify(b.rollup.hist)),
];
