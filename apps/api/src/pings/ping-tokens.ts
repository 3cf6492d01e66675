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
/** Tokens one read asks for… */
const MAX_READ = 1_000;
/** …and reads in flight at once (each holds a pooled connection the pings' writes also need). */
const MAX_READING = 2;

type Waiting = PromiseWithResolvers<PingTarget | null>;

/**
 * Ping tokens to their heartbeats, read once and kept briefly in this replica: a ping costs no lookup
 * in the steady state. Tokens not known here are read together, one statement for all those asked in
 * the same turn of the event loop (or while the reads before were running), as the writer stores pings:
 * a cold replica, or the 30 s expiry of thousands of tokens, costs a few reads rather than one each
 * (measured by the heartbeats bench: 10,000 single reads held the pool for 15 s, pings waiting behind them).
 */
export class PingTokens {
  readonly #pool: Pool;
  readonly #entries = new Map<string, { target: PingTarget | null; until: number }>();
  /** Asked for, not yet in a read. */
  readonly #queued = new Map<string, Waiting>();
  /** In a read now: asked again meanwhile, they share it. */
  readonly #reading = new Map<string, Waiting>();
  #reads = 0;
  #scheduled = false;

  constructor(pool: Pool) {
    this.#pool = pool;
  }

  async find(token: string, now = Date.now()): Promise<PingTarget | null> {
    // No token holds a NUL, and PostgreSQL refuses one in a text parameter (the fuzz's /ping/%00 was a 503).
    if (token.includes('\u0000')) return null;
    const entry = this.#entries.get(token);
    if (entry && entry.until > now) return entry.target;
    const waiting = this.#queued.get(token) ?? this.#reading.get(token);
    if (waiting) return waiting.promise;
    const added = Promise.withResolvers<PingTarget | null>();
    this.#queued.set(token, added);
    this.#schedule();
    return added.promise;
  }

  /** The next read, once this turn of the event loop has queued what it asks for. */
  #schedule(): void {
    if (this.#scheduled || this.#reads >= MAX_READING || this.#queued.size === 0) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      void this.#readQueued();
    });
  }

  async #readQueued(): Promise<void> {
    if (this.#reads >= MAX_READING || this.#queued.size === 0) return;
    const batch = new Map<string, Waiting>();
    for (const [token, waiting] of this.#queued) {
      if (batch.size >= MAX_READ) break;
      batch.set(token, waiting);
    }
    for (const [token, waiting] of batch) {
      this.#queued.delete(token);
      this.#reading.set(token, waiting);
    }
    this.#reads++;
    try {
      const targets = await this.#read([...batch.keys()]);
      const now = Date.now();
      for (const [token, waiting] of batch) {
        const target = targets.get(token) ?? null;
        this.#remember(token, target, now);
        waiting.resolve(target);
      }
    } catch (error) {
      for (const waiting of batch.values()) waiting.reject(error);
    } finally {
      for (const token of batch.keys()) this.#reading.delete(token);
      this.#reads--;
      this.#schedule();
    }
  }

  #remember(token: string, target: PingTarget | null, now: number): void {
    if (!this.#entries.has(token) && this.#entries.size >= MAX_ENTRIES) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    this.#entries.set(token, { target, until: now + (target ? HIT_TTL_MS : MISS_TTL_MS) });
  }

  async #read(tokens: string[]): Promise<Map<string, PingTarget>> {
    const { rows } = await this.#pool.query<{ ping_token: string; id: string; team_id: string; plan: Plan }>(
      `SELECT m.ping_token, m.id, m.team_id, t.plan FROM monitors m JOIN teams t ON t.id = m.team_id
       WHERE m.ping_token = ANY($1::text[]) AND m.type = 'heartbeat' AND m.deleted_at IS NULL`,
      [tokens],
    );
    return new Map(rows.map((r) => [r.ping_token, { monitorId: r.id, teamId: r.team_id, plan: r.plan }]));
  }
}
