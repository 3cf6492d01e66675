import type { Pool, Test } from '@pageprobe/db';
import { TEST_COLUMNS } from '@pageprobe/test-lifecycle';

// GET /tests/{id} is what every client polls. It reads through node-postgres directly: through Prisma
// the same lookup costs the API about 60% more CPU (measured with bench/), and polling is the API's
// hottest path. The aliases give Prisma's Test shape, so presenting stays shared.

const SQL = `SELECT ${TEST_COLUMNS} FROM tests WHERE id = $1 AND team_id = $2`;

export async function readTest(pool: Pool, teamId: string, testId: string): Promise<Test | null> {
  const { rows } = await pool.query<Test>({ name: 'read-test', text: SQL, values: [testId, teamId] });
  return rows[0] ?? null;
}
