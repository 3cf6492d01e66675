import type { Pool } from '@pageprobe/db';
import { type IncomingPing, storePings } from '@pageprobe/monitors';
import type { Redis } from 'ioredis';

/** What became of a ping: stored (durably), or over its team's limit for this minute. */
export type PingOutcome = { stored: true } | { stored: false; retryAfterSeconds: number };

export interface PingWriterOptions {
  pool: Pool;
  redis: Redis;
  prefix: string;
  /** Pings one team may send a minute (a fixed window, shared by every replica through Redis). */
  perTeamPerMinute: number;
  /** A batch waits this long for company before it is written… */
  maxWaitMs?: number;
  /** …and holds at most this many. */
  maxBatch?: number;
  /** Batches being written at once (each is one statement on a connection of its own). */
  maxWriting?: number;
}

interface Waiting {
  teamId: string;
  ping: IncomingPing;
  settle(outcome: PingOutcome | Error): void;
}

const MINUTE_MS = 60_000;

/**
 * Group commit for pings (issue 47): pings arriving together are counted against their teams' limits in
 * one Redis round trip and stored in one statement, and each is answered once its batch is committed.
 * While `maxWriting` batches are being written, new pings gather for the next, so batches grow with the
 * load instead of queueing statements. A batch whose Redis or PostgreSQL step fails fails all its pings
 * (the caller answers 503): none is acknowledged unless stored.
 */
export function pingWriter(options: PingWriterOptions) {
  const { maxWaitMs = 2, maxBatch = 1_000, maxWriting = 4 } = options;
  let waiting: Waiting[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing = 0;
  const inFlight = new Set<Promise<void>>();

  function schedule() {
    if (timer || waiting.length === 0 || writing >= maxWriting) return;
    if (waiting.length >= maxBatch) return flush();
    timer = setTimeout(flush, maxWaitMs);
  }

  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (writing >= maxWriting || waiting.length === 0) return;
    const batch = waiting.slice(0, maxBatch);
    waiting = waiting.slice(maxBatch);
    writing++;
    const write = writeBatch(batch).finally(() => {
      writing--;
      inFlight.delete(write);
      // What gathered meanwhile goes at once: it has waited already.
      if (waiting.length) flush();
    });
    inFlight.add(write);
    schedule();
  }

  async function writeBatch(batch: Waiting[]): Promise<void> {
    try {
      const allowed = await withinLimits(batch);
      const stored = batch.filter((w) => allowed.has(w));
      await storePings(
        options.pool,
        stored.map((w) => w.ping),
      );
      const retryAfterSeconds = Math.max(1, Math.ceil((MINUTE_MS - (Date.now() % MINUTE_MS)) / 1000));
      for (const w of batch) w.settle(allowed.has(w) ? { stored: true } : { stored: false, retryAfterSeconds });
    } catch (error) {
      for (const w of batch) w.settle(error as Error);
    }
  }

  /** Counts each team's pings of the batch in this minute's window; the first up to the limit pass. */
  async function withinLimits(batch: Waiting[]): Promise<Set<Waiting>> {
    const byTeam = new Map<string, Waiting[]>();
    for (const w of batch) byTeam.set(w.teamId, [...(byTeam.get(w.teamId) ?? []), w]);
    const minute = Math.floor(Date.now() / MINUTE_MS);
    const pipeline = options.redis.multi();
    for (const [teamId, pings] of byTeam) {
      const key = `${options.prefix}:pings:${teamId}:${minute}`;
      pipeline.incrby(key, pings.length).pexpire(key, 2 * MINUTE_MS);
    }
    const results = await pipeline.exec();
    if (!results) throw new Error('ping limit: transaction aborted');
    const allowed = new Set<Waiting>();
    [...byTeam.values()].forEach((pings, i) => {
      const [error, after] = results[2 * i]!;
      if (error) throw error;
      const before = Number(after) - pings.length;
      const room = Math.max(0, options.perTeamPerMinute - before);
      for (const w of pings.slice(0, room)) allowed.add(w);
    });
    return allowed;
  }

  return {
    add(teamId: string, ping: IncomingPing): Promise<PingOutcome> {
      return new Promise((resolve, reject) => {
        waiting.push({
          teamId,
          ping,
          settle: (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)),
        });
        if (waiting.length >= maxBatch) flush();
        else schedule();
      });
    },
    /** Writes what is waiting and waits for every write (on shutdown). */
    async close(): Promise<void> {
      while (waiting.length || inFlight.size) {
        flush();
        await Promise.allSettled([...inFlight]);
      }
    },
  };
}
