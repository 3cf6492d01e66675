// Issue 45: single sign-on with OpenID Connect, against a real provider (oidc-provider) that this file
// starts, in a real Chromium. A person is matched by the address the provider verified, then by the
// identity itself (with SIGNUP=open, anyone else gets an account and a free team); a callback whose state, nonce or PKCE verifier does not match its flow is refused; a
// provider that is down when the dashboard starts does not stop it, and the button says so.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createInvitation, ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import { freePort } from '@pageprobe/local-services';
import type { BrowserContext, HTTPResponse, Page } from 'puppeteer-core';
import { press, sessionCookie, signedIn, startBrowser, startDashboard } from '../support/dashboard.ts';
import { type ProviderAccount, startOidcProvider } from '../support/oidc-provider.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
// The provider must know the dashboard's callback, and the dashboard the provider: the port comes first.
const port = await freePort();
const base = `http://127.0.0.1:${port}/app`;
// A second dashboard, with SIGNUP=open, started by its test.
const openPort = await freePort();
const openBase = `http://127.0.0.1:${openPort}/app`;
const accounts: Record<string, ProviderAccount> = {
  'sam-subject': { email: 'Sam@Example.com', email_verified: true, name: 'Sam' },
  'sam-unverified': { email: 'sam@example.com', email_verified: false },
  'sam-reissued': { email: 'sam@example.com', email_verified: true },
  stranger: { email: 'stranger@example.com', email_verified: true },
  invited: { email: 'invited@example.com', email_verified: true },
  newcomer: { email: 'newcomer@example.com', email_verified: true, name: 'Nia Newcomer' },
  // Addresses of a domain the deployment does not name in OIDC_EMAIL_DOMAINS.
  'claims-vic': { email: 'vic@elsewhere.test', email_verified: true },
  'claims-guest': { email: 'guest@elsewhere.test', email_verified: true },
};
const idp = await startOidcProvider([`${base}/auth/oidc/callback`, `${openBase}/auth/oidc/callback`], accounts);
const oidcEnv = { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret };
// The provider speaks for example.com's addresses (OIDC_EMAIL_DOMAINS), and for no other.
await startDashboard(env, { DASHBOARD_PORT: String(port), OIDC_EMAIL_DOMAINS: 'example.com', ...oidcEnv });
const browser = await startBrowser();
const { teamId } = await teamWithKey(env);
const sam = await ensureUser(env.db, { email: 'sam@example.com' });
await setMembership(env.db, teamId, sam.id, 'editor');

const alert = (page: Page) => page.$eval('[role="alert"]', (p) => p.textContent ?? '').catch(() => '');
const failures = async () =>
  (await env.db.auditEntry.findMany({ where: { action: 'sign_in_failed' }, orderBy: { id: 'asc' } })).map(
    (e) => (e.details as { method?: string; reason?: string }).reason,
  );

/**
 * Through the provider's own pages (its development login form, then its consent) until the provider
 * sends the browser back to the dashboard; the last page's response.
 */
async function throughProvider(page: Page, login: string, at = base): Promise<HTTPResponse | null> {
  let last: HTTPResponse | null = null;
  for (let step = 0; step < 4 && !page.url().startsWith(at); step++) {
    const loginField = await page.$('input[name="login"]');
    if (loginField) {
      await loginField.type(login);
      await page.type('input[name="password"]', 'any password: the development form takes any');
    }
    [last] = await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
  }
  assert.ok(page.url().startsWith(at), `back at the dashboard (at ${page.url()})`);
  return last;
}

/**
 * A flow started outside the browser, so that the test may change the authorization request on its way
 * to the provider (as an attacker in the middle would); the browser then holds the flow's cookie, signs
 * in at the provider and comes back to the callback.
 */
async function flow(
  context: BrowserContext,
  login: string,
  { tamper = () => {}, at = base }: { tamper?: (params: URLSearchParams) => void; at?: string } = {},
) {
  const start = await fetch(`${at}/auth/oidc/start`, { redirect: 'manual' });
  assert.equal(start.status, 303);
  const [name, value] = start.headers.get('set-cookie')!.split(';')[0]!.split('=') as [string, string];
  await context.setCookie({ name, value, domain: '127.0.0.1', path: '/app', httpOnly: true, sameSite: 'Lax' });
  const authorization = new URL(start.headers.get('location')!);
  assert.equal(authorization.origin, idp.issuer);
  tamper(authorization.searchParams);
  const page = await context.newPage();
  const callbacks: string[] = [];
  page.on('request', (r) => r.url().includes('/auth/oidc/callback') && callbacks.push(r.url()));
  await page.goto(authorization.href);
  const response = await throughProvider(page, login, at);
  return { page, status: response?.status(), callback: callbacks.at(-1) };
}

test('"Sign in with SSO" on the sign-in page: the provider\'s login, then back signed in (method sso, audited)', async () => {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  await press(page, 'Sign in with SSO');
  const authorization = new URL(page.url());
  assert.equal(authorization.origin, idp.issuer, "at the provider's login");
  await throughProvider(page, 'sam-subject');
  assert.equal(new URL(page.url()).pathname, '/app/');
  assert.match(await page.$eval('main', (m) => m.textContent ?? ''), /Your role\s*editor/);
  const cookie = await sessionCookie(page);
  assert.ok(cookie, 'a session cookie');
  const sessions = await env.db.session.findMany({ where: { userId: sam.id } });
  assert.deepEqual(
    sessions.map((s) => s.method),
    ['sso'],
  );
  const identity = await env.db.ssoIdentity.findUniqueOrThrow({
    where: { issuer_subject: { issuer: idp.issuer, subject: 'sam-subject' } },
  });
  assert.equal(identity.userId, sam.id, 'the identity is remembered');
  const signIn = await env.db.auditEntry.findFirstOrThrow({ where: { teamId, action: 'sign_in', actorId: sam.id } });
  assert.deepEqual(signIn.details, { method: 'sso' });
  assert.equal((await env.db.user.findUniqueOrThrow({ where: { id: sam.id } })).emailVerifiedAt !== null, true);
  await context.close();
});

test('a callback whose state, nonce or PKCE does not match its flow is refused; a callback works once', async () => {
  const context = await browser.createBrowserContext();
  // The same way untouched signs in: what refuses the others is the change alone.
  const good = await flow(context, 'sam-subject');
  assert.equal(new URL(good.page.url()).pathname, '/app/');
  assert.ok(good.callback);
  const replay = await fetch(good.callback, { redirect: 'manual' });
  assert.equal(replay.status, 400, 'the same callback again');
  assert.match(await replay.text(), /Single sign-on did not complete/);
  await context.close();

  const tampered: Record<string, (p: URLSearchParams) => void> = {
    state: (p) => p.set('state', 'a-state-of-another-flow-aaaaaaaaaaaaaaaaaaaa'),
    nonce: (p) => p.set('nonce', 'a-nonce-of-another-flow-aaaaaaaaaaaaaaaaaaaa'),
    'PKCE challenge': (p) => p.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'),
  };
  for (const [what, tamper] of Object.entries(tampered)) {
    const other = await browser.createBrowserContext();
    const before = (await failures()).length;
    const { page, status } = await flow(other, 'sam-subject', { tamper });
    assert.equal(new URL(page.url()).pathname, '/app/auth/oidc/callback', what);
    assert.equal(status, 400, `${what}: refused`);
    assert.match(await alert(page), /Single sign-on did not complete\. Start again/, what);
    assert.equal(await sessionCookie(page), undefined, `${what}: not signed in`);
    assert.ok(await page.$('::-p-aria([name="Sign in with SSO"][role="button"])'), 'the sign-in page, to start again');
    assert.deepEqual((await failures()).slice(before), ['failed'], `${what}: audited`);
    await other.close();
  }
  const entry = await env.db.auditEntry.findFirstOrThrow({ where: { action: 'sign_in_failed' } });
  assert.equal((entry.details as { method: string }).method, 'sso');
});

test('the identity, not the address, once linked; unverified, unknown and reissued addresses are refused; an invitation is accepted', async () => {
  const as = async (login: string) => {
    const context = await browser.createBrowserContext();
    const result = await flow(context, login);
    return { ...result, text: await alert(result.page), close: () => context.close() };
  };
  accounts['sam-subject']!.email = 'sam.renamed@example.com';
  const renamed = await as('sam-subject');
  assert.equal(new URL(renamed.page.url()).pathname, '/app/', 'a new address at the provider: still Sam');
  const session = await env.db.session.findFirstOrThrow({ where: { method: 'sso' }, orderBy: { createdAt: 'desc' } });
  assert.equal(session.userId, sam.id);
  await renamed.close();

  const unverified = await as('sam-unverified');
  assert.equal(unverified.status, 403);
  assert.match(unverified.text, /has not confirmed your email address/);
  await unverified.close();
  const stranger = await as('stranger');
  assert.equal(stranger.status, 403);
  assert.match(stranger.text, /no account here/);
  assert.equal(await env.db.user.count({ where: { email: 'stranger@example.com' } }), 0, 'no account made');
  await stranger.close();
  const reissued = await as('sam-reissued');
  assert.equal(reissued.status, 403, "Sam's address, given to another identity, does not open Sam's account");
  await reissued.close();
  assert.deepEqual((await failures()).slice(-3), ['email_unverified', 'no_account', 'other_identity']);

  await createInvitation(env.db, { teamId, email: 'invited@example.com', role: 'viewer' });
  const invited = await as('invited');
  assert.equal(new URL(invited.page.url()).pathname, '/app/');
  assert.match(await invited.page.$eval('main', (m) => m.textContent ?? ''), /Your role\s*viewer/);
  const user = await env.db.user.findUniqueOrThrow({ where: { email: 'invited@example.com' } });
  assert.equal(user.passwordHash, null, 'signs in with SSO only');
  assert.equal(await env.db.invitation.count({ where: { email: user.email, acceptedAt: null } }), 0, 'accepted');
  await invited.close();
});

test('outside OIDC_EMAIL_DOMAINS a verified address opens no account and accepts no invitation; signed in, the person links SSO', async () => {
  const VIC = { email: 'vic@elsewhere.test', password: 'vic keeps this passphrase' };
  const vic = await ensureUser(env.db, { email: VIC.email, passwordHash: await hashPassword(VIC.password) });
  await setMembership(env.db, teamId, vic.id, 'editor');
  await createInvitation(env.db, { teamId, email: 'guest@elsewhere.test', role: 'viewer' });
  for (const login of ['claims-vic', 'claims-guest']) {
    const context = await browser.createBrowserContext();
    const { page, status } = await flow(context, login);
    assert.equal(status, 403, `${login}: the provider's word alone is refused`);
    assert.match(await alert(page), /link single sign-on under Security/);
    assert.equal(await sessionCookie(page), undefined, `${login}: nobody signed in`);
    await context.close();
  }
  assert.deepEqual((await failures()).slice(-2), ['not_linked', 'not_linked']);
  assert.equal(await env.db.ssoIdentity.count({ where: { userId: vic.id } }), 0, 'nothing linked');
  assert.equal(await env.db.user.count({ where: { email: 'guest@elsewhere.test' } }), 0, 'no account made');
  assert.equal(await env.db.invitation.count({ where: { email: 'guest@elsewhere.test', acceptedAt: null } }), 1);

  // Vic, signed in with the password, links the identity from Security, through the provider.
  const { context, page } = await signedIn(browser, base, VIC);
  await page.goto(`${base}/security`);
  assert.match(await page.$eval('main', (m) => m.textContent ?? ''), /No identity at your provider is linked/);
  await press(page, 'Link single sign-on');
  await throughProvider(page, 'claims-vic');
  assert.equal(new URL(page.url()).pathname, '/app/security');
  assert.match(await page.$eval('main', (m) => m.textContent ?? ''), /Linked to an identity at your provider/);
  const identity = await env.db.ssoIdentity.findUniqueOrThrow({
    where: { issuer_subject: { issuer: idp.issuer, subject: 'claims-vic' } },
  });
  assert.equal(identity.userId, vic.id);
  assert.ok(await env.db.auditEntry.findFirst({ where: { teamId, action: 'sso.linked', actorId: vic.id } }));
  const passwordSession = await env.db.session.findFirstOrThrow({ where: { userId: vic.id, endedAt: null } });
  assert.equal(passwordSession.method, 'password', 'the session is still what was checked at its sign-in');
  await context.close();

  // From then on, SSO signs Vic in.
  const later = await browser.createBrowserContext();
  const { page: ssoPage } = await flow(later, 'claims-vic');
  assert.equal(new URL(ssoPage.url()).pathname, '/app/');
  const newest = await env.db.session.findFirstOrThrow({ where: { userId: vic.id }, orderBy: { createdAt: 'desc' } });
  assert.equal(newest.method, 'sso');
  await later.close();
});

test('SIGNUP=open: an address nobody here has gets an account and a free team, as signing up does', async () => {
  await startDashboard(env, { DASHBOARD_PORT: String(openPort), SIGNUP: 'open', ...oidcEnv });
  for (const time of ['first', 'again']) {
    const context = await browser.createBrowserContext();
    const { page } = await flow(context, 'newcomer', { at: openBase });
    assert.equal(new URL(page.url()).pathname, '/app/', time);
    assert.match(await page.$eval('main', (m) => m.textContent ?? ''), /Your role\s*owner/, time);
    await context.close();
  }
  const user = await env.db.user.findUniqueOrThrow({
    where: { email: 'newcomer@example.com' },
    include: { memberships: { include: { team: true } }, identities: true },
  });
  assert.equal(user.passwordHash, null);
  assert.ok(user.emailVerifiedAt, 'the provider verified the address');
  assert.deepEqual(
    user.memberships.map((m) => [m.role, m.team.plan, m.team.name]),
    [['owner', 'free', "Nia Newcomer's team"]],
    'one free team, not one a sign-in',
  );
  assert.deepEqual(
    user.identities.map((i) => i.subject),
    ['newcomer'],
  );
  const teamOf = user.memberships[0]!.teamId;
  const actions = (await env.db.auditEntry.findMany({ where: { teamId: teamOf }, orderBy: { id: 'asc' } })).map(
    (e) => e.action,
  );
  assert.deepEqual(actions, ['team.created', 'member.joined', 'sign_in', 'sign_in']);
});

test('a provider that is down at start: the dashboard starts and the button says SSO is unavailable; none without OIDC_ISSUER', async () => {
  const closed = await freePort();
  const down = await startDashboard(env, {
    OIDC_ISSUER: `http://127.0.0.1:${closed}`,
    OIDC_CLIENT_ID: 'pageprobe-dashboard',
    OIDC_CLIENT_SECRET: 'whatever',
  });
  const page = await browser.newPage();
  await page.goto(`${down.base}/sign-in`);
  const button = await page.waitForSelector('::-p-aria([name="Sign in with SSO (unavailable)"][role="button"])');
  assert.equal(await button!.evaluate((b) => b.hasAttribute('disabled')), true);
  assert.ok(await page.$('::-p-aria([name="Sign in"][role="button"])'), 'passwords still work');
  const start = await fetch(`${down.base}/auth/oidc/start`, { redirect: 'manual' });
  assert.equal(start.status, 503);
  assert.match(await start.text(), /Single sign-on is unavailable right now/);

  const none = await startDashboard(env);
  await page.goto(`${none.base}/sign-in`);
  assert.doesNotMatch(await page.content(), /Sign in with SSO/);
  assert.equal((await fetch(`${none.base}/auth/oidc/start`, { redirect: 'manual' })).status, 404);
  await page.close();
});
