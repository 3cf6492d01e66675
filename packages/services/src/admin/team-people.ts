import { type Actor, createMail, invite, type Mail, NotAnEmail } from '@pageprobe/accounts';
import type { AuditEntry, Db, Prisma, TeamRole } from '@pageprobe/db';
import { after, NEWEST_FIRST, pageOf, parseLimit } from '../keyset.ts';
import { ProblemError } from '../problem.ts';

// The admin service's side of people (issue 45): invitations to a team, and the team's audit log.

export interface TeamPeopleOptions {
  /** Mails invitations (none: the link is only in the answer). */
  mail?: Mail;
  /** Where invitation links lead: the dashboard's public address (DASHBOARD_BASE_URL). */
  dashboardBaseUrl?: string;
  /** How the audit log names the door an operator came through. */
  via?: string;
}

export interface InvitationView {
  id: string;
  url: string;
  expires_at: string;
}

export interface AuditEntryView {
  id: string;
  action: string;
  actor_id: string | null;
  actor_email: string | null;
  target: string | null;
  details: Prisma.JsonValue;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
}

const auditEntryView = (e: AuditEntry): AuditEntryView => ({
  id: e.id,
  action: e.action,
  actor_id: e.actorId,
  actor_email: e.actorEmail,
  target: e.target,
  details: e.details,
  ip: e.ip,
  user_agent: e.userAgent,
  created_at: e.createdAt.toISOString(),
});

const noMail: Mail = createMail({ SMTP_FROM: 'unused' });

export function teamPeople(
  db: Db,
  requireTeam: (teamId: string) => Promise<unknown>,
  { mail = noMail, dashboardBaseUrl = 'http://127.0.0.1:3001/app', via = 'admin API' }: TeamPeopleOptions = {},
) {
  return {
    /** An invitation with its link (mailed too when the deployment can), as the members page makes one. */
    async inviteMember(
      teamId: string,
      input: { email: string; role: TeamRole },
      actor: Actor = {},
    ): Promise<InvitationView & { mailed: boolean }> {
      await requireTeam(teamId);
      try {
        // An operator has no person behind the token: the entry says which door, and from where.
        const made = await invite(
          { db, mail, dashboardBaseUrl },
          { ...actor, id: null, email: null },
          { teamId, ...input },
          { via },
        );
        return { id: made.id, url: made.url, expires_at: made.expiresAt.toISOString(), mailed: made.mailed };
      } catch (error) {
        if (!(error instanceof NotAnEmail)) throw error;
        throw new ProblemError(400, 'validation_failed', error.message, {
          errors: [{ path: 'body.email', message: 'is not an email address' }],
        });
      }
    },

    /** The team's audit log, newest first, in keyset pages. */
    async auditLog(
      teamId: string,
      query: { limit?: unknown; cursor?: string },
    ): Promise<{ data: AuditEntryView[]; next_cursor: string | null }> {
      await requireTeam(teamId);
      const limit = parseLimit(query.limit);
      const rows = await db.auditEntry.findMany({
        where: { teamId, ...after(query.cursor) },
        orderBy: NEWEST_FIRST,
        take: limit + 1,
      });
      const { page, nextCursor } = pageOf(rows, limit);
      return { data: page.map(auditEntryView), next_cursor: nextCursor };
    },
  };
}
