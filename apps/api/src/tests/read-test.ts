import type { Pool, Test } from '@pageprobe/db';

// GET /tests/{id} is what every client polls. It reads through node-postgres directly: through Prisma
// the same lookup costs the API about 60% more CPU (measured with bench/), and polling is the API's
// hottest path. The aliases give Prisma's Test shape, so presenting stays shared.
export const TEST_COLUMNS = `
  id, team_id AS "teamId", api_key_id AS "apiKeyId", type, url, device, status,
  callback_url AS "callbackUrl", report_token AS "reportToken", credits_spent AS "creditsSpent",
  performance_score AS "performanceScore", structure_score AS "structureScore", grade, scores,
  vitals, audits, seo_issues AS "seoIssues", result, error_code AS "errorCode",
  error_message AS "errorMessage", created_at AS "createdAt", started_at AS "startedAt",
  completed_at AS "completedAt", updated_at AS "updatedAt"`;

const SQL = `SELECT ${TEST_COLUMNS} FROM tests WHERE id = $1 AND team_id = $2`;

export async function readTest(pool: Pool, teamId: string, testId: string): Promise<Test | null> {
  const { rows } = await pool.query<Test>({ name: 'read-test', text: SQL, values: [testId, teamId] });
  return rows[0] ?? null;
}
