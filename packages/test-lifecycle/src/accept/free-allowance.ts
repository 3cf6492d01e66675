import type { Db, Prisma, TestType } from '@pageprobe/db';

type Reader = Db | Prisma.TransactionClient;

export interface Allowance {
  limit: number;
  used: number;
  remaining: number;
  /** When the oldest test in the window leaves it; null when the window is empty. */
  resetsAt: Date | null;
}

/** How many tests of `type` the team has left in a rolling window of `windowSeconds`. */
export async function remainingAllowance(
  db: Reader,
  teamId: string,
  type: TestType,
  { limit, windowSeconds }: { limit: number; windowSeconds: number },
): Promise<Allowance> {
  const since = new Date(Date.now() - windowSeconds * 1000);
  const recent = await db.test.findMany({
    where: { teamId, type, createdAt: { gt: since } },
    select: { createdAt: true },
    orderBy: { createdAt: 'asc' },
  });
  // When over the limit, a slot frees up when the (used - limit + 1)-th oldest leaves the window.
  const pivot = recent[Math.max(0, recent.length - limit)];
  return {
    limit,
    used: recent.length,
    remaining: Math.max(0, limit - recent.length),
    resetsAt: recent[0] ? new Date((pivot ?? recent[0]).createdAt.getTime() + windowSeconds * 1000) : null,
  };
}
