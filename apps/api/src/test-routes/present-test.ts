import type { Test } from '@pageprobe/db';
import { type DeliveryWithAttempts, locationEntries, reportUrl } from '@pageprobe/test-lifecycle';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The public shape of a test (GET /tests/{id}); null where not yet known. */
export function presentTest(test: Test, publicBaseUrl: string, delivery: DeliveryWithAttempts | null = null) {
  return {
    id: test.id,
    url: test.url,
    type: test.type,
    device: test.device,
    status: test.status,
    created_at: test.createdAt.toISOString(),
    started_at: iso(test.startedAt),
    completed_at: iso(test.completedAt),
    scores: test.scores ?? null,
    performance_score: test.performanceScore,
    structure_score: test.structureScore,
    grade: test.grade,
    vitals: test.vitals ?? null,
    audits: test.audits ?? null,
    seo_issues: test.seoIssues ?? null,
    result: test.result ?? null,
    report_url: reportUrl(publicBaseUrl, test.reportToken),
    assertion_results: test.assertionResults ?? null,
    passed: test.passed,
    monitor_id: test.monitorId,
    options: test.options ?? null,
    runs_requested: test.runCount,
    runs: test.runResults ?? null,
    spread: test.spread ?? null,
    error: test.errorCode ? { code: test.errorCode, message: test.errorMessage ?? '' } : null,
    // Asked from locations (issue 32): one entry each, in the order asked, and the quorum that fails it.
    ...(test.locations?.length ? { locations: locationEntries(test), quorum: test.quorum } : {}),
    callback: delivery
      ? {
          state: delivery.state,
          attempts: delivery.attempts.map((a) => ({
            number: a.number,
            started_at: a.startedAt.toISOString(),
            duration_ms: a.durationMs,
            status_code: a.statusCode,
            error: a.error,
          })),
        }
      : null,
  };
}

/** The answer to POST /tests. */
export function presentCreated(test: Test, publicBaseUrl: string) {
  return {
    id: test.id,
    status: test.status,
    report_url: reportUrl(publicBaseUrl, test.reportToken),
    assertion_results: test.assertionResults ?? null,
    passed: test.passed,
    url: test.url,
    type: test.type,
    device: test.device,
    created_at: test.createdAt.toISOString(),
  };
}
