// Issue 45: passkeys, as a person meets them in a real Chromium whose authenticator is Chromium's own
// virtual one (the DevTools WebAuthn domain). A person who signed in with a password adds a passkey on the
// security page, signs out, and signs in with the passkey alone (no address typed); it is listed with
// when it was last used; a second one is added, one is removed (and signs nobody in from then on), one
// renamed. A team requiring strong sign-in refuses the password's session and accepts the passkey's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createInvitation, createSession, ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import { freePort } from '@pageprobe/local-services';
import type { CDPSession, Page, Protocol } from 'puppeteer-core';
import { press, sessionCookie, signedIn, startBrowser, startDashboard } from '../support/dashboard.ts';
import { eventually } from '../support/servers.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';
import { virtualAuthenticator } from '../support/passkeys.ts';

const env = await createTestEnv();
// WebAuthn refuses IP addresses as a relying party's id: the dashboard is reached as localhost.
const port = await freePort();
const base = `http://localhost:${port}/app`;
const smtp = await startSmtpServer();
await startDashboard(env, { DASHBOARD_PORT: String(port), DASHBOARD_BASE_URL: base, SMTP_URL: smtp.url });
const browser = await startBrowser();
const { teamId } = await teamWithKey(env);
const PERSON = { email: 'pat@example.com', password: 'a long and unusual passphrase' };
const user = await ensureUser(env.db, {
  email: PERSON.email,
  passwordHash: await hashPassword(PERSON.password),
  verified: true,
});
await setMembership(env.db, teamId, user.id, 'owner');

/** A virtual platform authenticator in this page, as a laptop's: resident keys, verifies its user. */
const authenticator = virtualAuthenticator;

const credentialsOf = async ({ cdp, id }: { cdp: CDPSession; id: string }) =>
  (await cdp.send('WebAuthn.getCredentials', { authenticatorId: id })).credentials;

/** CDP gives a credential id in base64; the dashboard keeps it in base64url. */
const base64url = (id: string) => Buffer.from(id, 'base64').toString('base64url');

const text = (page: Page, selector = 'main') => page.$eval(selector, (e) => e.textContent ?? '');

/** The passkeys table's rows as [name, created, last used]. */
const passkeyRows = (page: Page) =>
  page.$$eval('[aria-label="Your passkeys"] tbody tr', (rows) =>
    rows.map((r) => [...r.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent!.trim())),
  );

const goToSecurity = (page: Page) =>
  Promise.all([page.waitForNavigation(), page.click('::-p-aria([name="Security"][role="link"])')]);

async function addPasskey(page: Page, name: string) {
  const field = await page.waitForSelector('::-p-aria(Passkey name)');
  await field!.click({ count: 3 });
  await field!.type(name);
  await press(page, 'Add a passkey');
  assert.equal(new URL(page.url()).pathname, '/app/security');
}

const auditOf = async (action: string) =>
  (await env.db.auditEntry.findMany({ where: { teamId, action }, orderBy: { id: 'asc' } })).map((e) => ({
    actor: e.actorId,
    target: e.target,
    details: e.details,
  }));

// The first test's page and authenticators, used on by the next.
let page: Page;
let laptop: { cdp: CDPSession; id: string };
let phoneCredential: Protocol.WebAuthn.Credential;
let laptopCredential: Protocol.WebAuthn.Credential;

test('a passkey added on the security page signs its person in alone, no address typed', async () => {
  ({ page } = await signedIn(browser, base, PERSON));
  laptop = await authenticator(page);
  await goToSecurity(page);
  assert.match(await text(page), /You have no passkey yet/);
  await addPasskey(page, 'Laptop');

  const [row] = await env.db.passkey.findMany({ where: { userId: user.id } });
  assert.equal(row?.name, 'Laptop');
  const [held] = await credentialsOf(laptop);
  assert.ok(held?.isResidentCredential, 'a discoverable credential, kept on the authenticator');
  assert.equal(base64url(held.credentialId), row.id, 'the credential the authenticator made');
  assert.equal(held.userHandle && Buffer.from(held.userHandle, 'base64').toString(), user.id);
  assert.deepEqual(
    (await passkeyRows(page)).map(([name, , used]) => [name, used]),
    [['Laptop', 'never']],
  );

  await press(page, 'Sign out');
  assert.equal(new URL(page.url()).pathname, '/app/sign-in');
  assert.equal(await sessionCookie(page), undefined, 'signed out');
  // Nothing typed: the authenticator offers the passkey and says whose it is.
  await press(page, 'Sign in with a passkey');
  assert.equal(new URL(page.url()).pathname, '/app/', 'signed in');
  assert.match(await text(page), /Your role\s*owner/);
  const [session] = await env.db.session.findMany({
    where: { userId: user.id, endedAt: null },
    orderBy: { createdAt: 'desc' },
    take: 1,
  });
  assert.equal(session?.method, 'passkey');

  await goToSecurity(page);
  const [[name, created, lastUsed]] = (await passkeyRows(page)) as [string[]];
  assert.equal(name, 'Laptop');
  assert.match(created!, /^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  assert.match(lastUsed!, /^\d{4}-\d\d-\d\d \d\d:\d\d$/, 'listed with when it was last used');
  const used = await env.db.passkey.findUniqueOrThrow({ where: { id: row.id } });
  assert.ok(used.lastUsedAt, 'last_used_at written');
  assert.ok(used.counter > 0n, "the authenticator's signature counter kept");
  assert.deepEqual(await auditOf('passkey.added'), [{ actor: user.id, target: row.id, details: { name: 'Laptop' } }]);
  assert.ok(
    (await auditOf('sign_in')).some(
      (e) => e.actor === user.id && (e.details as { method: string }).method === 'passkey',
    ),
    'the sign-in is audited with its method',
  );
  laptopCredential = held;
});

test('several passkeys a person: a second one added, one renamed, one removed (it signs nobody in again)', async () => {
  // A second device: the first authenticator already holds this person's passkey and would decline.
  await laptop.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: laptop.id });
  const phone = await authenticator(page);
  await addPasskey(page, 'Phone');
  assert.deepEqual(
    (await passkeyRows(page)).map(([name]) => name),
    ['Laptop', 'Phone'],
  );
  [phoneCredential] = (await credentialsOf(phone)) as [Protocol.WebAuthn.Credential];

  await page.click('[aria-label="Your passkeys"] tr:nth-child(2) summary');
  const rename = await page.waitForSelector('::-p-aria(New name for Phone)');
  await rename!.click({ count: 3 });
  await rename!.type('Work phone');
  await press(page, 'Rename Phone');
  assert.deepEqual(
    (await passkeyRows(page)).map(([name]) => name),
    ['Laptop', 'Work phone'],
  );

  await press(page, 'Remove Laptop');
  assert.equal(await env.db.passkey.count({ where: { userId: user.id } }), 2, 'it asks first');
  await press(page, 'Remove the passkey');
  assert.deepEqual(
    (await passkeyRows(page)).map(([name]) => name),
    ['Work phone'],
  );
  assert.equal(await env.db.passkey.count({ where: { userId: user.id } }), 1);
  assert.deepEqual(
    (await auditOf('passkey.removed')).map((e) => e.details),
    [{ name: 'Laptop' }],
  );

  // The removed passkey, still on a device somewhere: the dashboard no longer knows it.
  const context = await browser.createBrowserContext();
  const other = await context.newPage();
  const stale = await authenticator(other);
  await stale.cdp.send('WebAuthn.addCredential', { authenticatorId: stale.id, credential: laptopCredential });
  await other.goto(`${base}/sign-in`);
  const button = await other.waitForSelector('::-p-aria([name="Sign in with a passkey"][role="button"])');
  await button!.click();
  await other.waitForFunction(`document.getElementById('passkey-sign-in-status')?.textContent`);
  assert.equal(await text(other, '#passkey-sign-in-status'), 'This passkey could not sign you in.');
  assert.equal(new URL(other.url()).pathname, '/app/sign-in');
  assert.equal(await sessionCookie(other), undefined, 'no session');
  const failed = await env.db.auditEntry.findMany({ where: { action: 'sign_in_failed' } });
  assert.ok(
    failed.some((e) => (e.details as { reason?: string }).reason === 'unknown_passkey'),
    'the refusal is audited',
  );
  await context.close();
});

test("a team requiring strong sign-in refuses the password's session and accepts the passkey's", async () => {
  const password = await signedIn(browser, base, PERSON);
  await goToSecurity(password.page);
  await press(password.page, 'Require passkeys or SSO');
  assert.equal((await env.db.team.findUniqueOrThrow({ where: { id: teamId } })).requireStrongSignIn, true);

  const refused = await password.page.goto(`${base}/members`);
  assert.equal(refused?.status(), 403, "the password's session may not work in the team");
  assert.match(await text(password.page), /A passkey or SSO is required/);
  const security = await password.page.goto(`${base}/security`);
  assert.equal(security?.status(), 200, 'it may still reach Security, to add a passkey');

  const context = await browser.createBrowserContext();
  const passkeyPage = await context.newPage();
  const device = await authenticator(passkeyPage);
  await device.cdp.send('WebAuthn.addCredential', { authenticatorId: device.id, credential: phoneCredential });
  await passkeyPage.goto(`${base}/sign-in`);
  await press(passkeyPage, 'Sign in with a passkey');
  const accepted = await passkeyPage.goto(`${base}/members`);
  assert.equal(accepted?.status(), 200, "the passkey's session works in the team");
  assert.match(await text(passkeyPage), /pat@example\.com/);
  await context.close();
  await password.context.close();
});

test('a sign-in challenge answers once; a cloned authenticator (its counter behind) is refused', async () => {
  const context = await browser.createBrowserContext();
  const signInPage = await context.newPage();
  const device = await authenticator(signInPage);
  await signInPage.goto(`${base}/sign-in`);
  await signInPage.waitForSelector('::-p-aria([name="Sign in with a passkey"][role="button"])');
  // The ceremony by hand, its response then sent a second time.
  const twice = () =>
    signInPage.evaluate(async (app) => {
      const post = (path: string, fields: Record<string, string>) =>
        fetch(`${app}${path}`, { method: 'POST', body: new URLSearchParams(fields) });
      const optionsJSON = await (await post('/sign-in/passkey/options', {})).json();
      const { startAuthentication } = (globalThis as any).SimpleWebAuthnBrowser;
      const response = JSON.stringify(await startAuthentication({ optionsJSON }));
      const first = await post('/sign-in/passkey', { response });
      const again = await post('/sign-in/passkey', { response });
      return [first.status, again.status];
    }, base);
  // The copy taken before the last test's sign-in: its signature counter is behind the one kept.
  await device.cdp.send('WebAuthn.addCredential', { authenticatorId: device.id, credential: phoneCredential });
  assert.deepEqual(await twice(), [401, 400], 'a counter that went back: a clone, refused');
  await device.cdp.send('WebAuthn.clearCredentials', { authenticatorId: device.id });
  await device.cdp.send('WebAuthn.addCredential', {
    authenticatorId: device.id,
    credential: { ...phoneCredential, signCount: 1000 },
  });
  assert.deepEqual(await twice(), [200, 400], 'signed in; the replayed response finds no challenge');
  assert.equal((await env.db.passkey.findFirstOrThrow({ where: { userId: user.id } })).counter, 1001n);

  const crossSite = await fetch(`${base}/sign-in/passkey/options`, {
    method: 'POST',
    headers: { 'sec-fetch-site': 'cross-site' },
  });
  assert.equal(crossSite.status, 403, 'another site may not start a ceremony');
  await context.close();
});

test('under "Require passkeys or SSO" a password alone adds no passkey: the link mailed to the address does', async () => {
  const strict = await teamWithKey(env);
  await env.db.team.update({ where: { id: strict.teamId }, data: { requireStrongSignIn: true } });
  const QUINN = { email: 'quinn@example.com', password: 'quinn has only this passphrase' };
  const quinn = await ensureUser(env.db, { email: QUINN.email, passwordHash: await hashPassword(QUINN.password) });
  await setMembership(env.db, strict.teamId, quinn.id, 'editor');

  // Someone with Quinn's password: the passkey is refused before the authenticator is asked, and a mail goes.
  const { context, page: own } = await signedIn(browser, base, QUINN);
  const device = await authenticator(own);
  await own.goto(`${base}/security`);
  const field = await own.waitForSelector('::-p-aria(Passkey name)');
  await field!.type('Quinn laptop');
  await own.click('::-p-aria([name="Add a passkey"][role="button"])');
  const status = await own.waitForSelector('[data-passkey-status]:not([hidden])');
  assert.match(await status!.evaluate((e) => e.textContent ?? ''), /We mailed a link to quinn@example\.com/);
  assert.equal(await env.db.passkey.count({ where: { userId: quinn.id } }), 0, 'no passkey from a password alone');
  assert.equal((await credentialsOf(device)).length, 0, 'the authenticator made nothing');
  const mail = await eventually(async () =>
    smtp.mails.find((m) => m.to && !Array.isArray(m.to) && m.to.text === QUINN.email),
  );
  const link = new RegExp(`${base}/security/confirm/[\\w-]+`).exec(mail.text ?? '')?.[0];
  assert.ok(link, `a link in: ${mail.text}`);

  // The link is the session's: another one signed in with the same password cannot use it.
  const other = await signedIn(browser, base, QUINN);
  assert.equal((await other.page.goto(link))?.status(), 410, "another session's link");
  await other.context.close();

  // Opened in Quinn's session, it lets this session add the passkey, which then signs Quinn in.
  await own.goto(link);
  await press(own, 'Confirm');
  assert.equal(new URL(own.url()).pathname, '/app/security');
  await addPasskey(own, 'Quinn laptop');
  assert.equal(await env.db.passkey.count({ where: { userId: quinn.id } }), 1);
  await press(own, 'Sign out');
  await press(own, 'Sign in with a passkey');
  const newest = await env.db.session.findFirstOrThrow({ where: { userId: quinn.id }, orderBy: { createdAt: 'desc' } });
  assert.equal(newest.method, 'passkey');
  assert.equal((await own.goto(`${base}/members`))?.status(), 200, 'the passkey meets the requirement');
  await context.close();
});

test("an invitation accepted with a password, while signed in as someone else with a passkey, is a password's session", async () => {
  const strict = await teamWithKey(env);
  await env.db.team.update({ where: { id: strict.teamId }, data: { requireStrongSignIn: true } });
  const RAY = { email: 'ray@example.com', password: 'ray has a passphrase too' };
  const ray = await ensureUser(env.db, { email: RAY.email, passwordHash: await hashPassword(RAY.password) });
  await setMembership(env.db, strict.teamId, ray.id, 'editor');
  const { token: invitation } = await createInvitation(env.db, { teamId: teamId, email: RAY.email, role: 'viewer' });
  // Pat's passkey session, in the same browser.
  const { token: patSession } = await createSession(
    env.db,
    { userId: user.id, method: 'passkey', teamId },
    { idleMs: 3_600_000, maxMs: 3_600_000 },
  );
  const res = await fetch(`${base}/invite/${invitation}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      cookie: `pp_session=${patSession}`,
    },
    body: new URLSearchParams({ password: RAY.password }),
    redirect: 'manual',
  });
  assert.equal(res.status, 303, 'Ray joins with the password');
  const session = await env.db.session.findFirstOrThrow({ where: { userId: ray.id }, orderBy: { createdAt: 'desc' } });
  assert.equal(session.method, 'password', 'labelled by what was checked: the password, not the passkey of Pat');
  const cookie = /pp_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  assert.ok(cookie);
  await env.db.session.update({ where: { id: session.id }, data: { teamId: strict.teamId } });
  const members = await fetch(`${base}/members`, { headers: { cookie: `pp_session=${cookie}` }, redirect: 'manual' });
  assert.equal(members.status, 403, "a password's session does not meet Ray's team's requirement");
});
