import { batchedStatement, type Pool, type Test } from '@pageprobe/db';
import { TEST_COLUMNS } from '@pageprobe/test-lifecycle';

// GET /tests/{id} is what every client polls. It reads through node-postgres directly: through Prisma
// the same lookup costs the API about 60% more CPU (measured with bench/), and polling is the API's
// hottest path. The aliases give Prisma's Test shape, so presenting stays shared. The polls of one turn
// of the event loop share one statement (`batchedStatement`).

const SQL = `SELECT ${TEST_COLUMNS} FROM tests
  WHERE (id, team_id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))`;

interface Asked {
  teamId: string;
  testId: string;
}

/** A reader of one team's test by id (null: missing, or another team's), batched per turn. */
export function testReader(pool: Pool): (teamId: string, testId: string) => Promise<Test | null> {
  const read = batchedStatement<Asked, Test | null>(async (asked) => {
    const { rows } = await pool.query<Test>({
      name: 'read-tests',
      text: SQL,
      values: [asked.map((a) => a.testId), asked.map((a) => a.teamId)],
    });
    const found = new Map(rows.map((t) => [`${t.teamId}/${t.id}`, t]));
    return asked.map((a) => found.get(`${a.teamId}/${a.testId}`) ?? null);
  });
  return (teamId, testId) => read({ teamId, testId });
}
