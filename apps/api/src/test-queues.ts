import type { TestType } from '@pageprobe/db';
import { openQueue, type QueueContext, testJobFor, testTypes } from '@pageprobe/jobs';
import type { Queue } from 'bullmq';

/** The producer side of every test type's queue. */
export function openTestQueues(ctx: QueueContext): Map<TestType, Queue> {
  return new Map(testTypes.map((type) => [type, openQueue(testJobFor(type), ctx)]));
}
