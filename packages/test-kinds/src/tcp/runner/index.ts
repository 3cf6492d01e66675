import { type Expectation, kindNamed, type KindRunner, measureTcp } from '@pageprobe/test-kinds';
import { checkOutcome } from '../../target/check-outcome.ts';
import { checkTcp, type TcpCheckOptions } from './check-tcp.ts';

export interface TcpRunnerConfig {
  ALLOW_PRIVATE_TARGETS: boolean;
  ALLOW_TARGETS: string[];
  /** The local address every connection of a check binds to (unset: the system chooses). */
  SOURCE_ADDRESS?: string | undefined;
  TCP_CONCURRENCY: number;
  TCP_TIMEOUT_MS: number;
}

/** What a test's or monitor's stored options ask of a TCP check (checked when written). */
export function tcpOptionsOf(options: unknown): Pick<TcpCheckOptions, 'tls' | 'expect'> {
  const o = (options ?? {}) as { tls?: unknown; expect?: unknown };
  return { tls: o.tls === true, expect: Array.isArray(o.expect) ? (o.expect as Expectation[]) : [] };
}

export function tcpRunner(config: TcpRunnerConfig): KindRunner {
  return {
    kind: kindNamed('tcp'),
    concurrency: config.TCP_CONCURRENCY,
    run: (test) =>
      checkOutcome(
        checkTcp(test.url, {
          policy: {
            allowPrivate: config.ALLOW_PRIVATE_TARGETS,
            allowTargets: config.ALLOW_TARGETS,
            localAddress: config.SOURCE_ADDRESS,
          },
          timeoutMs: config.TCP_TIMEOUT_MS,
          ...tcpOptionsOf(test.options),
        }),
        measureTcp,
      ),
  };
}

export { checkTcp, type TcpCheckOptions } from './check-tcp.ts';
