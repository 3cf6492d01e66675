import type { Prisma, Test } from '@pageprobe/db';
import { NetworkError } from '@pageprobe/net-guard';
import { type Expectation, kindNamed, type KindRunner, measureTcp, type Outcome } from '@pageprobe/test-kinds';
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

/** A closed port is a completed test with `up: false`; `failed` is kept for an address the policy refuses. */
export async function runTcpTest(test: Test, options: TcpCheckOptions): Promise<Outcome> {
  try {
    const result = await checkTcp(test.url, options);
    return {
      status: 'completed',
      // A plain JSON object by construction.
      fields: { result: result as unknown as Prisma.InputJsonObject },
      measure: measureTcp(result),
    };
  } catch (error) {
    if (error instanceof NetworkError && error.code === 'blocked') {
      return { status: 'failed', error: { code: 'url_not_allowed', message: error.message }, refund: false };
    }
    throw error;
  }
}

export function tcpRunner(config: TcpRunnerConfig): KindRunner {
  return {
    kind: kindNamed('tcp'),
    concurrency: config.TCP_CONCURRENCY,
    run: (test) =>
      runTcpTest(test, {
        policy: {
          allowPrivate: config.ALLOW_PRIVATE_TARGETS,
          allowTargets: config.ALLOW_TARGETS,
          localAddress: config.SOURCE_ADDRESS,
        },
        timeoutMs: config.TCP_TIMEOUT_MS,
        ...tcpOptionsOf(test.options),
      }),
  };
}

export { checkTcp, type TcpCheckOptions } from './check-tcp.ts';
