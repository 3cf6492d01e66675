import type { Db, Plan, Prisma } from '@pageprobe/db';

type Reader = Db | Prisma.TransactionClient;

/**
 * What a team's alerts may send in one clock hour (UTC), by plan (issue 44): messages to alert channels
 * (an alert to one channel, a test message, a notice), and mails (each recipient of a message to an email
 * channel, and each confirmation mail). Enough for a whole team's monitors to go down and come back with
 * a few channels each (free: 50 monitors × 2 channels × down and recovered = 200 messages), far from the
 * flood the issue measured (about 60,000 mails an hour). README.md and docs/alerts.md state them.
 */
export const ALERT_QUOTAS: Record<Plan, { messagesPerHour: number; emailsPerHour: number }> = {
  free: { messagesPerHour: 300, emailsPerHour: 100 },
  pro: { messagesPerHour: 3000, emailsPerHour: 1000 },
};

export interface QuotaUse {
  messages: { limit: number; used: number; remaining: number };
  emails: { limit: number; used: number; remaining: number };
  /** The start of the next clock hour, when both counts start again from zero. */
  resetsAt: Date;
}

const hourOf = (now: Date) => new Date(Math.floor(now.getTime() / 3600_000) * 3600_000);

function useOf(plan: Plan, row: { messages: number; emails: number } | undefined, hour: Date): QuotaUse {
  const quota = ALERT_QUOTAS[plan];
  const of = (limit: number, used: number) => ({ limit, used, remaining: Math.max(0, limit - used) });
  return {
    messages: of(quota.messagesPerHour, row?.messages ?? 0),
    emails: of(quota.emailsPerHour, row?.emails ?? 0),
    resetsAt: new Date(hour.getTime() + 3600_000),
  };
}

/** What the team's alerts have sent this hour against its plan's quota (GET /credits). */
export async function alertQuotaUse(db: Reader, teamId: string, plan: Plan, now = new Date()): Promise<QuotaUse> {
  const hour = hourOf(now);
  const row = await db.alertQuotaUsage.findUnique({ where: { teamId_hour: { teamId, hour } } });
  return useOf(plan, row ?? undefined, hour);
}

/**
 * Counts `messages` and `emails` against the team's quota for this hour, all or nothing, in one
 * conditional upsert (concurrent dispatchers cannot both take the last one). Returns null when taken,
 * or what was used when it would go over (nothing is then counted).
 */
export async function takeAlertQuota(
  db: Reader,
  teamId: string,
  want: { messages: number; emails: number },
  now = new Date(),
): Promise<QuotaUse | null> {
  const hour = hourOf(now);
  const { plan } = await db.team.findUniqueOrThrow({ where: { id: teamId }, select: { plan: true } });
  const quota = ALERT_QUOTAS[plan];
  const taken = await db.$queryRaw<Array<{ messages: number }>>`
    INSERT INTO alert_quota_usage AS u (team_id, hour, messages, emails)
    SELECT ${teamId}::uuid, ${hour}, ${want.messages}::int, ${want.emails}::int
    WHERE ${want.messages}::int <= ${quota.messagesPerHour}::int AND ${want.emails}::int <= ${quota.emailsPerHour}::int
    ON CONFLICT (team_id, hour) DO UPDATE
      SET messages = u.messages + excluded.messages, emails = u.emails + excluded.emails
      WHERE u.messages + excluded.messages <= ${quota.messagesPerHour}::int
        AND u.emails + excluded.emails <= ${quota.emailsPerHour}::int
    RETURNING u.messages`;
  if (taken.length > 0) return null;
  return alertQuotaUse(db, teamId, plan, now);
}

/** The words of a message refused by the quota: its attempt's error. */
export function quotaRefusal(use: QuotaUse, plan?: Plan): string {
  const over = use.messages.remaining === 0 ? 'messages' : 'emails';
  return (
    `quota_exceeded: this team's alerts have sent ${use[over].used} of their ${use[over].limit} ${over} this hour` +
    `${plan ? ` (${plan} plan)` : ''}; not sent. The count starts again at ${use.resetsAt.toISOString()}.`
  );
}

/** Hours of counts older than a day are dropped by the dispatcher's sweep. */
export async function dropOldQuotaUsage(db: Reader, now = new Date()): Promise<void> {
  await db.alertQuotaUsage.deleteMany({ where: { hour: { lt: new Date(now.getTime() - 24 * 3600_000) } } });
}
