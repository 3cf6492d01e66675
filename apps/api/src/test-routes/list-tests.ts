import type { Db, Prisma, TestStatus, TestType } from '@pageprobe/db';
import { withCallback } from '@pageprobe/test-lifecycle';
import { after, NEWEST_FIRST, pageOf } from '../http/keyset.ts';

export interface ListQuery {
  limit: number;
  status?: TestStatus;
  type?: TestType;
  cursor?: string;
  /** A monitor's runs only (GET /monitors/{id}/tests). */
  monitorId?: string;
}

/** A team's tests, newest first, a keyset page at a time. */
export async function listTests(db: Db, teamId: string, query: ListQuery) {
  const where: Prisma.TestWhereInput = { teamId, ...after(query.cursor) };
  if (query.status) where.status = query.status;
  if (query.type) where.type = query.type;
  if (query.monitorId) where.monitorId = query.monitorId;
  const rows = await db.test.findMany({ where, orderBy: NEWEST_FIRST, take: query.limit + 1, include: withCallback });
  return pageOf(rows, query.limit);
}
