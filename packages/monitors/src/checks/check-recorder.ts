import type { Db } from '@pageprobe/db';
import type { Logger } from '@pageprobe/logger';
import { enqueueDeliveries } from '@pageprobe/test-lifecycle';
import type { Queue } from 'bullmq';
import type { FinishedCheck } from './check-row.ts';
import { recordChecks } from './record-checks.ts';

export interface CheckRecorderOptions {
  db: Db;
  callbacks: Queue;
  publicBaseUrl: string;
  /** The dashboard's address with its path: alerts link to a monitor's page there. */
  dashboardBaseUrl: string;
  logger: Logger;
  /** A batch is written once it has this many checks… */
  maxBatch?: number;
  /** …or when its first check has waited this long. */
  maxWaitMs?: number;
}

interface Waiting {
  check: FinishedCheck;
  settle(error?: unknown): void;
}

/**
 * Gathers finished checks from every job in hand and writes them a batch at a time (one transaction
 * for up to maxBatch checks instead of one each). `add` settles once its check is committed, so a job
 * completes only when its checks are recorded.
 */
export function checkRecorder(options: CheckRecorderOptions) {
  const { maxBatch = 200, maxWaitMs = 50 } = options;
  let waiting: Waiting[] = [];
  let timer: NodeJS.Timeout | null = null;
  const writing = new Set<Promise<void>>();

  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    const write = recordChecks(
      options.db,
      batch.map((w) => w.check),
      options,
    ).then(
      async (deliveries) => {
        for (const w of batch) w.settle();
        await enqueueDeliveries(options.callbacks, deliveries, (error) =>
          options.logger.warn({ err: error }, 'alert enqueue failed; the sweeper will retry'),
        );
      },
      (error: unknown) => {
        for (const w of batch) w.settle(error);
      },
    );
    writing.add(write);
    void write.finally(() => writing.delete(write));
  }

  return {
    add(check: FinishedCheck): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ check, settle: (error) => (error === undefined ? resolve() : reject(error)) });
        if (waiting.length >= maxBatch) flush();
        else timer ??= setTimeout(flush, maxWaitMs);
      });
    },
    /** Writes what is waiting and waits for every write. */
    async close(): Promise<void> {
      flush();
      await Promise.allSettled([...writing]);
    },
  };
}
