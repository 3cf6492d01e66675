import type { Plan, Pool } from '@pageprobe/db';

/** What a ping says, numbered as stored (monitoring.pings.kind); never renumber, only append. */
export const PING_KINDS = ['success', 'start', 'fail', 'exit'] as const;
export type PingKind = (typeof PING_KINDS)[number];

/** The log kept of a POST's body, in bytes. */
export const MAX_PING_BODY_BYTES = 100 * 1024;

/** A ping as received, before it is stored. */
export interface IncomingPing {
  monitorId: string;
  plan: Plan;
  at: Date;
  kind: PingKind;
  /** The exit status of `/ping/{token}/{code}` (kind exit). */
  exitCode: number | null;
  /** A POST's body (text, NULs removed), or null. */
  body: string | null;
}

// One statement for a whole batch: the log rows and their inbox entries (what the dispatchers' tick has
// yet to apply). It commits on its own, so a ping is acknowledged only once both are durable.
const STORE_PINGS = `
WITH logged AS (
  INSERT INTO monitoring.pings (monitor_id, at, plan, kind, exit_code, body)
  SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::"Plan"[], $4::smallint[], $5::smallint[], $6::text[])
  RETURNING id, monitor_id, at, plan, kind, exit_code
)
INSERT INTO monitoring.ping_inbox (id, monitor_id, at, plan, kind, exit_code)
SELECT id, monitor_id, at, plan, kind, exit_code FROM logged`;

/** Stores a batch of pings in one statement (its own transaction). */
export async function storePings(pool: Pool, pings: IncomingPing[]): Promise<void> {
  if (pings.length === 0) return;
  const col = <T>(read: (p: IncomingPing) => T) => pings.map(read);
  await pool.query(STORE_PINGS, [
    col((p) => p.monitorId),
    col((p) => p.at),
    col((p) => p.plan),
    col((p) => PING_KINDS.indexOf(p.kind)),
    col((p) => p.exitCode),
    col((p) => p.body),
  ]);
}

/** A stored ping, as GET /monitors/{id}/pings lists it. */
export interface StoredPing {
  id: string;
  at: Date;
  kind: PingKind;
  exitCode: number | null;
  durationMs: number | null;
  body: string | null;
}

/** A monitor's pings, newest first, before the (at, id) cursor when given. */
export async function listPings(
  pool: Pool,
  monitorId: string,
  before: { at: Date; id: string } | null,
  limit: number,
): Promise<StoredPing[]> {
  const { rows } = await pool.query<{
    id: string;
    at: Date;
    kind: number;
    exit_code: number | null;
    duration_ms: number | null;
    body: string | null;
  }>(
    `SELECT id::text, at, kind, exit_code, duration_ms, body FROM monitoring.pings
     WHERE monitor_id = $1 AND ($2::timestamptz IS NULL OR (at, id) < ($2, $3::bigint))
     ORDER BY at DESC, id DESC LIMIT $4`,
    [monitorId, before?.at ?? null, before?.id ?? '0', limit],
  );
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    kind: PING_KINDS[r.kind] ?? 'success',
    exitCode: r.exit_code,
    durationMs: r.duration_ms,
    body: r.body,
  }));
}
