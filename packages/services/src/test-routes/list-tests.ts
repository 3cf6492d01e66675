import type { Db, Prisma, TestStatus, TestType } from '@pageprobe/db';
import { withCallback } from '@pageprobe/test-lifecycle';
import { after, decodeCursor, NEWEST_FIRST, pageOf } from '../keyset.ts';

export interface ListQuery {
  limit: number;
  status?: TestStatus;
  type?: TestType;
  cursor?: string;
  /** A monitor's runs only (GET /monitors/{id}/tests, the dashboard's filter). */
  monitorId?: string;
  /** Tests whose URL contains this text, any case (the dashboard's filter; a trigram index serves it). */
  urlContains?: string;
}

/**
 * Which of a team's tests a query asks for, after its cursor. Each filter has an index that keeps the
 * team's newest first: (team_id, status|type, created_at, id), (monitor_id, created_at, id), and a
 * trigram index on url for the text.
 */
export function testsWhere(teamId: string, query: Omit<ListQuery, 'limit'>): Prisma.TestWhereInput {
  const where: Prisma.TestWhereInput = { teamId, ...after(query.cursor) };
  // The same bound as the cursor's OR, in a form the index can seek to: a deep page reads its own rows
  // only, not every newer one.
  if (query.cursor) where.createdAt = { lte: decodeCursor(query.cursor).createdAt };
  if (query.status) where.status = query.status;
  if (query.type) where.type = query.type;
  if (query.monitorId) where.monitorId = query.monitorId;
  if (query.urlContains) where.url = { contains: query.urlContains, mode: 'insensitive' };
  return where;
}

/** A team's tests, newest first, a keyset page at a time. */
export async function listTests(db: Db, teamId: string, query: ListQuery) {
  const rows = await db.test.findMany({
    where: testsWhere(teamId, query),
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
    include: withCallback,
  });
  return pageOf(rows, query.limit);
}
