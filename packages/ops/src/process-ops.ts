import type { Queue } from 'bullmq';
import type { Registry } from 'prom-client';
import { createRegistry, queueMetrics, testDuration } from './metrics.ts';
import { type ReadinessChecks, startOpsServer } from './ops-server.ts';

export interface ProcessOps {
  registry: Registry;
  /** The ops port listened on, or null without one. */
  port: number | null;
  /** Observe one finished test (for test workers). */
  testFinished(type: string, outcome: string, seconds: number): void;
  close(): Promise<void>;
}

/**
 * A worker process's metrics and, when `port` is not negative, its ops port (/healthz, /readyz,
 * /metrics). The queues it consumes are measured too (depth, oldest waiting job).
 */
export async function startProcessOps({
  app,
  port,
  checks,
  queues,
  keepAliveTimeoutMs,
}: {
  app: string;
  port: number;
  checks: ReadinessChecks;
  queues: Queue[];
  /** HTTP_KEEP_ALIVE_TIMEOUT_MS, for the ops port. */
  keepAliveTimeoutMs: number;
}): Promise<ProcessOps> {
  const registry = createRegistry(app);
  queueMetrics(registry, queues);
  const durations = testDuration(registry);
  const server = port >= 0 ? await startOpsServer({ port, registry, checks, keepAliveTimeoutMs }) : null;
  return {
    registry,
    port: server?.port ?? null,
    testFinished: (type, outcome, seconds) => durations.observe({ type, outcome }, seconds),
    close: async () => {
      await server?.close();
    },
  };
}
