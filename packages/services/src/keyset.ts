import { ProblemError } from './problem.ts';

// Keyset pagination, newest first: the cursor is the (created_at, id) of the last row of the page, so
// rows created while a client pages never shift the pages it has still to read.

export interface Position {
  createdAt: Date;
  id: string;
}

export const encodeCursor = ({ createdAt, id }: Position) =>
  Buffer.from(JSON.stringify([createdAt.toISOString(), id])).toString('base64url');

export function decodeCursor(cursor: string): Position {
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

/** The Prisma `where` for rows after the cursor (none without one). */
export function after(cursor: string | undefined) {
  if (!cursor) return {};
  const { createdAt, id } = decodeCursor(cursor);
  return { OR: [{ createdAt: { lt: createdAt } }, { createdAt, id: { lt: id } }] };
}

export const NEWEST_FIRST = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];

/** A page of `limit` from `limit + 1` rows read, and the cursor of the next page (null on the last). */
export function pageOf<T extends Position>(rows: T[], limit: number): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** The validator coerces limit to a number, and lets `1e309` through as Infinity: check it again. */
export function parseLimit(raw: unknown): number {
  if (raw === undefined) return 20;
  const limit = Number(raw);
  if (Number.isInteger(limit) && limit >= 1 && limit <= 100) return limit;
  throw new ProblemError(400, 'validation_failed', 'limit must be a whole number from 1 to 100.', {
    errors: [{ path: 'query.limit', message: 'must be a whole number from 1 to 100' }],
  });
}
