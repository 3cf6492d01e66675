import type { Db, Prisma } from '@pageprobe/db';
import { ProblemError } from './problem.ts';

/** How many of a resource a team may have, and how to say it: 409 `<code>` "A team may have N <noun>…". */
export interface TeamLimit {
  max: number;
  code: string;
  noun: string;
}

/**
 * Creates a team's resource unless the team has `limit.max` already. The team's row lock serialises one
 * team's creations, so two at once cannot both pass a count of max - 1.
 */
export function createWithinLimit<T>(
  db: Db,
  teamId: string,
  limit: TeamLimit,
  count: (tx: Prisma.TransactionClient) => Promise<number>,
  create: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM teams WHERE id = ${teamId}::uuid FOR UPDATE`;
    if ((await count(tx)) >= limit.max) {
      throw new ProblemError(409, limit.code, `A team may have ${limit.max} ${limit.noun}; delete one to add another.`);
    }
    return create(tx);
  });
}
