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
