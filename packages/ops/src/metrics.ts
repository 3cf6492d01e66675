import type { Queue } from 'bullmq';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** One registry per process, with Node's own metrics and the app's name on every series. */
export function createRegistry(app: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ app });
  collectDefaultMetrics({ register: registry });
  return registry;
}

export const httpMetrics = (registry: Registry) => ({
  requests: new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route template and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  }),
  duration: new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by route template and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  }),
});

/** test_duration_seconds by type and outcome (completed, failed), observed by the test workers. */
export const testDuration = (registry: Registry) =>
  new Histogram({
    name: 'test_duration_seconds',
    help: 'From claim to finish, by test type and outcome.',
    labelNames: ['type', 'outcome'],
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160],
    registers: [registry],
  });

export const callbackOutcomes = (registry: Registry) =>
  new Counter({
    name: 'callback_attempts_total',
    help: 'Callback attempts by outcome (delivered, retry, final).',
    labelNames: ['outcome'],
    registers: [registry],
  });

/**
 * Real-user beacons by outcome (accepted, or the reason it was dropped: origin, no_site, malformed,
 * oversized, bot, limited, overflow, unavailable), counted by the API's ingest. Not by site: the
 * per-site counts are in monitoring.rum_dropped.
 */
export const rumBeacons = (registry: Registry) =>
  new Counter({
    name: 'rum_beacons_total',
    help: 'Real-user beacons received, by outcome (accepted or the reason dropped).',
    labelNames: ['outcome'],
    registers: [registry],
  });

/** Workers the watchdog replaced because their fetch hung (packages/jobs worker-watchdog.ts), by queue. */
export const workerRestarts = (registry: Registry) =>
  new Counter({
    name: 'worker_restarts_total',
    help: 'Workers replaced by the watchdog: jobs waited in their queue while they took none (a hung fetch).',
    labelNames: ['queue'],
    registers: [registry],
  });

/**
 * A counter that follows a count kept elsewhere (e.g. the browser pool's restarts), read when scraped.
 * A counter rather than a gauge so that `rate()` and `increase()` mean what they say.
 */
export function counterOf(registry: Registry, name: string, help: string, read: () => number): void {
  let seen = 0;
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = read();
      if (now > seen) this.inc(now - seen);
      seen = Math.max(seen, now);
    },
  });
}

/**
 * Queue depth by state and the age of the oldest waiting job, read from Redis when scraped: what the
 * autoscaler scales on and what an operator alerts on (a growing age means too few workers).
 */
export function queueMetrics(registry: Registry, queues: Queue[]): void {
  new Gauge({
    name: 'queue_jobs',
    help: 'Jobs in each queue, by state.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      await Promise.all(
        queues.map(async (queue) => {
          const counts = await queue.getJobCounts('wait', 'active', 'delayed', 'failed');
          for (const [state, n] of Object.entries(counts)) this.set({ queue: queue.name, state }, n);
        }),
      );
    },
  });
  new Gauge({
    name: 'queue_oldest_waiting_seconds',
    help: 'Age of the oldest job waiting in each queue (0 when none waits).',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      await Promise.all(
        queues.map(async (queue) => {
          const [oldest] = await queue.getJobs(['wait'], 0, 0, true);
          this.set({ queue: queue.name }, oldest ? Math.max(0, (Date.now() - oldest.timestamp) / 1000) : 0);
        }),
      );
    },
  });
}
