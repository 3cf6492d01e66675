import type { Prisma, Test } from '@pageprobe/db';
import { NetworkError } from '@pageprobe/net-guard';
import { type Expectation, kindNamed, type KindRunner, measureDns, type Outcome } from '@pageprobe/test-kinds';
import { checkDns, type DnsCheckOptions } from './check-dns.ts';

export interface DnsRunnerConfig {
  ALLOW_PRIVATE_TARGETS: boolean;
  ALLOW_TARGETS: string[];
  /** The local address queries are sent from (unset: the system chooses). */
  SOURCE_ADDRESS?: string | undefined;
  DNS_CONCURRENCY: number;
  DNS_TIMEOUT_MS: number;
}

/** What a test's or monitor's stored options ask of a DNS check (checked when written). */
export function dnsOptionsOf(options: unknown): Pick<DnsCheckOptions, 'expect'> {
  const o = (options ?? {}) as { expect?: unknown };
  return { expect: Array.isArray(o.expect) ? (o.expect as Expectation[]) : [] };
}

/** A name that does not resolve is a completed test with `up: false`; `failed` is kept for a refused resolver. */
export async function runDnsTest(test: Test, options: DnsCheckOptions): Promise<Outcome> {
  try {
    const result = await checkDns(test.url, options);
    return {
      status: 'completed',
      fields: { result: result as unknown as Prisma.InputJsonObject },
      measure: measureDns(result),
    };
  } catch (error) {
    if (error instanceof NetworkError && error.code === 'blocked') {
      return { status: 'failed', error: { code: 'url_not_allowed', message: error.message }, refund: false };
    }
    throw error;
  }
}

export function dnsRunner(config: DnsRunnerConfig): KindRunner {
  return {
    kind: kindNamed('dns'),
    concurrency: config.DNS_CONCURRENCY,
    run: (test) =>
      runDnsTest(test, {
        policy: {
          allowPrivate: config.ALLOW_PRIVATE_TARGETS,
          allowTargets: config.ALLOW_TARGETS,
          localAddress: config.SOURCE_ADDRESS,
        },
        timeoutMs: config.DNS_TIMEOUT_MS,
        ...dnsOptionsOf(test.options),
      }),
  };
}

export { checkDns, type DnsCheckOptions } from './check-dns.ts';
