import { credentialsFor, kindNamed, type KindRunner } from '@pageprobe/test-kinds';
import { runMultistepTest } from './run-multistep-test.ts';

export interface MultistepRunnerConfig {
  ALLOW_PRIVATE_TARGETS: boolean;
  ALLOW_TARGETS: string[];
  /** The local address every connection of a check binds to (unset: the system chooses). */
  SOURCE_ADDRESS?: string | undefined;
  MULTISTEP_CONCURRENCY: number;
  MULTISTEP_TIMEOUT_MS: number;
}

/** Multistep API checks (issue 59), beside the uptime checks: they wait on the network, not the CPU. */
export function multistepRunner(config: MultistepRunnerConfig): KindRunner {
  return {
    kind: kindNamed('multistep'),
    concurrency: config.MULTISTEP_CONCURRENCY,
    // The host has filled the team's values ({{vars.X}}, {{secrets.X}}) and redacts the outcome: what is
    // left to fill is what the requests extract.
    run: (test, { secrets }) =>
      runMultistepTest(test, {
        policy: {
          allowPrivate: config.ALLOW_PRIVATE_TARGETS,
          allowTargets: config.ALLOW_TARGETS,
          localAddress: config.SOURCE_ADDRESS,
        },
        timeoutMs: config.MULTISTEP_TIMEOUT_MS,
        hopHeaders: credentialsFor(secrets, test.url),
      }),
  };
}

export { checkMultistep, degradedOf, type MultistepOptions } from './check-multistep.ts';
