import type { Pool } from '@pageprobe/db';
import { recordRumAttribution } from '../rollups/record-rum-attribution.ts';
import { recordRumDrops } from '../rollups/record-rum-drops.ts';
import { recordRumRollups } from '../rollups/record-rum-rollups.ts';
import type { RumAggregator, RumBatch } from './aggregator.ts';

// Writes what the aggregator summed every `everyMs` (RUM_FLUSH_MS): the minute, hour and day rollups,
// the attribution rows and the drops, in one transaction, so a flush is written whole or not at all and
// a retry never counts a beacon twice. A failed flush (PostgreSQL restarting, a partition missing) is
// put back into the aggregator and written with the next one. Two replicas flushing at once write the
// same tables in the same order, each in key order: they wait for each other, never deadlock.

export interface RumFlusherOptions {
  pool: Pool;
  aggregator: RumAggregator;
  everyMs: number;
  onError?: (error: Error, batch: { rows: number }) => void;
}

export interface RumFlusher {
  /** Writes what is summed now (waits for a flush already running first). False when the write failed. */
  flush(): Promise<boolean>;
  /** Stops the timer and writes what remains, retrying a few times; resolves once done or given up. */
  close(): Promise<void>;
}

const CLOSE_ATTEMPTS = 5;
const CLOSE_RETRY_MS = 500;

export async function writeRumBatch(pool: Pool, batch: RumBatch): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await recordRumRollups(client, batch.buckets);
    await recordRumAttribution(client, batch.attribution);
    await recordRumDrops(client, batch.drops);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export function rumFlusher({ pool, aggregator, everyMs, onError }: RumFlusherOptions): RumFlusher {
  let running: Promise<boolean> | null = null;

  async function once(): Promise<boolean> {
    const batch = aggregator.take();
    const rows = batch.buckets.length + batch.attribution.length + batch.drops.length;
    if (rows === 0) return true;
    try {
      await writeRumBatch(pool, batch);
      return true;
    } catch (error) {
      aggregator.putBack(batch);
      onError?.(error as Error, { rows });
      return false;
    }
  }

  async function flush(): Promise<boolean> {
    while (running) await running;
    running = once();
    try {
      return await running;
    } finally {
      running = null;
    }
  }

  const timer = setInterval(() => {
    if (!running) void flush();
  }, everyMs);
  timer.unref();

  return {
    flush,
    async close() {
      clearInterval(timer);
      for (let attempt = 1; attempt <= CLOSE_ATTEMPTS; attempt++) {
        if (await flush()) return;
        if (attempt < CLOSE_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, CLOSE_RETRY_MS));
      }
    },
  };
}
