import type { Db } from '@pageprobe/db';
import { bucketStart, LEVELS } from '@pageprobe/test-lifecycle';

const DAY = LEVELS[2];

/** One UTC day of a monitor's runs: how many, and how many were good (n = 0: none ran). */
export interface DayBar {
  day: Date;
  n: number;
  ok: number;
}

/**
 * The last `days` UTC days up to `now`'s, oldest first, from the day rollups kept as runs finish: a bar
 * each, those without runs included, so a row of them always spans the same days.
 */
export async function dayBars(db: Db, monitorId: string, now: Date, days = 90): Promise<DayBar[]> {
  const today = bucketStart(DAY, now).getTime();
  const first = new Date(today - (days - 1) * DAY.ms);
  // A team that changed plan that day has a row in each plan's partition.
  const rows = await db.$queryRawUnsafe<Array<{ at: Date; n: number; ok: number }>>(
    `SELECT at, sum(n)::int AS n, sum(ok)::int AS ok FROM ${DAY.table}
     WHERE monitor_id = $1::uuid AND at >= $2 AND at <= $3 GROUP BY at`,
    monitorId,
    first,
    new Date(today),
  );
  const byDay = new Map(rows.map((r) => [r.at.getTime(), r]));
  return Array.from({ length: days }, (_, i) => {
    const at = first.getTime() + i * DAY.ms;
    const row = byDay.get(at);
    return { day: new Date(at), n: Number(row?.n ?? 0), ok: Number(row?.ok ?? 0) };
  });
}
