import type { Prisma, Test } from '@pageprobe/db';
import { NetworkError } from '@pageprobe/net-guard';
import { type Expectation, kindNamed, type KindRunner, measureSmtp, type Outcome } from '@pageprobe/test-kinds';
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

/** A server that is down or refuses is a completed test with `up: false`; `failed` is kept for an address the policy refuses. */
export async function runSmtpTest(test: Test, options: SmtpCheckOptions): Promise<Outcome> {
  try {
    const result = await checkSmtp(test.url, options);
    return {
      status: 'completed',
      // A plain JSON object by construction.
      fields: { result: result as unknown as Prisma.InputJsonObject },
      measure: measureSmtp(result),
    };
  } catch (error) {
    if (error instanceof NetworkError && error.code === 'blocked') {
      return { status: 'failed', error: { code: 'url_not_allowed', message: error.message }, refund: false };
    }
    throw error;
  }
}

export function smtpRunner(config: SmtpRunnerConfig): KindRunner {
  return {
    kind: kindNamed('smtp'),
    concurrency: config.SMTP_CONCURRENCY,
    run: (test) =>
      runSmtpTest(test, {
        policy: {
          allowPrivate: config.ALLOW_PRIVATE_TARGETS,
          allowTargets: config.ALLOW_TARGETS,
          localAddress: config.SOURCE_ADDRESS,
        },
        timeoutMs: config.SMTP_TIMEOUT_MS,
        ...smtpOptionsOf(test.options),
      }),
  };
}

export { checkSmtp, type SmtpCheckOptions } from './check-smtp.ts';
