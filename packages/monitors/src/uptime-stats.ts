import type { Db } from '@pageprobe/db';

export interface Check {
  at: Date;
  up: boolean;
  reason: string | null;
}

export interface Incident {
  started_at: string;
  /** The first good check after it; null while it lasts. */
  ended_at: string | null;
  reason: string;
}

const WINDOWS = { '24h': 24 * 3600_000, '7d': 7 * 24 * 3600_000, '30d': 30 * 24 * 3600_000 } as const;
/** Incidents listed, newest first. */
export const MAX_INCIDENTS = 50;

/** Share of good checks (percent, 3 decimals) in each window before `now`; null for a window without checks. */
export function uptimePercent(checks: Check[], now: Date): Record<keyof typeof WINDOWS, number | null> {
  const out = {} as Record<keyof typeof WINDOWS, number | null>;
  for (const [name, ms] of Object.entries(WINDOWS) as Array<[keyof typeof WINDOWS, number]>) {
    const inside = checks.filter((c) => now.getTime() - c.at.getTime() <= ms);
    out[name] = inside.length ? Number(((inside.filter((c) => c.up).length / inside.length) * 100).toFixed(3)) : null;
  }
  return out;
}

/** Runs of failed checks, from the first failed one to the first good one after it (checks oldest first). */
export function incidents(checks: Check[]): Incident[] {
  const out: Incident[] = [];
  let open: Incident | null = null;
  for (const c of checks) {
    if (!c.up && !open) open = { started_at: c.at.toISOString(), ended_at: null, reason: c.reason ?? 'down' };
    if (c.up && open) {
      out.push({ ...open, ended_at: c.at.toISOString() });
      open = null;
    }
  }
  if (open) out.push(open);
  return out.reverse().slice(0, MAX_INCIDENTS);
}

/** An uptime monitor's checks of the last 30 days, oldest first (runs that failed through our fault left out). */
export async function loadChecks(db: Db, monitorId: string, now: Date): Promise<Check[]> {
  const rows = await db.$queryRaw<Array<{ at: Date; up: boolean | null; reason: string | null }>>`
    SELECT completed_at AS at, (result->>'up')::boolean AS up, result->>'reason' AS reason
    FROM tests
    WHERE monitor_id = ${monitorId}::uuid AND status = 'completed'
      AND completed_at > ${new Date(now.getTime() - WINDOWS['30d'])}
    ORDER BY completed_at`;
  return rows.filter((r) => r.up !== null).map((r) => ({ at: r.at, up: r.up!, reason: r.reason }));
}
