export {
  callbackJobPayload,
  type JobDefinition,
  jobs,
  monitorJobPayload,
  type TestJobDefinition,
  type TestType,
  testJobFor,
  testJobPayload,
  testTypes,
} from './catalog.ts';
export {
  closeWorker,
  enqueue,
  enqueueMany,
  handBack,
  type JobInfo,
  openQueue,
  type QueueContext,
  startWorker,
} from './queues.ts';
export { createRedis } from './redis.ts';
export { openTestQueues, type TestQueueAt, type TestQueues } from './test-queues.ts';
export {
  atLocation,
  DEFAULT_LOCATION,
  HEARTBEAT_MS,
  LIVE_FOR_MS,
  type LiveLocation,
  LOCATION_ID,
  liveLocations,
  queueAt,
  startHeartbeat,
  type WorkerPresence,
} from './locations.ts';
