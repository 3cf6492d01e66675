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
  /**
   * Bytes of logs (POST bodies) one heartbeat may have stored an hour, across replicas (a fixed window in
   * Redis): past it a ping is stored without its log. Infinity: no cap.
   */
  logBytesPerMonitorPerHour?: number;
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
const HOUR_MS = 3_600_000;

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
      await withinLogBudget(stored);
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

  /**
   * Counts the logs of the batch's stored pings against their heartbeats' bytes this hour (one Redis
   * round trip, only for a batch with logs); a log past its heartbeat's budget is not kept, its ping is.
   */
  async function withinLogBudget(stored: Waiting[]): Promise<void> {
    const cap = options.logBytesPerMonitorPerHour ?? Number.POSITIVE_INFINITY;
    if (cap === Number.POSITIVE_INFINITY) return;
    const byMonitor = new Map<string, Array<{ w: Waiting; bytes: number }>>();
    for (const w of stored) {
      if (w.ping.body === null) continue;
      const logs = byMonitor.get(w.ping.monitorId) ?? [];
      logs.push({ w, bytes: Buffer.byteLength(w.ping.body) });
      byMonitor.set(w.ping.monitorId, logs);
    }
    if (byMonitor.size === 0) return;
    const hour = Math.floor(Date.now() / HOUR_MS);
    const pipeline = options.redis.multi();
    for (const [monitorId, logs] of byMonitor) {
      const key = `${options.prefix}:ping-log-bytes:${monitorId}:${hour}`;
      pipeline
        .incrby(
          key,
          logs.reduce((sum, l) => sum + l.bytes, 0),
        )
        .pexpire(key, 2 * HOUR_MS);
    }
    const results = await pipeline.exec();
    if (!results) throw new Error('ping log budget: transaction aborted');
    [...byMonitor.values()].forEach((logs, i) => {
      const [error, after] = results[2 * i]!;
      if (error) throw error;
      let used = Number(after) - logs.reduce((sum, l) => sum + l.bytes, 0);
      for (const { w, bytes } of logs) {
        used += bytes;
        if (used > cap) w.ping = { ...w.ping, body: null };
      }
    });
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
