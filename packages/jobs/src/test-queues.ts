import type { Queue } from 'bullmq';
import { testJobFor } from './catalog.ts';
import { atLocation } from './locations.ts';
import { openQueue, type QueueContext } from './queues.ts';

/** The producer side of a kind's queue at a location, each opened once. */
export type TestQueueAt = (type: string, location: string) => Queue;

export interface TestQueues {
  at: TestQueueAt;
  /** Every queue opened so far (for metrics and closing). */
  opened(): Queue[];
}

/** Test queues through `open` (a worker host's queueFor), or opened here on `ctx` and kept by name. */
export function openTestQueues(ctx: QueueContext, open?: (def: { queue: string }) => Queue): TestQueues {
  const byName = new Map<string, Queue>();
  const opener =
    open ??
    ((def: { queue: string }) => {
      const queue = byName.get(def.queue) ?? openQueue(def, ctx);
      byName.set(def.queue, queue);
      return queue;
    });
  return {
    at: (type, location) => opener(atLocation(testJobFor(type), location)),
    opened: () => [...byName.values()],
  };
}
