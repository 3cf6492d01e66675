import { credentialsFor, kindNamed, type KindRunner } from '@pageprobe/test-kinds';
import { runUptimeTest } from './run-uptime-test.ts';

export interface UptimeRunnerConfig {
  ALLOW_PRIVATE_TARGETS: boolean;
  ALLOW_TARGETS: string[];
  /** The local address every connection of a check binds to (unset: the system chooses). */
  SOURCE_ADDRESS?: string | undefined;
  UPTIME_CONCURRENCY: number;
  UPTIME_TIMEOUT_MS: number;
}

export function uptimeRunner(config: UptimeRunnerConfig): KindRunner {
  return {
    kind: kindNamed('uptime'),
    concurrency: config.UPTIME_CONCURRENCY,
    run: (test, { secrets }) =>
      runUptimeTest(test, {
        policy: {
          allowPrivate: config.ALLOW_PRIVATE_TARGETS,
          allowTargets: config.ALLOW_TARGETS,
          localAddress: config.SOURCE_ADDRESS,
        },
        timeoutMs: config.UPTIME_TIMEOUT_MS,
        hopHeaders: credentialsFor(secrets, test.url),
      }),
  };
}

export { type CheckOptions, checkHttp, checkUptime, checkUptimeAnswered, type UptimeResult } from './check-uptime.ts';
