import { type Expectation, kindNamed, type KindRunner, measureDns } from '@pageprobe/test-kinds';
import { checkOutcome } from '../../target/check-outcome.ts';
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

export function dnsRunner(config: DnsRunnerConfig): KindRunner {
  return {
    kind: kindNamed('dns'),
    concurrency: config.DNS_CONCURRENCY,
    run: (test) =>
      checkOutcome(
        checkDns(test.url, {
          policy: {
            allowPrivate: config.ALLOW_PRIVATE_TARGETS,
            allowTargets: config.ALLOW_TARGETS,
            localAddress: config.SOURCE_ADDRESS,
          },
          timeoutMs: config.DNS_TIMEOUT_MS,
          ...dnsOptionsOf(test.options),
        }),
        measureDns,
      ),
  };
}

export { checkDns, type DnsCheckOptions } from './check-dns.ts';
