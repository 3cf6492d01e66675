export { type CallbackEvent, serialiseCallback } from './callback-payload.ts';
export { blendedScore, gradeFor } from './grade.ts';
export { reportUrl } from './report-url.ts';
export { startSweeper, sweepExpiredIdempotencyKeys, sweepPendingDeliveries, sweepQueuedTests } from './sweeper.ts';
export { claimTest, finishTest, type LifecycleDeps, type Outcome } from './transitions.ts';
export { startTestWorker, type TestWorkerOptions } from './test-worker.ts';
