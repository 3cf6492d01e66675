import type { Db, Prisma, TestStatus, TestType } from '@pageprobe/db';
import { ProblemError } from '../http/problem.ts';
import { withCallback } from '@pageprobe/test-lifecycle';

// Keyset pagination, newest first: the cursor is the (created_at, id) of the last test of the page, so
// tests created while a client pages never shift the pages it has still to read.

export interface ListQuery {
  limit: number;
  status?: TestStatus;
  type?: TestType;
  cursor?: string;
}

interface Position {
  createdAt: Date;
  id: string;
}

const encodeCursor = ({ createdAt, id }: Position) =>
  Buffer.from(JSON.stringify([createdAt.toISOString(), id])).toString('base64url');

function decodeCursor(cursor: string): Position {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const createdAt = new Date(at);
    if (Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) throw new Error('bad cursor');
    return { createdAt, id };
  } catch {
    throw new ProblemError(400, 'validation_failed', 'cursor is not a next_cursor this API gave out.', {
      errors: [{ path: 'query.cursor', message: 'is not a valid cursor' }],
    });
  }
}

export async function listTests(db: Db, teamId: string, query: ListQuery) {
  const where: Prisma.TestWhereInput = { teamId };
  if (query.status) where.status = query.status;
  if (query.type) where.type = query.type;
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    where.OR = [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }];
  }
  const rows = await db.test.findMany({
    where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: query.limit + 1,
    include: withCallback,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
}
