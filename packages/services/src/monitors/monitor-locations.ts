import type { Db, Monitor, TestType } from '@pageprobe/db';
import { liveLocations } from '@pageprobe/jobs';
import { type LocationChecks, quorumOf, reporting } from '@pageprobe/monitors';
import { runsChecks } from '@pageprobe/test-kinds';
import { checkLocations, type LocationEntry, TestRejected } from '@pageprobe/test-lifecycle';
import type { Redis } from 'ioredis';
import { ProblemError } from '../problem.ts';
import { rejectionProblem } from '../test-routes/rejection-problem.ts';

// A monitor's locations (issue 32): chosen among the live ones, judged by a quorum, shown each with its
// state and its own uptime.

export interface LocationSettings {
  locations?: string[];
  quorum?: number;
  location_mode?: 'every' | 'round_robin';
}

/**
 * The settings as they will be after this request (`current` for a change): each location listed by GET
 * /locations with a live worker of the monitor's type, and a quorum within the number of locations.
 */
export async function checkLocationSettings(
  redis: Redis,
  prefix: string,
  type: TestType,
  input: LocationSettings,
  current?: Pick<Monitor, 'locations' | 'quorum'>,
): Promise<void> {
  if (input.locations) {
    await checkLocations(() => liveLocations(redis, prefix), type, input.locations).catch((error: unknown) => {
      throw error instanceof TestRejected ? rejectionProblem(error) : error;
    });
  }
  const count = (input.locations ?? current?.locations ?? []).length;
  const quorum = input.quorum ?? current?.quorum ?? null;
  if (quorum !== null && quorum > Math.max(count, 1)) {
    const message = `must be at most the number of locations (${Math.max(count, 1)})`;
    throw new ProblemError(400, 'validation_failed', `quorum ${message}.`, {
      errors: [{ path: 'body.quorum', message }],
    });
  }
}

/** The columns the settings set. A new list of locations without a quorum goes back to a majority. */
export function locationColumns(input: LocationSettings) {
  return {
    ...(input.locations ? { locations: input.locations, quorum: input.quorum ?? null } : {}),
    ...(input.quorum !== undefined && !input.locations ? { quorum: input.quorum } : {}),
    ...(input.location_mode ? { locationMode: input.location_mode } : {}),
  };
}

type State = 'up' | 'down' | 'not_reporting' | 'waiting';

export interface MonitorLocation {
  location: string;
  state: State;
  last_check_at: string | null;
  uptime_24h: number | null;
}

/**
 * Each location's state. A monitor of checks (uptime, tcp, dns) has its locations' last verdicts (kept on the row,
 * so a list costs no query); another kind's from its latest finished run's entries.
 */
export async function locationStates(
  db: Db,
  monitor: Monitor,
  { withUptime }: { withUptime: boolean },
): Promise<MonitorLocation[] | null> {
  if (!monitor.locations?.length) return null;
  const uptime = withUptime ? await uptimeByLocation(db, monitor.id) : new Map<string, number>();
  if (runsChecks(monitor.type)) {
    const checks = (monitor.locationChecks as LocationChecks | null) ?? {};
    const live = reporting(monitor, checks, Date.now() - monitor.intervalSeconds * 1000);
    return monitor.locations.map((location) => {
      const last = checks[location]?.at(-1);
      const state: State = !last ? 'waiting' : !live.includes(location) ? 'not_reporting' : last[1] ? 'down' : 'up';
      return {
        location,
        state,
        last_check_at: last ? new Date(last[0]).toISOString() : null,
        uptime_24h: uptime.get(location) ?? null,
      };
    });
  }
  const run = await db.test.findFirst({
    where: { monitorId: monitor.id, status: { in: ['completed', 'failed'] } },
    orderBy: { createdAt: 'desc' },
    select: { locationResults: true },
  });
  const entries = (run?.locationResults as Record<string, LocationEntry> | null) ?? {};
  return monitor.locations.map((location) => {
    const entry = entries[location];
    return {
      location,
      state: !run ? 'waiting' : !entry ? 'not_reporting' : entry.status === 'completed' ? 'up' : 'down',
      last_check_at: entry?.completed_at ?? null,
      uptime_24h: null,
    };
  });
}

/** Percent of each location's checks that passed over the last 24 hours (maintenance left out). */
async function uptimeByLocation(db: Db, monitorId: string): Promise<Map<string, number>> {
  const rows = await db.$queryRawUnsafe<Array<{ location: string; percent: number }>>(
    `SELECT location, round(100.0 * count(*) FILTER (WHERE up) / count(*), 3)::float8 AS percent
     FROM monitoring.checks WHERE monitor_id = $1::uuid AND at >= now() - interval '24 hours' AND NOT maintenance
     GROUP BY location`,
    monitorId,
  );
  return new Map(rows.map((r) => [r.location, r.percent]));
}

/** What a monitor shows of its locations. */
export const locationFields = (monitor: Monitor, states: MonitorLocation[] | null) => ({
  locations: states,
  quorum: monitor.locations?.length ? quorumOf(monitor) : null,
  location_mode: monitor.locationMode as 'every' | 'round_robin',
});
