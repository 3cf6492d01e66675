import type { Db, Plan, Pool, Test } from '@pageprobe/db';
import { DAY_MS, RETENTION } from '@pageprobe/db';
import {
  CHECK_LEVELS,
  ensurePartitions,
  LEVELS,
  recordRollups,
  runFailureOf,
  runSampleOf,
} from '@pageprobe/test-lifecycle';
import type { CheckFigures, FinishedCheck } from './checks/check-row.ts';
import { checkColumns, INSERT_CHECKS, PHASES } from './checks/check-row.ts';

// Before issue 29 a monitor's runs were tests, its uptime checks included. Each monitor made before its
// migration has its finished runs carried once into the rollups, and an uptime monitor's into its raw
// checks too, as far as its plan keeps them; the old test rows are left as they are.

/** The migration from which monitors' uptime checks stopped being tests. */
const MIGRATION = '20261127000000_monitor_checks';
/** Monitors backfilled in one sweep, and tests read at a time. */
const MONITORS_PER_SWEEP = 20;
const PAGE = 2_000;

type Old = { id: string; type: Test['type']; plan: Plan };

/** Backfills up to MONITORS_PER_SWEEP monitors; returns how many it did (0 once none is left). */
export async function backfillHistory(db: Db, pool: Pool, now = new Date()): Promise<number> {
  const { rows: cut } = await pool.query<{ at: Date }>(
    'SELECT finished_at AS at FROM _prisma_migrations WHERE migration_name = $1',
    [MIGRATION],
  );
  const cutoff = cut[0]?.at;
  if (!cutoff) return 0;
  const { rows: monitors } = await pool.query<Old>(
    `SELECT m.id, m.type, t.plan FROM monitors m JOIN teams t ON t.id = m.team_id
     WHERE m.created_at < $1 AND NOT EXISTS (SELECT 1 FROM monitoring.history_backfilled b WHERE b.monitor_id = m.id)
     ORDER BY m.id LIMIT $2`,
    [cutoff, MONITORS_PER_SWEEP],
  );
  for (const monitor of monitors) await backfillOne(db, pool, monitor, cutoff, now);
  return monitors.length;
}

/** backfillHistory for a dispatcher's sweeps: once a pass finds nothing left, later ones do nothing. */
export function historyBackfill() {
  let done = false;
  return async (db: Db, pool: Pool) => {
    if (!done) done = (await backfillHistory(db, pool)) === 0;
  };
}

async function backfillOne(db: Db, pool: Pool, monitor: Old, cutoff: Date, now: Date) {
  const { checksDays, aggregatesDays } = RETENTION[monitor.plan];
  const keepFrom = new Date(now.getTime() - aggregatesDays * DAY_MS);
  const rawFrom = new Date(now.getTime() - checksDays * DAY_MS);
  const uptime = monitor.type === 'uptime';
  const where = {
    monitorId: monitor.id,
    status: { in: ['completed' as const, 'failed' as const] },
    createdAt: { gte: keepFrom, lt: cutoff },
  };
  // Partitions first, from outside the transaction: made from inside it, they would wait on its own locks.
  const span = await db.test.aggregate({ where, _min: { createdAt: true }, _max: { createdAt: true } });
  if (span._min.createdAt && span._max.createdAt)
    await ensurePartitions(pool, span._min.createdAt, span._max.createdAt);
  await db.$transaction(
    async (tx) => {
      const mine = await tx.$queryRaw<unknown[]>`INSERT INTO monitoring.history_backfilled (monitor_id)
        VALUES (${monitor.id}::uuid) ON CONFLICT DO NOTHING RETURNING monitor_id`;
      if (mine.length === 0) return; // another dispatcher did it
      let after: { createdAt: Date; id: string } | null = null;
      for (;;) {
        const tests: Test[] = await tx.test.findMany({
          where: {
            ...where,
            ...(after
              ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] }
              : {}),
          },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          take: PAGE,
        });
        if (tests.length === 0) break;
        after = tests.at(-1)!;
        const runs = tests.flatMap((test) => {
          const failure = runFailureOf(test);
          return failure === undefined
            ? []
            : [{ monitorId: monitor.id, plan: monitor.plan, ...runSampleOf(test, failure) }];
        });
        await recordRollups(tx, runs, uptime ? CHECK_LEVELS : LEVELS);
        if (uptime) {
          const checks = tests.flatMap((t) => checkOf(t, monitor)).filter((c) => c.slot >= rawFrom);
          if (checks.length > 0)
            await tx.$queryRawUnsafe(
              INSERT_CHECKS,
              ...checkColumns(
                checks,
                () => false,
                () => null,
              ),
            );
        }
      }
    },
    { timeout: 300_000 },
  );
}

/** An old uptime test as a raw check (none for a run that failed through our fault). */
function checkOf(test: Test, monitor: Old): FinishedCheck[] {
  const result = test.result as Partial<CheckFigures> | null;
  if (test.status !== 'completed' || !result || typeof result.up !== 'boolean') return [];
  const at = test.startedAt ?? test.createdAt;
  const timings = result.timings_ms ?? ({} as Partial<CheckFigures['timings_ms']>);
  return [
    {
      monitorId: monitor.id,
      location: 'default',
      plan: monitor.plan,
      slot: at,
      startedAt: at,
      figures: {
        up: result.up,
        reason: result.reason ?? null,
        status_code: result.status_code ?? null,
        timings_ms: Object.fromEntries(PHASES.map((p) => [p, timings[p] ?? null])) as CheckFigures['timings_ms'],
        tls: result.tls?.days_remaining == null ? null : { days_remaining: result.tls.days_remaining },
      },
      passed: test.passed ?? null,
      failing: [],
    },
  ];
}
