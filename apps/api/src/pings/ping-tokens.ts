import type { Plan, Pool } from '@pageprobe/db';

/** The heartbeat a ping token opens. */
export interface PingTarget {
  monitorId: string;
  teamId: string;
  plan: Plan;
}

/** How long this replica trusts what it read: a rotated or deleted token works here at most this long. */
const HIT_TTL_MS = 30_000;
/** An unknown token is asked again after this (a monitor made meanwhile gets its pings soon). */
const MISS_TTL_MS = 5_000;
const MAX_ENTRIES = 100_000;

/**
 * Ping tokens to their heartbeats, read once and kept briefly in this replica: a ping costs no lookup
 * in the steady state, and concurrent pings of one token share one read.
 */
export class PingTokens {
  readonly #pool: Pool;
  readonly #entries = new Map<string, { target: PingTarget | null; until: number }>();
  readonly #reading = new Map<string, Promise<PingTarget | null>>();

  constructor(pool: Pool) {
    this.#pool = pool;
  }

  async find(token: string, now = Date.now()): Promise<PingTarget | null> {
    const entry = this.#entries.get(token);
    if (entry && entry.until > now) return entry.target;
    let reading = this.#reading.get(token);
    if (!reading) {
      reading = this.#read(token).finally(() => this.#reading.delete(token));
      this.#reading.set(token, reading);
    }
    const target = await reading;
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(token, { target, until: now + (target ? HIT_TTL_MS : MISS_TTL_MS) });
    return target;
  }

  async #read(token: string): Promise<PingTarget | null> {
    const { rows } = await this.#pool.query<{ id: string; team_id: string; plan: Plan }>(
      `SELECT m.id, m.team_id, t.plan FROM monitors m JOIN teams t ON t.id = m.team_id
       WHERE m.ping_token = $1 AND m.type = 'heartbeat' AND m.deleted_at IS NULL`,
      [token],
    );
    const row = rows[0];
    return row ? { monitorId: row.id, teamId: row.team_id, plan: row.plan } : null;
  }
}
