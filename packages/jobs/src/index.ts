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
  BLOCK_TIMEOUT_S,
  closeWorker,
  cutIfHung,
  enqueue,
  enqueueMany,
  handBack,
  type JobInfo,
  openQueue,
  type QueueContext,
  remakeWorker,
  startWorker,
  workerLoad,
} from './queues.ts';
export { connected, createRedis, httpAppRedis, REDIS_SOCKET_TIMEOUT_MS, REDIS_WAIT_MS } from './redis.ts';
export {
  STUCK_AFTER_MS,
  WATCH_EVERY_MS,
  type WatchedWorkers,
  type WorkerRestart,
  watchWorkers,
} from './worker-watchdog.ts';
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
