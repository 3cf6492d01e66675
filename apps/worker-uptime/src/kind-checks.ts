import type { Monitor } from '@pageprobe/db';
import { checkDns, dnsOptionsOf } from '@pageprobe/dns-runner';
import { BODY_KEPT, type CheckFigures, type Exchange, exchangeOf } from '@pageprobe/monitors';
import { checkMultistep, degradedOf as multistepDegraded } from '@pageprobe/multistep-runner';
import type { GuardPolicy } from '@pageprobe/net-guard';
import { checkSmtp, smtpOptionsOf } from '@pageprobe/smtp-runner';
import { checkTcp, tcpOptionsOf } from '@pageprobe/tcp-runner';
import {
  credentialsFor,
  dns,
  type ExpectationResult,
  firstDegraded,
  type Measure,
  measureDns,
  measureSmtp,
  measureTcp,
  measureMultistep,
  measureUptime,
  multistep,
  requestsOf,
  type RequestSecrets,
  smtp,
  type TestKind,
  tcp,
  uptime,
  uptimeRequestOf,
} from '@pageprobe/test-kinds';
import { checkUptimeAnswered } from '@pageprobe/uptime-runner';
import type { UptimeConfig } from './config.ts';

// What a monitor's check is, by its kind (issue 47): the kinds whose monitors run checks, each its
// runner's check and the figures its monitor keeps of it. A check throws a NetworkError coded `blocked`
// when the policy refuses its address (the monitor is paused), anything else when we are at fault.

export interface KindCheck {
  kind: TestKind;
  run(
    monitor: Monitor,
    secrets: RequestSecrets | null,
  ): Promise<{ figures: CheckFigures; measure: Measure; exchange?: Exchange }>;
}

const none = { dns: null, connect: null, tls: null, first_byte: null, download: null, total: null };

/**
 * An up check that failed an expectation of severity degraded is degraded, in that expectation's words
 * (a down check is down whatever else failed).
 */
function degradedOf(up: boolean, expectations: readonly ExpectationResult[] | undefined) {
  const message = up ? firstDegraded(expectations ?? []) : null;
  return message === null ? { degraded: false } : { degraded: true, message };
}

/** The figures of a check that opened its own connection and may have shaken hands (tcp's, smtp's). */
function handshakeFigures(
  result: {
    up: boolean;
    expectations: readonly ExpectationResult[];
    reason: string | null;
    error: string | null;
    tls: { days_remaining: number | null; valid_to: string | null } | null;
  },
  timings: Partial<CheckFigures['timings_ms']>,
): CheckFigures {
  return {
    up: result.up,
    reason: result.reason,
    status_code: null,
    timings_ms: { ...none, ...timings },
    tls: result.tls ? { days_remaining: result.tls.days_remaining, valid_to: result.tls.valid_to } : null,
    message: result.error,
    ...degradedOf(result.up, result.expectations),
  };
}

export function kindChecks(config: UptimeConfig, policy: GuardPolicy): Map<string, KindCheck> {
  const checks: KindCheck[] = [
    {
      kind: uptime,
      async run(monitor, secrets) {
        const request = uptimeRequestOf(monitor.options);
        const { result, answer } = await checkUptimeAnswered(monitor.url, {
          policy,
          timeoutMs: config.UPTIME_TIMEOUT_MS,
          hopHeaders: credentialsFor(secrets, monitor.url),
          request,
          keepHead: BODY_KEPT,
        });
        // The failed expectation's words go to the alert, not to monitoring.checks.
        const message = result.reason === 'expectation_failed' ? result.error : null;
        const figures = { ...result, message, ...degradedOf(result.up, result.expectations) };
        // What its page shows of it (issue 60): the request's method and URL, the answer's status,
        // headers (credentials redacted), timings and the body's start.
        const exchange = exchangeOf({
          method: request?.method ?? 'GET',
          url: result.final_url ?? monitor.url,
          status: result.status_code,
          httpVersion: result.http_version,
          headers: answer?.headers ?? null,
          body: answer?.head ?? null,
          size: result.size_bytes,
          error: result.up ? null : result.error,
          timings: result.timings_ms,
        });
        return { figures, measure: measureUptime(result), exchange };
      },
    },
    {
      kind: tcp,
      async run(monitor) {
        const result = await checkTcp(monitor.url, {
          policy,
          timeoutMs: config.TCP_TIMEOUT_MS,
          ...tcpOptionsOf(monitor.options),
        });
        const { dns: lookup, connect, tls, total } = result.timings_ms;
        return { figures: handshakeFigures(result, { dns: lookup, connect, tls, total }), measure: measureTcp(result) };
      },
    },
    {
      kind: smtp,
      async run(monitor) {
        const result = await checkSmtp(monitor.url, {
          policy,
          timeoutMs: config.SMTP_TIMEOUT_MS,
          ...smtpOptionsOf(monitor.options),
        });
        // The greeting is the server's first byte: monitoring.checks keeps it there (the kind's first_byte_ms).
        const { dns: lookup, connect, tls, greeting, total } = result.timings_ms;
        const figures = handshakeFigures(result, { dns: lookup, connect, tls, first_byte: greeting, total });
        return { figures, measure: measureSmtp(result) };
      },
    },
    {
      kind: dns,
      async run(monitor) {
        const result = await checkDns(monitor.url, {
          policy,
          timeoutMs: config.DNS_TIMEOUT_MS,
          ...dnsOptionsOf(monitor.options),
        });
        const figures: CheckFigures = {
          up: result.up,
          reason: result.reason,
          status_code: null,
          timings_ms: { ...none, total: result.timings_ms.total },
          tls: null,
          message: result.error,
          ...degradedOf(result.up, result.expectations),
        };
        return { figures, measure: measureDns(result) };
      },
    },
    {
      kind: multistep,
      async run(monitor, secrets) {
        const result = await checkMultistep(monitor.url, requestsOf(monitor.options), {
          policy,
          timeoutMs: config.MULTISTEP_TIMEOUT_MS,
          hopHeaders: credentialsFor(secrets, monitor.url),
        });
        const degraded = multistepDegraded(result);
        const figures: CheckFigures = {
          up: result.up,
          reason: result.reason,
          status_code: result.status_code,
          timings_ms: { ...none, total: result.duration_ms },
          tls: null,
          // The alert names the step: `Step 2 "POST /token" failed: HTTP 500`.
          message: result.error ?? degraded,
          degraded: degraded !== null,
          steps_ms: Object.fromEntries(
            result.steps.flatMap((s) =>
              s.status === 'skipped' || s.timings_ms.total === null ? [] : [[s.name, s.timings_ms.total]],
            ),
          ),
        };
        return { figures, measure: measureMultistep(result) };
      },
    },
  ];
  return new Map(checks.map((c) => [c.kind.name, c]));
}
