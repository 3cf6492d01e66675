import type { Metric } from './monitor-traits.ts';
import { checkFailure, field, upMetric } from './monitor-traits.ts';

// What the network checks (uptime, tcp, dns) share in their definitions: free on every plan, one run a
// test, a second or so, many at once (they wait on the network, not the CPU), and monitored by their
// verdict, the time of each phase and the certificate's days left.

/**
 * A check kind's settings by its name: free on every plan, one run a test, a second or so; its queue
 * `test-<name>`; its workers' `<NAME>_CONCURRENCY` (50 at once: checks wait on the network, not the CPU)
 * and `<NAME>_TIMEOUT_MS` budget.
 */
export function checkSettings<const Name extends string>(name: Name, timeoutMs: number) {
  const NAME = name.toUpperCase() as Uppercase<Name>;
  return {
    usesDevice: false,
    cost: { free: 0, pro: 0 },
    maxRuns: 1,
    inFlight: { free: 5, pro: 50 },
    typicalSeconds: 1,
    job: { queue: `test-${name}`, attempts: 3 },
    concurrency: { variable: `${NAME}_CONCURRENCY` as const, default: 50, min: 1, max: 1000 },
    budget: { variable: `${NAME}_TIMEOUT_MS` as const, default: timeoutMs, min: 100, slackMs: 0 },
  };
}

/** A check's monitor traits but its page: the plan's shortest interval, its verdict, its `up` and these figures. */
export const checkMonitor = (metrics: Record<string, Metric>) => ({
  minIntervalSeconds: { free: 300 },
  failure: checkFailure,
  metrics: { up: upMetric, ...metrics },
});

/** `<phase>_ms` series of `timings_ms`. */
export const timingMetrics = (phases: readonly string[]): Record<string, Metric> =>
  Object.fromEntries(phases.map((p) => [`${p}_ms`, field((t) => t.result, 'timings_ms', p)]));

/** The certificate's days left (`tls.days_remaining`). */
export const certificateMetric: Metric = field((t) => t.result, 'tls', 'days_remaining');
