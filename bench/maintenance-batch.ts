import { randomUUIDv7 } from 'node:crypto';
import { createDb, createPool } from '@pageprobe/db';
import { type FinishedCheck, recordChecks } from '@pageprobe/monitors';
import { ensurePartitions, planWindow } from '@pageprobe/test-lifecycle';
import { teamWithKey } from '@pageprobe/testing';
import type { BenchServices } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 44, item 1: a check batch reads a window's occurrences computed ahead, never its rule. One batch of
// BATCH checks for monitors of one team, recorded with no window (the baseline), with a daily window, and
// with windows whose rules hung rrule (stored before the grammar, as an old replica wrote them): each
// batch's time, median of ROUNDS. On main bebded7 the last never returned.
const MONITORS = 100;
const ROUNDS = 15;
const HOSTILE_RULES = [
  'FREQ=HOURLY;BYHOUR=24',
  'FREQ=HOURLY;INTERVAL=2;BYHOUR=1',
  'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
];

export async function maintenanceBatchBench(services: BenchServices): Promise<string> {
  const pool = createPool(services.databaseUrl, { size: 5 });
  const db = createDb(services.databaseUrl, { pool });
  try {
    const now = Date.now();
    await ensurePartitions(pool, new Date(now - 86_400_000), new Date(now + 86_400_000));
    const scenario = async (name: string, rules: Array<string | null>) => {
      const { teamId } = await teamWithKey(db, { name, plan: 'pro' });
      const monitors = await db.monitor.createManyAndReturn({
        data: Array.from({ length: MONITORS }, () => ({
          teamId,
          type: 'uptime' as const,
          url: 'http://127.0.0.1:9/',
          device: 'mobile' as const,
          intervalSeconds: 60,
          nextRunAt: null,
          tags: ['covered'],
        })),
      });
      for (const rrule of rules) {
        const spec = { startsAt: new Date(now - 3_600_000), endsAt: null, rrule, durationMinutes: 30, timeZone: 'UTC' };
        // A benign rule gets its occurrences as a write computes them; a hostile one has none, as before.
        const plan = rrule === 'FREQ=DAILY' ? await planWindow(spec, new Date(now)) : null;
        await db.maintenanceWindow.create({
          data: { id: randomUUIDv7(), teamId, name: String(rrule), ...spec, tags: ['covered'], ...plan?.columns },
        });
      }
      const times: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const slot = new Date(Math.floor(now / 60_000) * 60_000 - (round + 1) * 60_000);
        const batch: FinishedCheck[] = monitors.map((m) => ({
          monitorId: m.id,
          location: 'default',
          plan: 'pro',
          slot,
          startedAt: new Date(slot.getTime() + 5),
          figures: {
            up: true,
            reason: null,
            status_code: 200,
            timings_ms: { dns: 1, connect: 1, tls: null, first_byte: 20, download: 1, total: 23 },
            tls: null,
          },
          passed: null,
          failing: [],
        }));
        const started = performance.now();
        await recordChecks(db, batch, { publicBaseUrl: 'http://127.0.0.1', dashboardBaseUrl: 'http://127.0.0.1/app' });
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      progress(`maintenance batch: ${name} done`);
      return [name, rules.length, times[Math.floor(ROUNDS / 2)]!.toFixed(1), times.at(-1)!.toFixed(1)];
    };
    const rows = [
      await scenario('no window (baseline)', []),
      await scenario('a daily window', ['FREQ=DAILY']),
      await scenario('three rules that hung rrule', HOSTILE_RULES),
    ];
    return table([`${MONITORS} checks a batch`, 'windows', 'median ms', 'max ms'], rows);
  } finally {
    await db.$disconnect();
    await pool.end();
  }
}
