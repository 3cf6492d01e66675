import type { Plan, Prisma } from '@pageprobe/db';

/** Notices a team's status pages may send their subscribers an hour, by plan (mail and webhook alike). */
export const NOTICE_QUOTAS: Record<Plan, number> = { free: 2_000, pro: 100_000 };

/**
 * Takes up to `wanted` notices from the team's hourly quota, the hour's row locked meanwhile (replicas
 * share it); resolves with how many it may send: all, some, or none once the hour's quota is spent.
 */
export async function takeNoticeQuota(
  tx: Prisma.TransactionClient,
  teamId: string,
  plan: Plan,
  wanted: number,
  now = new Date(),
): Promise<number> {
  if (wanted <= 0) return 0;
  const hour = new Date(Math.floor(now.getTime() / 3600_000) * 3600_000);
  await tx.$executeRaw`INSERT INTO alert_quota_usage (team_id, hour) VALUES (${teamId}::uuid, ${hour}) ON CONFLICT DO NOTHING`;
  const [row] = await tx.$queryRaw<Array<{ notices: number }>>`
    SELECT notices FROM alert_quota_usage WHERE team_id = ${teamId}::uuid AND hour = ${hour} FOR UPDATE`;
  const allowed = Math.max(0, Math.min(wanted, NOTICE_QUOTAS[plan] - (row?.notices ?? 0)));
  if (allowed > 0) {
    await tx.$executeRaw`UPDATE alert_quota_usage SET notices = notices + ${allowed}
      WHERE team_id = ${teamId}::uuid AND hour = ${hour}`;
  }
  return allowed;
}
