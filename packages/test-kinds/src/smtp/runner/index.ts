import { type Expectation, kindNamed, type KindRunner, measureSmtp } from '@pageprobe/test-kinds';
import { checkOutcome } from '../../target/check-outcome.ts';
import { checkSmtp, type SmtpCheckOptions } from './check-smtp.ts';

export interface SmtpRunnerConfig {
  ALLOW_PRIVATE_TARGETS: boolean;
  ALLOW_TARGETS: string[];
  /** The local address every connection of a check binds to (unset: the system chooses). */
  SOURCE_ADDRESS?: string | undefined;
  SMTP_CONCURRENCY: number;
  SMTP_TIMEOUT_MS: number;
}

/** What a test's or monitor's stored options ask of an SMTP check (checked when written). */
export function smtpOptionsOf(options: unknown): Pick<SmtpCheckOptions, 'tls' | 'expect'> {
  const o = (options ?? {}) as { tls?: unknown; expect?: unknown };
  return { tls: o.tls === true, expect: Array.isArray(o.expect) ? (o.expect as Expectation[]) : [] };
}

export function smtpRunner(config: SmtpRunnerConfig): KindRunner {
  return {
    kind: kindNamed('smtp'),
    concurrency: config.SMTP_CONCURRENCY,
    run: (test) =>
      checkOutcome(
        checkSmtp(test.url, {
          policy: {
            allowPrivate: config.ALLOW_PRIVATE_TARGETS,
            allowTargets: config.ALLOW_TARGETS,
            localAddress: config.SOURCE_ADDRESS,
          },
          timeoutMs: config.SMTP_TIMEOUT_MS,
          ...smtpOptionsOf(test.options),
        }),
        measureSmtp,
      ),
  };
}

export { checkSmtp, type SmtpCheckOptions } from './check-smtp.ts';
