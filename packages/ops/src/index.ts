export {
  callbackOutcomes,
  counterOf,
  createRegistry,
  httpMetrics,
  queueMetrics,
  rumBeacons,
  testDuration,
  workerRestarts,
} from './metrics.ts';
export { type ProcessOps, startProcessOps } from './process-ops.ts';
export { checkReadiness, type OpsServer, type ReadinessChecks, startOpsServer } from './ops-server.ts';
export { serverTimeouts } from './server-timeouts.ts';
export { type GracefulClose, gracefulClose } from './graceful-close.ts';
export { type Running, runAsProcess } from './run-as-process.ts';
export { DRAIN_DEADLINE_MS, type HttpServing, serveHttp } from './serve-http.ts';
export {
  RATE_LIMIT_WINDOW_MS,
  rateLimitHeaders,
  type ScriptingRedis,
  SlidingWindowLimiter,
  type WindowDecision,
} from './sliding-window.ts';
