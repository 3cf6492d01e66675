import type { Test } from '@pageprobe/db';
import type { FinishedCheck } from '@pageprobe/monitors';

/** An uptime monitor's check, as GET /monitors/{id}/checks lists it. */
export const presentCheck = (check: FinishedCheck) => ({
  at: check.startedAt.toISOString(),
  slot: check.slot.toISOString(),
  location: check.location,
  status: 'completed' as const,
  up: check.figures.up,
  degraded: check.figures.degraded ?? false,
  reason: check.figures.reason,
  status_code: check.figures.status_code,
  total_ms: check.figures.timings_ms.total,
  timings_ms: check.figures.timings_ms,
  certificate_days_remaining: check.figures.tls?.days_remaining ?? null,
  passed: check.passed,
  maintenance: check.maintenance ?? false,
  suppressed_by: check.suppressedBy ?? null,
  test_id: null,
});

/** A lighthouse or seo_crawl monitor's run (a test), as GET /monitors/{id}/checks lists it. */
export const presentRunAsCheck = (test: Test) => ({
  at: (test.startedAt ?? test.createdAt).toISOString(),
  slot: test.createdAt.toISOString(),
  status: test.status,
  performance_score: test.performanceScore,
  structure_score: test.structureScore,
  scores: test.scores ?? null,
  passed: test.passed,
  test_id: test.id,
});
