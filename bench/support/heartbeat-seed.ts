import { DAY_MS, type Pool } from '@pageprobe/db';
import { ensurePartitions } from '@pageprobe/test-lifecycle';

// The heartbeats scenario's data (issue 47): heartbeat monitors dealt over pro teams in turn, written with
// set-based SQL as dashboard-seed.ts does. What POST /monitors would give them (heartbeat-input.ts): a
// ping token, a placeholder url, period and grace, down_after 1, no next_run_at. One difference: the
// first deadline is an hour away for all, not period + grace from now, so a monitor of the late set is
// not late before its first ping arrives (the apps take seconds to start); the first applied ping sets
// the real one.

export interface HeartbeatSeed {
  teamIds: string[];
  /** Ping tokens of the monitors pinged throughout. */
  steady: string[];
  /** Ping tokens of the late set: pinged, then no more. */
  late: string[];
  lateIds: string[];
  seconds: number;
}

export interface HeartbeatSizes {
  monitors: number;
  teams: number;
  late: number;
  lateTiming: { periodSeconds: number; graceSeconds: number };
}

/** The steady monitors' timing: never late within the bench. */
const STEADY = { periodSeconds: 3_600, graceSeconds: 600 };

export async function seedHeartbeats(pool: Pool, sizes: HeartbeatSizes): Promise<HeartbeatSeed> {
  const started = performance.now();
  const now = new Date();
  // Today's pings and checks need their partitions (the dispatcher's sweep makes them too, later).
  await ensurePartitions(pool, new Date(now.getTime() - DAY_MS), new Date(now.getTime() + 2 * DAY_MS));
  const client = await pool.connect();
  try {
    await client.query('SET synchronous_commit = off');
    const { rows: teams } = await client.query<{ id: string }>(
      `INSERT INTO teams (id, name, plan, updated_at)
       SELECT gen_random_uuid(), 'heartbeat bench ' || i, 'pro', now() FROM generate_series(1, $1) i RETURNING id`,
      [sizes.teams],
    );
    const teamIds = teams.map((t) => t.id);
    // i < late: the late set (short period and grace); the rest pinged throughout.
    const { rows } = await client.query<{ id: string; ping_token: string; late: boolean }>(
      `INSERT INTO monitors (id, team_id, name, type, url, device, interval_seconds, down_after, ping_token,
         period_seconds, grace_seconds, deadline_at, next_run_at, updated_at)
       SELECT id, ($1::uuid[])[1 + i % cardinality($1::uuid[])], 'cron job ' || i, 'heartbeat', 'heartbeat:' || id,
         'mobile', p, 1, translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_'),
         p, g, now() + interval '1 hour', NULL, now()
       FROM generate_series(0, $2::int - 1) i,
         LATERAL (SELECT gen_random_uuid() AS id,
           CASE WHEN i < $3 THEN $4::int ELSE $6::int END AS p, CASE WHEN i < $3 THEN $5::int ELSE $7::int END AS g) x
       RETURNING id::text, ping_token, period_seconds = $4::int AS late`,
      [
        teamIds,
        sizes.monitors,
        sizes.late,
        sizes.lateTiming.periodSeconds,
        sizes.lateTiming.graceSeconds,
        STEADY.periodSeconds,
        STEADY.graceSeconds,
      ],
    );
    return {
      teamIds,
      steady: rows.filter((r) => !r.late).map((r) => r.ping_token),
      late: rows.filter((r) => r.late).map((r) => r.ping_token),
      lateIds: rows.filter((r) => r.late).map((r) => r.id),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    client.release();
  }
}
