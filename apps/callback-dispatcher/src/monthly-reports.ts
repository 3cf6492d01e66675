import type { Mailer } from '@pageprobe/alert-channels';
import type { Db } from '@pageprobe/db';
import type { Logger } from '@pageprobe/logger';
import { combinedReport, monitorReport, monthRange } from '@pageprobe/monitors';
import { teamReportMail } from '@pageprobe/pages';

/** Members mailed per sweep: a backlog drains over a few sweeps without holding one. */
const PER_SWEEP = 20;

/** The month before `now`'s, as `2026-10`. */
export const lastMonth = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);

/**
 * Issue 58: the team's uptime report of last month mailed to each member who asked for it, once. A
 * member is taken under a row lock that other replicas skip, and marked sent only once the mail went:
 * an SMTP failure leaves it for the next sweep.
 */
export async function sendMonthlyReports(
  deps: { db: Db; mailer: Mailer | null; logger: Logger; dashboardBaseUrl: string },
  now = new Date(),
): Promise<number> {
  if (!deps.mailer) return 0;
  const month = lastMonth(now);
  const range = monthRange(month)!;
  // Nobody due (most sweeps): one read, no transaction.
  const [anyDue] = await deps.db.$queryRaw<Array<{ due: boolean }>>`
    SELECT EXISTS (SELECT 1 FROM memberships WHERE monthly_report AND report_sent_for IS DISTINCT FROM ${month}) AS due`;
  if (!anyDue?.due) return 0;
  let sent = 0;
  await deps.db.$transaction(
    async (tx) => {
      const due = await tx.$queryRaw<Array<{ team_id: string; user_id: string; email: string; team_name: string }>>`
      SELECT m.team_id, m.user_id, u.email, t.name AS team_name FROM memberships m
      JOIN users u ON u.id = m.user_id JOIN teams t ON t.id = m.team_id
      WHERE m.monthly_report AND m.report_sent_for IS DISTINCT FROM ${month} AND t.deleted_at IS NULL
        AND u.email_verified_at IS NOT NULL
      ORDER BY m.team_id LIMIT ${PER_SWEEP} FOR UPDATE OF m SKIP LOCKED`;
      const reports = new Map<string, ReturnType<typeof teamReportMail>>();
      for (const member of due) {
        let mail = reports.get(member.team_id);
        if (!mail) {
          const monitors = await tx.monitor.findMany({
            where: { teamId: member.team_id, deletedAt: null },
            select: { id: true, name: true, url: true },
            take: 500,
          });
          const figures = [];
          for (const m of monitors) figures.push({ m, r: await monitorReport(deps.db, m.id, range, now) });
          const total = combinedReport(figures.map((f) => f.r));
          mail = teamReportMail({
            teamName: member.team_name,
            month,
            total: {
              uptime_percent: total.uptime_percent,
              incidents: total.incident_count,
              downtime_seconds: total.downtime_seconds,
            },
            lines: figures.map(({ m, r }) => ({
              name: m.name ?? m.url,
              uptime_percent: r.uptime_percent,
              checks: r.checks.total,
              incidents: r.incidents.filter((i) => !i.maintenance).length,
              downtime_seconds: r.downtime_seconds,
            })),
            dashboardUrl: deps.dashboardBaseUrl,
          });
          reports.set(member.team_id, mail);
        }
        const result = await deps.mailer!.send([member.email], mail);
        if (result.error || (result.statusCode !== null && result.statusCode >= 400)) {
          deps.logger.warn(
            { teamId: member.team_id, error: result.error },
            'monthly report not sent; the next sweep tries again',
          );
          continue;
        }
        await tx.membership.update({
          where: { teamId_userId: { teamId: member.team_id, userId: member.user_id } },
          data: { reportSentFor: month },
        });
        sent++;
      }
    },
    { timeout: 60_000 },
  );
  if (sent) deps.logger.info({ sent, month }, 'monthly uptime reports mailed');
  return sent;
}
