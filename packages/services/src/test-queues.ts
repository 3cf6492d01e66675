import { openTestQueues as open, type QueueContext, type TestQueues, testTypes } from '@pageprobe/jobs';

/** The producer side of the test queues: every kind's at the default location now, others as first asked. */
export function openTestQueues(ctx: QueueContext): TestQueues {
  const queues = open(ctx);
  for (const type of testTypes) queues.at(type, 'default');
  return queues;
}
