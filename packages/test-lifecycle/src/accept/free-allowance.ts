import type { Db, Prisma, TestType } from '@pageprobe/db';
import { runsOf as testRuns } from './costs.ts';

type Reader = Db | Prisma.TransactionClient;

export interface Allowance {
  /** Runs the window allows (a test of `runs` runs counts `runs` times: issue 15). */
  limit: number;
  used: number;
  remaining: number;
  /** When enough of the window's oldest runs have left it for the `want` asked about; null when it is empty. */
  resetsAt: Date | null;
}

/** How many runs of `type` the team has left in a rolling window of `windowSeconds`. */
export async function remainingAllowance(
  db: Reader,
  teamId: string,
  type: TestType,
  { limit, windowSeconds }: { limit: number; windowSeconds: number },
  want = 1,
): Promise<Allowance> {
  const since = new Date(Date.now() - windowSeconds * 1000);
  const recent = await db.test.findMany({
    where: { teamId, type, createdAt: { gt: since } },
    select: { createdAt: true, runCount: true, locations: true, options: true },
    orderBy: { createdAt: 'asc' },
  });
  // Each location's runs count (issue 32), and a repeat view as a run (issue 34).
  const runsOf = (t: (typeof recent)[number]) =>
    testRuns(t.runCount, (t.options as { repeat_view?: boolean } | null)?.repeat_view) *
    Math.max(1, t.locations?.length ?? 0);
  const used = recent.reduce((sum, t) => sum + runsOf(t), 0);
  // `want` more fit once the oldest tests holding (used + want - limit) runs have left the window.
  let pivot = recent[0];
  for (let freed = 0, i = 0; i < recent.length && freed < used + want - limit; i++) {
    pivot = recent[i];
    freed += runsOf(recent[i]!);
  }
  return {
    limit,
    used,
    remaining: Math.max(0, limit - used),
    resetsAt: pivot ? new Date(pivot.createdAt.getTime() + windowSeconds * 1000) : null,
  };
}
