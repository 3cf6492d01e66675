import type { GuardPolicy } from '@pageprobe/net-guard';
import {
  evaluateExpectationsBounded,
  type ExpectationResult,
  fill,
  fillDeep,
  firstFailure,
  MissingValue,
  type MultistepReason,
  type MultistepRequest,
  type MultistepResult,
  type MultistepStepResult,
  requestName,
  type TemplateValues,
} from '@pageprobe/test-kinds';
import { checkHttp } from '@pageprobe/uptime-runner';
import { extractValue } from './extract-value.ts';

export interface MultistepOptions {
  /** Who may be reached: every request's every hop is checked at connection. */
  policy: GuardPolicy;
  /** The whole check's budget, every request included. */
  timeoutMs: number;
  /** The test's own credentials (headers, cookies, basic auth), for its URL's origin only. */
  hopHeaders?: (url: URL) => Record<string, string>;
}

const NO_TIMINGS = { dns: null, connect: null, tls: null, first_byte: null, download: null, total: null };

/**
 * A multistep check (issue 59): the requests in order, each through the egress guard within what is
 * left of one budget, each judged by its status and `expect`, each giving its extracts to the requests
 * after it. The first that fails ends the check (the rest are skipped) and names it. Extracted values
 * are kept by name only. Only a blocked address throws (a NetworkError coded `blocked`); a target that
 * fails is a result.
 */
export async function checkMultistep(
  base: string,
  requests: readonly MultistepRequest[],
  options: MultistepOptions,
): Promise<MultistepResult> {
  const started = performance.now();
  const deadline = started + options.timeoutMs;
  // The host filled the team's {{vars.X}} and {{secrets.X}} and redacts what the check shows (the worker
  // host for a test, monitor-checks for a monitor): what is left to fill is what the requests extract.
  const values: TemplateValues = { vars: {}, secrets: {}, extracted: {} };
  const extracted = values.extracted as Record<string, string>;
  const steps: MultistepStepResult[] = [];
  let failure: { at: number; reason: MultistepReason; why: string; status: number | null } | null = null;

  for (const [i, request] of requests.entries()) {
    const name = requestName(request, base);
    const method = request.method ?? 'GET';
    const step: MultistepStepResult = {
      name,
      method,
      url: request.url,
      status: 'skipped',
      status_code: null,
      timings_ms: NO_TIMINGS,
      size_bytes: null,
      extracted: [],
      error: null,
    };
    steps.push(step);
    if (failure) continue;
    const fail = (reason: MultistepReason, why: string) => {
      step.status = 'failed';
      step.error = why;
      failure = { at: i, reason, why, status: step.status_code };
    };
    let asked: { url: string; headers: Record<string, string>; body: string | undefined };
    try {
      asked = {
        url: new URL(fill(request.url, values), base).href,
        headers: fillDeep(request.headers ?? {}, values),
        body: request.body === undefined ? undefined : fill(request.body, values),
      };
    } catch (error) {
      if (!(error instanceof MissingValue)) throw error;
      fail('missing_value', error.message);
      continue;
    }
    step.url = asked.url;
    const remaining = Math.max(1, Math.round(deadline - performance.now()));
    const { result, answer } = await checkHttp(asked.url, {
      policy: options.policy,
      timeoutMs: remaining,
      headers: asked.headers,
      keepBody: (request.extract ?? []).some((e) => e.source !== 'header'),
      request: {
        method,
        ...(asked.body !== undefined ? { body: asked.body } : {}),
        ...(request.content_type !== undefined ? { content_type: request.content_type } : {}),
        ...(request.expect ? { expect: request.expect } : {}),
      },
      ...(options.hopHeaders ? { hopHeaders: options.hopHeaders } : {}),
    });
    Object.assign(step, {
      status_code: result.status_code,
      timings_ms: result.timings_ms,
      size_bytes: result.size_bytes,
    });
    const body = answer?.body?.toString('utf8') ?? null;
    let expectations: ExpectationResult[] = [];
    if (request.expect?.length) {
      expectations = answer
        ? await evaluateExpectationsBounded(request.expect, {
            status: result.status_code,
            headers: answer.headers,
            body,
            body_truncated: result.body_truncated,
            response_time_ms: result.timings_ms.total,
          })
        : [];
      step.expectations = expectations;
    }
    if (!result.up) {
      fail(result.reason ?? 'http_error', result.error ?? `HTTP ${result.status_code}`);
      continue;
    }
    const failed = firstFailure(expectations);
    if (failed) {
      fail('expectation_failed', failed);
      continue;
    }
    for (const rule of request.extract ?? []) {
      const got = extractValue(rule, answer!.headers, body);
      if (!got.ok) {
        fail('extract_failed', `{{${rule.name}}}: ${got.why}`);
        break;
      }
      extracted[rule.name] = got.value;
      step.extracted.push(rule.name);
    }
    if (step.status === 'skipped') step.status = 'passed';
  }

  const f = failure as { at: number; reason: MultistepReason; why: string; status: number | null } | null;
  const result: MultistepResult = {
    up: f === null,
    reason: f?.reason ?? null,
    error: f ? `Step ${f.at + 1} "${steps[f.at]!.name}" failed: ${f.why}` : null,
    failed_step: f ? f.at + 1 : null,
    status_code: f ? f.status : (steps.at(-1)?.status_code ?? null),
    duration_ms: Math.round(performance.now() - started),
    steps,
  };
  return result;
}

/** The first degraded expectation's words among the requests that passed (null when none). */
export const degradedOf = (result: MultistepResult): string | null =>
  result.up
    ? (result.steps.flatMap((s) => s.expectations ?? []).find((e) => !e.passed && e.severity === 'degraded')?.message ??
      null)
    : null;
