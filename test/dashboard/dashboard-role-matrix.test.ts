// Issue 45, "Proven by": a role matrix generated from the dashboard's route table (STYLE 27). Every page and
// form action is tried signed out, as each role of team A and as the owner of team B, and answers as the
// policy table says: allowed → not refused (bad input may still be a 4xx other than 401/403), not allowed →
// 403; public routes answer signed out; the others send a signed-out GET to sign-in (303) and refuse a
// POST (401). A route whose access is not public, signed-in or a permission of POLICY fails. Path
// parameters are real ids of team A, so B's owner is tried against A's things: A's data never changes and
// never shows. Plain fetch with a session made as sign-in makes one, its CSRF token read from its row.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import {
  allows,
  createApiKey,
  createInvitation,
  createSession,
  ensureUser,
  hashPassword,
  issueToken,
  type Permission,
  POLICY,
  ROLES,
  setMembership,
} from '@pageprobe/accounts';
import { ROUTES } from '@pageprobe/dashboard';
import type { TeamRole } from '@pageprobe/db';
import { teamWithKey } from '@pageprobe/testing';
import { startApiApp } from '../support/app-process.ts';
import { startDashboard } from '../support/dashboard.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const { origin: api } = await startApiApp(env);
const { base } = await startDashboard(env, { PUBLIC_BASE_URL: api });
const A = await teamWithKey(env.db, { name: 'Alpha Matrix Team' });
const B = await teamWithKey(env.db, { name: 'Bravo Matrix Team' });
await env.db.team.update({ where: { id: A.teamId }, data: { webhookSecret: null } });

// People: one per role in A (no password: a password form answers 400, not 401), a member of A the admins
// act on, the owner of B, and one with a password for the sign-in form.
const member = async (email: string, teamId: string, role: TeamRole, passwordHash: string | null = null) => {
  const user = await ensureUser(env.db, { email, passwordHash, verified: true });
  await setMembership(env.db, teamId, user.id, role);
  return user;
};
const inA = {} as Record<TeamRole, { id: string; email: string }>;
for (const role of ROLES) inA[role] = await member(`a-${role}@example.com`, A.teamId, role);
const target = await member('a-target@example.com', A.teamId, 'viewer');
const ownerOfB = await member('b-owner@example.com', B.teamId, 'owner');
const SIGN_IN = { email: 'a-signs-in@example.com', password: 'correct horse battery staple' };
const signer = await member(SIGN_IN.email, A.teamId, 'viewer', await hashPassword(SIGN_IN.password));
const { row: keyOfA } = await createApiKey(env.db, { teamId: A.teamId, scope: 'read', name: 'matrix key' });

const passkeyOfA = await env.db.passkey.create({
  data: {
    id: 'bWF0cml4LWNyZWRlbnRpYWw',
    userId: inA.owner.id,
    name: "A's owner's laptop",
    publicKey: Buffer.from('key'),
  },
});
// A's alert channel, maintenance window and status page (issue 46): B's owner is tried against them.
const channelOfA = await env.db.alertChannel.create({
  data: { teamId: A.teamId, type: 'email', name: "A's channel", settings: { addresses: ['ops@example.com'] } },
});
const windowOfA = await env.db.maintenanceWindow.create({
  data: {
    teamId: A.teamId,
    name: "A's window",
    startsAt: new Date(),
    endsAt: new Date(Date.now() + 3600_000),
    tags: ['a'],
  },
});
const pageOfA = await env.db.statusPage.create({
  data: { teamId: A.teamId, slug: 'alpha-matrix', title: "A's page", monitors: [] },
});
const monitorOfA = await env.db.monitor.create({
  data: { teamId: A.teamId, type: 'uptime', url: 'https://a.example.com/', device: 'desktop', intervalSeconds: 300 },
});
const incidentOfA = await env.db.incident.create({
  data: {
    teamId: A.teamId,
    title: "A's incident",
    status: 'investigating',
    startedAt: new Date(),
    components: { create: { monitorId: monitorOfA.id, impact: 'major_outage' } },
    updates: { create: { status: 'investigating', message: 'Looking.', at: new Date() } },
  },
});
/** Path parameters that name something of A's. */
const IDS_OF_A = [keyOfA.id, target.id, passkeyOfA.id, channelOfA.id, windowOfA.id, pageOfA.id, incidentOfA.id];
/** The id each path's `:id` names: A's thing of that kind. */
const ID_BY_PREFIX: Array<[string, string]> = [
  ['/keys/', keyOfA.id],
  ['/security/passkeys/', passkeyOfA.id],
  ['/alert-channels/', channelOfA.id],
  ['/maintenance/', windowOfA.id],
  ['/status-pages/', pageOfA.id],
  ['/incidents/', incidentOfA.id],
];

// Real values for path parameters: A's, or links that work.
const PARAMS: Record<string, (path: string) => Promise<string> | string> = {
  id: (path) => ID_BY_PREFIX.find(([prefix]) => path.startsWith(prefix))?.[1] ?? randomUUID(),
  userId: () => target.id,
  token: async (path) => {
    if (path.startsWith('/invite/'))
      return (await createInvitation(env.db, { teamId: A.teamId, email: 'a-newcomer@example.com', role: 'viewer' }))
        .token;
    if (path.startsWith('/setup/')) return issueToken(env.db, 'owner_setup', { subject: A.teamId });
    if (path.startsWith('/verify-email/')) return issueToken(env.db, 'verify_email', { userId: signer.id });
    if (path.startsWith('/reset-password/')) return issueToken(env.db, 'reset_password', { userId: signer.id });
    return randomUUID();
  },
};

/** What a form sends: harmless input, or none (then the route answers 400, which is allowed). */
const BODIES: Record<string, (actor: Actor) => Record<string, string>> = {
  'post /sign-in': () => SIGN_IN,
  'post /teams/switch': (actor) => ({ team_id: actor.teamId ?? '' }),
  'post /members/:userId/role': () => ({ role: 'viewer', [`role-${target.id}`]: 'viewer' }),
  'post /security/require-strong-sign-in': () => ({ require: 'no' }),
  'post /security/passkeys/:id/rename': () => ({ name: 'renamed by the matrix' }),
};

interface Actor {
  name: string;
  userId: string | null;
  teamId: string | null;
  role: TeamRole | null;
}
const SIGNED_OUT: Actor = { name: 'signed out', userId: null, teamId: null, role: null };
const ACTORS: Actor[] = [
  SIGNED_OUT,
  { name: "B's owner", userId: ownerOfB.id, teamId: B.teamId, role: 'owner' },
  ...ROLES.map((role) => ({ name: `A's ${role}`, userId: inA[role].id, teamId: A.teamId, role })),
];

/** A fresh session for each request: a sign-out, a switch or a password change ends only its own. */
async function sessionOf(actor: Actor) {
  if (!actor.userId) return null;
  // A passkey's session: the matrix is about roles, not about a team requiring strong sign-in.
  const { token, id } = await createSession(
    env.db,
    { userId: actor.userId, method: 'passkey', teamId: actor.teamId },
    { idleMs: 3_600_000, maxMs: 3_600_000 },
  );
  const { csrfToken } = await env.db.session.findUniqueOrThrow({ where: { id } });
  return { cookie: `pp_session=${token}`, csrfToken };
}

async function pathOf(route: (typeof ROUTES)[number]) {
  let path = route.path;
  for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
    const value = PARAMS[name!] ? await PARAMS[name!]!(route.path) : randomUUID();
    path = path.replace(`:${name}`, encodeURIComponent(value));
  }
  return { path, ofA: IDS_OF_A.some((id) => path.includes(id)) };
}

async function call(route: (typeof ROUTES)[number], path: string, actor: Actor) {
  const session = await sessionOf(actor);
  const body = BODIES[`${route.method} ${route.path}`]?.(actor) ?? {};
  const res = await fetch(`${base}${path}`, {
    method: route.method.toUpperCase(),
    headers: {
      'sec-fetch-site': 'same-origin',
      ...(session ? { cookie: session.cookie } : {}),
      ...(route.method === 'post' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body:
      route.method === 'post'
        ? new URLSearchParams({ ...(session ? { _csrf: session.csrfToken } : {}), ...body })
        : undefined,
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

const accessOf = (access: string): 'public' | 'signed-in' | Permission | null =>
  access === 'public' || access === 'signed-in' || Object.hasOwn(POLICY, access) ? (access as Permission) : null;

/** Team A as its members see it: B's owner must change none of it. */
const stateOfA = async () =>
  JSON.stringify(
    await Promise.all([
      env.db.team.findUniqueOrThrow({ where: { id: A.teamId } }),
      env.db.membership.findMany({ where: { teamId: A.teamId }, orderBy: { userId: 'asc' } }),
      env.db.apiKey.findMany({
        where: { teamId: A.teamId },
        orderBy: { id: 'asc' },
        select: { id: true, revokedAt: true, scope: true, name: true },
      }),
      env.db.invitation.count({ where: { teamId: A.teamId } }),
      env.db.passkey.findMany({ where: { userId: inA.owner.id }, select: { id: true, name: true } }),
    ]),
  );
/** What of A must never show on B's pages. */
const SECRETS_OF_A = ['Alpha Matrix Team', inA.owner.email, inA.viewer.email, target.email, keyOfA.prefix];

test('every route names its access: public, signed-in, or a permission of the policy table', () => {
  assert.ok(ROUTES.length > 10, `${ROUTES.length} routes`);
  const seen = new Set<string>();
  for (const route of ROUTES) {
    const id = `${route.method.toUpperCase()} ${route.path}`;
    assert.ok(accessOf(route.access), `${id}: access '${route.access}' is not public, signed-in or in POLICY`);
    assert.ok(['get', 'post'].includes(route.method), `${id}: GET or POST only`);
    assert.ok(!seen.has(id), `${id} is declared twice`);
    seen.add(id);
  }
  for (const [permission, role] of Object.entries(POLICY))
    assert.ok(ROLES.includes(role), `${permission}: ${role} is a role`);
});

test('the role matrix: every route as each role of A, as the owner of B and signed out, as the policy says', async () => {
  const rows: string[] = [];
  const failures: string[] = [];
  for (const route of ROUTES) {
    const access = accessOf(route.access);
    const id = `${route.method.toUpperCase()} ${route.path}`;
    if (!access) {
      failures.push(`${id}: no policy`);
      continue;
    }
    const cells: string[] = [];
    for (const actor of ACTORS) {
      const { path, ofA } = await pathOf(route);
      const before = actor.teamId === B.teamId ? await stateOfA() : null;
      const res = await call(route, path, actor);
      cells.push(`${actor.name} ${res.status}`);
      const fail = (why: string) => failures.push(`${id} as ${actor.name}: ${why} (${res.status})`);
      const refused = res.status === 401 || res.status === 403;
      if (!actor.userId) {
        if (access === 'public') {
          if (refused) fail('a public route refused');
        } else if (route.method === 'get') {
          if (res.status !== 303 || !res.location?.endsWith('/app/sign-in')) fail('expected 303 to sign-in');
        } else if (res.status !== 401) fail('expected 401');
      } else {
        const allowed = access === 'public' || access === 'signed-in' || allows(actor.role!, access);
        if (actor.teamId === B.teamId) {
          if (ofA && access !== 'public') {
            if (res.status !== 403 && res.status !== 404) fail("another team's id: expected 403 or 404");
          } else if (allowed && refused) fail('allowed, but refused');
          if (access !== 'public')
            for (const secret of SECRETS_OF_A) if (res.text.includes(secret)) fail(`shows A's ${secret}`);
          if ((await stateOfA()) !== before) fail("changed team A's data");
        } else if (allowed && refused) fail('allowed, but refused');
        else if (!allowed && res.status !== 403) fail('not allowed, expected 403');
      }
      // What an allowed admin did to A's member, undone for the next one.
      if (route.path === '/members/:userId/remove') await setMembership(env.db, A.teamId, target.id, 'viewer');
    }
    rows.push(`${id.padEnd(44)} ${String(route.access).padEnd(22)} ${cells.join(', ')}`);
  }
  console.log(`${ROUTES.length} routes × ${ACTORS.length} callers\n${rows.join('\n')}`);
  assert.deepEqual(failures, []);
});

test("B's owner cannot revoke A's key: 404, and A's key still works against the API", async () => {
  const { cookie, csrfToken } = (await sessionOf(ACTORS[1]!))!;
  // A's first key (the matrix revoked the other as A's admin).
  const keyRow = await env.db.apiKey.findFirstOrThrow({ where: { teamId: A.teamId, id: { not: keyOfA.id } } });
  const res = await fetch(`${base}/keys/${keyRow.id}/revoke`, {
    method: 'POST',
    headers: { cookie, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: csrfToken }),
    redirect: 'manual',
  });
  assert.ok(res.status === 404 || res.status === 403, `answered ${res.status}`);
  assert.equal((await env.db.apiKey.findUniqueOrThrow({ where: { id: keyRow.id } })).revokedAt, null);
  const credits = await fetch(`${api}/api/v1/credits`, { headers: { authorization: `Bearer ${A.key}` } });
  assert.equal(credits.status, 200, "A's key still works");
});
