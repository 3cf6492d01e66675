export {
  callbackOutcomes,
  counterOf,
  createRegistry,
  httpMetrics,
  queueMetrics,
  testDuration,
  workerRestarts,
} from './metrics.ts';
export { type ProcessOps, startProcessOps } from './process-ops.ts';
export { checkReadiness, type OpsServer, type ReadinessChecks, startOpsServer } from './ops-server.ts';
export { serverTimeouts } from './server-timeouts.ts';
export { type GracefulClose, gracefulClose } from './graceful-close.ts';
