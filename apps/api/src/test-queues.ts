import type { TestType } from '@pageprobe/db';
import { openQueue, type QueueContext, testJobFor } from '@pageprobe/jobs';
import type { Queue } from 'bullmq';

const TYPES: TestType[] = ['lighthouse', 'seo_crawl', 'uptime'];

/** The producer side of every test type's queue. */
export function openTestQueues(ctx: QueueContext): Map<TestType, Queue> {
  return new Map(TYPES.map((type) => [type, openQueue(testJobFor(type), ctx)]));
}
