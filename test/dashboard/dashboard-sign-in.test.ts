// Issue 45: people sign in to the dashboard, as they meet it, in a real Chromium. The first owner comes from
// a one-time link; the session's cookie has the flags that keep it safe and a new id at each sign-in;
// forms from other sites, or without the session's token, change nothing; a wrong password and an
// unknown address answer alike; a key made in the dashboard works against /api/v1 and /mcp and stops at
// once when revoked there; each of these is in the audit log.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureUser, hashPassword, issueToken, setMembership } from '@pageprobe/accounts';
import { startApiApp } from '../support/app-process.ts';
import { fill, press, sessionCookie, signedIn, startBrowser, startDashboard } from '../support/dashboard.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const { origin } = await startApiApp(env);
const { base } = await startDashboard(env, { PUBLIC_BASE_URL: origin });
const browser = await startBrowser();
const { teamId } = await teamWithKey(env);
const OWNER = { email: 'Owner@Example.com', password: 'correct horse battery staple' };

const auditActions = async () =>
  (await env.db.auditEntry.findMany({ where: { teamId }, orderBy: { id: 'asc' } })).map((e) => e.action);

test('the one-time link makes the first owner, signed in, with a safe cookie; the link works once', async () => {
  const link = `${base}/setup/${await issueToken(env.db, 'owner_setup', { subject: teamId })}`;
  const page = await browser.newPage();
  await page.goto(link);
  await fill(page, 'Email', OWNER.email);
  await fill(page, 'Password (at least 12 characters)', 'password1234');
  await press(page, 'Create the owner');
  assert.match(await page.content(), /one of the most common passwords/, 'a common password is refused');
  await fill(page, 'Password (at least 12 characters)', OWNER.password);
  await press(page, 'Create the owner');
  assert.equal(new URL(page.url()).pathname, '/app/');
  assert.match(await page.$eval('main', (m) => m.textContent ?? ''), /Your role\s*owner/);
  const cookie = await sessionCookie(page);
  assert.ok(cookie, 'a session cookie');
  assert.equal(cookie.httpOnly, true);
  assert.equal(cookie.sameSite, 'Lax');
  assert.equal(cookie.path, '/app', 'over http: no __Host- prefix, the dashboard path only');
  const again = await (await browser.createBrowserContext()).newPage();
  const res = await again.goto(link);
  assert.equal(res?.status(), 410);
  const user = await env.db.user.findUniqueOrThrow({ where: { email: 'owner@example.com' } });
  assert.match(user.passwordHash!, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/, "Argon2id at OWASP's parameters");
  await page.close();
});

test('a set-up link is no way into an existing account: the address proves itself with its password or its session', async () => {
  // The victim: an owner with a team and a key, and a colleague who signs in with SSO only (no password).
  const VICTIM = { email: 'victim@example.com', password: 'the victim only knows this one' };
  const victimTeam = await teamWithKey(env);
  const victim = await ensureUser(env.db, { email: VICTIM.email, passwordHash: await hashPassword(VICTIM.password) });
  await setMembership(env.db, victimTeam.teamId, victim.id, 'owner');
  const ssoOnly = await ensureUser(env.db, { email: 'sso-only@example.com', verified: true });
  await setMembership(env.db, victimTeam.teamId, ssoOnly.id, 'editor');
  // The attacker holds a set-up link of a team of their own (`npm start` prints one, `pnpm admin` makes them).
  const attackerTeam = await teamWithKey(env);
  const link = `${base}/setup/${await issueToken(env.db, 'owner_setup', { subject: attackerTeam.teamId })}`;
  const isMember = async (userId: string) =>
    (await env.db.membership.findUnique({ where: { teamId_userId: { teamId: attackerTeam.teamId, userId } } })) !==
    null;

  const attacker = await browser.createBrowserContext();
  const page = await attacker.newPage();
  for (const email of [VICTIM.email, 'SSO-Only@example.com']) {
    await page.goto(link);
    await fill(page, 'Email', email);
    await fill(page, 'Password (at least 12 characters)', 'the attacker chose this one');
    const [res] = await Promise.all([
      page.waitForNavigation(),
      page.click('::-p-aria([name="Create the owner"][role="button"])'),
    ]);
    assert.equal(res?.status(), 401, `${email}: refused`);
    assert.match(await page.$eval('main', (m) => m.textContent ?? ''), /This address has an account/);
    assert.equal(await sessionCookie(page), undefined, `${email}: no session`);
  }
  assert.equal((await page.goto(`${base}/keys`))?.status(), 200);
  assert.equal(new URL(page.url()).pathname, '/app/sign-in', "the victim's keys page stays closed");
  assert.equal(await isMember(victim.id), false, 'the victim was not made owner of the link’s team');
  assert.equal(await isMember(ssoOnly.id), false);
  const afterwards = await env.db.user.findUniqueOrThrow({ where: { id: victim.id } });
  assert.equal(afterwards.passwordHash, victim.passwordHash, "the victim's password is unchanged");
  assert.equal(
    (await env.db.user.findUniqueOrThrow({ where: { id: ssoOnly.id } })).passwordHash,
    null,
    'an account without a password gets none from a set-up link',
  );
  await attacker.close();

  // The victim, with their own password, may use the link: owner of its team, signed in.
  const own = await (await browser.createBrowserContext()).newPage();
  await own.goto(link);
  await fill(own, 'Email', VICTIM.email);
  await fill(own, 'Password (at least 12 characters)', VICTIM.password);
  await press(own, 'Create the owner');
  assert.equal(new URL(own.url()).pathname, '/app/');
  assert.equal(await isMember(victim.id), true, 'the right password makes the owner');
  assert.equal(
    (
      await env.db.membership.findUniqueOrThrow({
        where: { teamId_userId: { teamId: attackerTeam.teamId, userId: victim.id } },
      })
    ).role,
    'owner',
  );
  await own.browserContext().close();

  // Signed in as the address already: one button, no password asked, and the session keeps its method.
  const third = await teamWithKey(env);
  const { context, page: signedInPage } = await signedIn(browser, base, VICTIM);
  await signedInPage.goto(`${base}/setup/${await issueToken(env.db, 'owner_setup', { subject: third.teamId })}`);
  assert.match(await signedInPage.$eval('main', (m) => m.textContent ?? ''), /signed in as victim@example\.com/);
  await press(signedInPage, 'Become the owner as victim@example.com');
  assert.equal(new URL(signedInPage.url()).pathname, '/app/');
  const membership = await env.db.membership.findUnique({
    where: { teamId_userId: { teamId: third.teamId, userId: victim.id } },
  });
  assert.equal(membership?.role, 'owner');
  await context.close();
});

test('signing in: a new session id each time; a wrong password and an unknown address answer alike', async () => {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(`${base}/`);
  assert.equal(new URL(page.url()).pathname, '/app/sign-in', 'signed out, the dashboard sends to sign-in');
  const attempt = async (email: string, password: string) => {
    const started = performance.now();
    const res = await fetch(`${base}/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams({ email, password }),
      redirect: 'manual',
    });
    return {
      status: res.status,
      text: (await res.text()).replace(/value="[^"]*"/g, ''),
      ms: performance.now() - started,
    };
  };
  const wrong = await attempt(OWNER.email, 'not the password at all');
  const unknown = await attempt('nobody@example.com', 'not the password at all');
  assert.equal(wrong.status, 401);
  assert.equal(unknown.status, wrong.status);
  assert.equal(unknown.text, wrong.text, 'the same page');
  console.log(`wrong password ${wrong.ms.toFixed(0)} ms, unknown address ${unknown.ms.toFixed(0)} ms`);

  await fill(page, 'Email', OWNER.email);
  await fill(page, 'Password', OWNER.password);
  await press(page, 'Sign in');
  const first = await sessionCookie(page);
  await press(page, 'Sign out');
  assert.equal(new URL(page.url()).pathname, '/app/sign-in');
  await fill(page, 'Email', OWNER.email);
  await fill(page, 'Password', OWNER.password);
  await press(page, 'Sign in');
  const second = await sessionCookie(page);
  assert.ok(first && second && first.value !== second.value, 'a new session id at sign-in');
  const old = await fetch(`${base}/`, { headers: { cookie: `pp_session=${first.value}` }, redirect: 'manual' });
  assert.equal(old.status, 303, 'the signed-out session opens nothing');
  assert.ok(
    (await env.db.session.findMany({ where: { tokenHash: { equals: Buffer.from(second.value) } } })).length === 0,
    'the token itself is not stored',
  );
  const actions = await auditActions();
  assert.ok(actions.includes('sign_in') && actions.includes('sign_in_failed') && actions.includes('sign_out'));
  await context.close();
});

test('a form from another site, or without the session token, changes nothing', async () => {
  const { context, page } = await signedIn(browser, base, OWNER);
  const cookie = `pp_session=${(await sessionCookie(page))!.value}`;
  const keysBefore = await env.db.apiKey.count({ where: { teamId } });
  const post = (headers: Record<string, string>, body: Record<string, string>) =>
    fetch(`${base}/keys`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(body),
      redirect: 'manual',
    });
  const csrf = await page.$eval('input[name="_csrf"]', (i) => i.getAttribute('value')!);
  assert.equal(
    (await post({ 'sec-fetch-site': 'cross-site' }, { _csrf: csrf, name: 'x', scope: 'write' })).status,
    403,
  );
  assert.equal(
    (await post({ origin: 'https://evil.example' }, { _csrf: csrf, name: 'x', scope: 'write' })).status,
    403,
  );
  assert.equal((await post({ 'sec-fetch-site': 'same-origin' }, { name: 'x', scope: 'write' })).status, 403);
  assert.equal((await post({ 'sec-fetch-site': 'same-origin' }, { _csrf: 'x'.repeat(43), name: 'x' })).status, 403);
  // A real cross-site form, posted by Chromium from another origin: SameSite=Lax keeps the cookie home.
  const evil = await context.newPage();
  await evil.goto(
    `data:text/html,<form method=post action="${base}/keys"><input name=name value=evil><input name=_csrf value="${csrf}"><button>go</button></form>`,
  );
  await Promise.all([evil.waitForNavigation(), evil.click('button')]);
  assert.equal(await env.db.apiKey.count({ where: { teamId } }), keysBefore, 'no key was made');
  await context.close();
});

test('a key made in the dashboard works against /api/v1 and /mcp, and stops at once when revoked there', async () => {
  const { context, page } = await signedIn(browser, base, OWNER);
  await Promise.all([page.waitForNavigation(), page.click('::-p-aria([name="Team"][role="link"])')]);
  await Promise.all([page.waitForNavigation(), page.click('::-p-aria([name="API and MCP access"][role="link"])')]);
  await fill(page, 'Name', 'laptop');
  await page.click('::-p-aria(Write: also start tests and change monitors)');
  await press(page, 'Create key');
  const key = await page.$eval('[data-testid="new-key"]', (e) => e.textContent!.trim());
  assert.match(key, /^pp_live_[0-9A-Za-z]{38}$/);
  const credits = () => fetch(`${origin}/api/v1/credits`, { headers: { authorization: `Bearer ${key}` } });
  assert.equal((await credits()).status, 200);
  const mcp = await fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_credits', arguments: {} },
    }),
  });
  assert.equal(mcp.status, 200);
  assert.match(await mcp.text(), /credits_balance|balance/);
  const row = await env.db.apiKey.findFirstOrThrow({ where: { name: 'laptop' }, include: { createdBy: true } });
  assert.equal(row.createdBy?.email, 'owner@example.com');
  assert.equal(row.scope, 'write');

  // The button reads Revoke; the row's name cell describes it.
  const revoke = '::-p-xpath(//tr[td[normalize-space()="laptop"]]//button[normalize-space()="Revoke"])';
  await Promise.all([page.waitForNavigation(), page.click(revoke)]);
  assert.equal((await credits()).status, 200, 'it asks first: nothing revoked yet');
  await press(page, 'Revoke the key');
  assert.equal((await credits()).status, 401, 'refused at once, not after the cache');
  const actions = await auditActions();
  assert.ok(actions.includes('key.created') && actions.includes('key.revoked'));
  await context.close();
});
