import type { Pool } from '@pageprobe/db';
import type { ReportArtifact, ReportTest } from '@pageprobe/test-kinds';

const TEST_SQL = `SELECT t.id, t.type, t.url, t.device, t.status, performance_score AS "performanceScore",
  structure_score AS "structureScore", grade, scores, vitals, audits, seo_issues AS "seoIssues", result,
  error_code AS "errorCode", error_message AS "errorMessage", assertion_results AS "assertionResults", passed,
  run_results AS "runResults", spread, options, created_at AS "createdAt", completed_at AS "completedAt",
  artifacts_expire_at AS "artifactsExpireAt",
  (SELECT m.report_token FROM monitors m WHERE m.id = t.monitor_id AND m.deleted_at IS NULL AND m.public_page) AS "monitorToken"
  FROM tests t WHERE t.report_token = $1`;
const ARTIFACTS_SQL = `SELECT id, kind, name, content_type AS "contentType", storage_key AS "storageKey", timing_ms AS "timingMs"
  FROM artifacts WHERE test_id = $1 ORDER BY kind, timing_ms NULLS FIRST, name`;

/**
 * A report's test, when its artifacts expire (issue 29; null when it stored none), and the page token of
 * the monitor that ran it (issue 30; null for a test of POST /tests, or once its monitor is deleted).
 */
export type ReportRow = ReportTest & { artifactsExpireAt: Date | null; monitorToken: string | null };

/** Tokens (reports', monitors') are 43 base64url characters; anything else cannot match and skips the query. */
export const looksLikeToken = (token: string) => /^[A-Za-z0-9_-]{20,100}$/.test(token);

/** The test behind a report token (the token is the only credential a report needs), or null. */
export async function loadReportTest(pool: Pool, token: string): Promise<ReportRow | null> {
  if (!looksLikeToken(token)) return null;
  const { rows } = await pool.query<ReportRow>({ name: 'report-test', text: TEST_SQL, values: [token] });
  return rows[0] ?? null;
}

export async function loadArtifacts(pool: Pool, testId: string): Promise<ReportArtifact[]> {
  const { rows } = await pool.query<ReportArtifact>({
    name: 'report-artifacts',
    text: ARTIFACTS_SQL,
    values: [testId],
  });
  return rows;
}
