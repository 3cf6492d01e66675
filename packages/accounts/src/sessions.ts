import { randomBytes } from 'node:crypto';
import type { Db, Pool, TeamRole } from '@pageprobe/db';
import { hashToken, isTokenShaped, newToken } from './secret-token.ts';

// Server-side sessions (issue 45): the cookie holds a token, PostgreSQL its hash. A session ends when
// idle for `idleMs`, at `maxMs` after sign-in, when signed out, or when the password changes.

export interface SessionSettings {
  idleMs: number;
  maxMs: number;
}

export type SignInMethod = 'password' | 'passkey' | 'sso';

/** A session as a request sees it: the person, the team they work in and their role there. */
export interface ActiveSession {
  id: string;
  userId: string;
  email: string;
  method: SignInMethod;
  csrfToken: string;
  teamId: string | null;
  teamName: string | null;
  /** The team wants a passkey or SSO: a password's session may not work in it. */
  teamRequiresStrongSignIn: boolean;
  role: TeamRole | null;
  createdAt: Date;
  /** Its rights changed since its id was given: the request renews it (renewSession). */
  renew: boolean;
}

/** last_seen_at is written at most this often: a signed-in page costs a read, not a write. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  db: Db,
  input: {
    userId: string;
    method: SignInMethod;
    teamId?: string | null;
    ip?: string | null;
    userAgent?: string | null;
  },
  settings: SessionSettings,
): Promise<{ token: string; id: string }> {
  const { token, hash } = newToken();
  const teamId =
    input.teamId ??
    (await db.membership.findFirst({ where: { userId: input.userId }, orderBy: { createdAt: 'asc' } }))?.teamId ??
    null;
  const row = await db.session.create({
    data: {
      tokenHash: hash,
      userId: input.userId,
      teamId,
      method: input.method,
      csrfToken: randomBytes(32).toString('base64url'),
      ip: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      expiresAt: new Date(Date.now() + settings.maxMs),
    },
  });
  return { token, id: row.id };
}

interface SessionRow {
  id: string;
  user_id: string;
  email: string;
  method: SignInMethod;
  csrf_token: string;
  team_id: string | null;
  team_name: string | null;
  require_strong_sign_in: boolean | null;
  role: TeamRole | null;
  created_at: Date;
  last_seen_at: Date;
  renew: boolean;
}

/** The session check's statement: one indexed lookup joining the session, its person, membership and team. */
const READ_SESSION = `
  SELECT s.id, s.user_id, u.email, s.method, s.csrf_token, s.team_id, t.name AS team_name,
    t.require_strong_sign_in, m.role, s.created_at, s.last_seen_at, s.renew
  FROM sessions s JOIN users u ON u.id = s.user_id
    LEFT JOIN memberships m ON m.team_id = s.team_id AND m.user_id = s.user_id
    LEFT JOIN teams t ON t.id = m.team_id
  WHERE s.token_hash = $1 AND s.ended_at IS NULL AND s.expires_at > $2 AND s.last_seen_at > $3`;

/**
 * The live session a cookie's token names, with the role in its team read now (a change applies at once).
 * Every signed-in request runs it, so it goes through node-postgres as a prepared statement: through
 * Prisma's client the same query cost 0.42 ms of CPU against 0.15 ms (BENCH_ONLY=sessions).
 */
export async function readSession(
  pool: Pool,
  token: unknown,
  settings: SessionSettings,
): Promise<ActiveSession | null> {
  if (!isTokenShaped(token)) return null;
  const now = Date.now();
  const {
    rows: [row],
  } = await pool.query<SessionRow>({
    name: 'read-session',
    text: READ_SESSION,
    values: [hashToken(token), new Date(now), new Date(now - settings.idleMs)],
  });
  if (!row) return null;
  if (now - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    // Off the request's path: a lost touch costs at most a minute of idleness.
    pool.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1', [row.id, new Date(now)]).catch(() => undefined);
  }
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    method: row.method,
    csrfToken: row.csrf_token,
    // A team the person has left is no team: its id stays, its role is gone.
    teamId: row.role ? row.team_id : null,
    teamName: row.role ? row.team_name : null,
    teamRequiresStrongSignIn: row.require_strong_sign_in === true,
    role: row.role,
    createdAt: row.created_at,
    renew: row.renew,
  };
}

/** A new token for the same session (its rights changed: another team): the old cookie stops working. */
export async function renewSession(db: Db, sessionId: string, changes: { teamId?: string }): Promise<string> {
  const { token, hash } = newToken();
  await db.session.update({ where: { id: sessionId }, data: { tokenHash: hash, renew: false, ...changes } });
  return token;
}

export const endSession = (db: Db, sessionId: string) =>
  db.session.updateMany({ where: { id: sessionId, endedAt: null }, data: { endedAt: new Date() } });

/** Ends a person's sessions but `keep` (none: all of them, as a password change does). */
export const endSessionsOf = (db: Db, userId: string, keep?: string) =>
  db.session.updateMany({
    where: { userId, endedAt: null, ...(keep ? { id: { not: keep } } : {}) },
    data: { endedAt: new Date() },
  });

/** A person's live sessions, newest first. */
export const sessionsOf = (db: Db, userId: string) =>
  db.session.findMany({
    where: { userId, endedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: 'desc' },
    select: { id: true, method: true, ip: true, userAgent: true, createdAt: true, lastSeenAt: true },
  });
