import type { Db, Prisma } from '@pageprobe/db';
import { FREE_WINDOW_SECONDS } from './costs.ts';

type Reader = Db | Prisma.TransactionClient;

export interface Allowance {
  limit: number;
  used: number;
  remaining: number;
  /** When the oldest test in the window leaves it; null when the window is empty. */
  resetsAt: Date | null;
}

/** How many free lighthouse tests the team has left in the rolling hour. */
export async function freeLighthouseAllowance(db: Reader, teamId: string, limit: number): Promise<Allowance> {
  const since = new Date(Date.now() - FREE_WINDOW_SECONDS * 1000);
  const recent = await db.test.findMany({
    where: { teamId, type: 'lighthouse', createdAt: { gt: since } },
    select: { createdAt: true },
    orderBy: { createdAt: 'asc' },
  });
  // When over the limit, a slot frees up when the (used - limit + 1)-th oldest leaves the window.
  const pivot = recent[Math.max(0, recent.length - limit)];
  return {
    limit,
    used: recent.length,
    remaining: Math.max(0, limit - recent.length),
    resetsAt: recent[0] ? new Date((pivot ?? recent[0]).createdAt.getTime() + FREE_WINDOW_SECONDS * 1000) : null,
  };
}
