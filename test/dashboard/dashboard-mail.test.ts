// Issue 45, getting in by mail, as people meet it in a real Chromium with the real SMTP server the harness
// uses (smtp-server, read with mailparser): open sign-up makes a free team and its owner and mails a
// verification link; the link verifies the address once; a forgotten password comes back through a
// single-use link valid an hour that ends every session; an invitation mailed from the members page
// makes a viewer. Sign-up and the reset answer alike whether or not an address has an account.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ensureUser, hashPassword, hashToken, setMembership } from '@pageprobe/accounts';
import type { Browser, Page } from 'puppeteer-core';
import { fill, press, sessionCookie, signedIn, startBrowser, startDashboard } from '../support/dashboard.ts';
import { eventually } from '../support/servers.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const smtp = await startSmtpServer();
const { base } = await startDashboard(env, { SMTP_URL: smtp.url, SIGNUP: 'open' });
const browser = await startBrowser();
const OWNER = { email: 'founder@example.com', password: 'a long and private passphrase', team: 'Founders' };

const sentTo = (address: string, subject: RegExp) =>
  smtp.mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === address && subject.test(m.subject ?? ''));

/** The `n`th mail (from 1) to an address whose subject matches, once it arrives: its dashboard link. */
async function linkIn(address: string, subject: RegExp, n = 1) {
  const mail = await eventually(async () => sentTo(address, subject)[n - 1], 15_000, `mail ${subject} to ${address}`);
  const link = new RegExp(`${base}/[\\w/-]+`).exec(mail.text ?? '')?.[0];
  assert.ok(link, `a dashboard link in: ${mail.text}`);
  return link;
}

const main = (page: Page) => page.$eval('main', (m) => m.textContent ?? '');
const clickLink = (page: Page, name: string) =>
  Promise.all([page.waitForNavigation(), page.click(`::-p-aria([name="${name}"][role="link"])`)]);

/** A form POST as a browser on the dashboard's own pages sends it, without one. */
async function post(path: string, body: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams(body),
    redirect: 'manual',
  });
  const text = (await res.text()).replace(/value="[^"]*"/g, '');
  return { status: res.status, text, cookie: res.headers.get('set-cookie'), ms: performance.now() - started };
}

const signIn = (browser: Browser, email: string, password: string) => signedIn(browser, base, { email, password });

const actions = async (email: string) =>
  (await env.db.auditEntry.findMany({ where: { actorEmail: email }, orderBy: { id: 'asc' } })).map((e) => e.action);

test('with SIGNUP=invite (the default) there is no sign-up: 404, and the sign-in page does not offer it', async () => {
  const closed = await startDashboard(env, { SMTP_URL: smtp.url });
  const page = await browser.newPage();
  assert.equal((await page.goto(`${closed.base}/sign-up`))?.status(), 404);
  const res = await fetch(`${closed.base}/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({ email: 'x@example.com', password: OWNER.password, team_name: 'X' }),
  });
  assert.equal(res.status, 404);
  assert.equal(await env.db.user.count({ where: { email: 'x@example.com' } }), 0);
  await page.goto(`${closed.base}/sign-in`);
  assert.equal(await page.$('::-p-aria([name="Sign up"][role="link"])'), null);
  assert.ok(await page.$('::-p-aria([name="Forgot your password?"][role="link"])'));
  await page.close();
});

test('open sign-up mails a link, and only the link makes the account: a free team with the person its owner, signed in', async () => {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  await clickLink(page, 'Sign up');
  await fill(page, 'Email', OWNER.email);
  await fill(page, 'Password', OWNER.password);
  await fill(page, 'Team name', OWNER.team);
  await press(page, 'Sign up');
  assert.match(await main(page), /Check your mail/);
  assert.equal(await sessionCookie(page), undefined, 'nobody is signed in yet');
  assert.equal(await env.db.user.count({ where: { email: OWNER.email } }), 0, 'no account before the link');
  const link = await linkIn(OWNER.email, /^Finish signing up/);
  await page.goto(link);
  assert.equal(
    await env.db.user.count({ where: { email: OWNER.email } }),
    0,
    'opening the link makes nothing: the button does',
  );
  await press(page, 'Make my account');
  assert.equal(new URL(page.url()).pathname, '/app/');
  assert.match(await main(page), /Your role\s*owner\s*Plan\s*free\s*Credits\s*0/);
  const user = await env.db.user.findUniqueOrThrow({ where: { email: OWNER.email }, include: { memberships: true } });
  assert.ok(user.emailVerifiedAt, 'the link reached the address: it is verified');
  assert.equal(user.memberships.length, 1);
  const team = await env.db.team.findUniqueOrThrow({ where: { id: user.memberships[0]!.teamId } });
  assert.deepEqual([team.name, team.plan, team.creditsBalance], [OWNER.team, 'free', 0]);
  assert.equal((await page.goto(link))?.status(), 410, 'the link works once');
  await context.close();
});

test('a person whose address is not verified gets the mail from the security page; its link verifies once', async () => {
  const person = { email: 'unverified@example.com', password: 'yet another long passphrase' };
  const user = await ensureUser(env.db, { email: person.email, passwordHash: await hashPassword(person.password) });
  const team = await env.db.team.create({ data: { name: 'Unverified', plan: 'free' } });
  await setMembership(env.db, team.id, user.id, 'viewer');
  const { context, page } = await signIn(browser, person.email, person.password);
  await clickLink(page, 'Security');
  assert.match(await main(page), /unverified@example\.com is not verified yet/);
  await press(page, 'Send a verification mail');
  const link = await linkIn(person.email, /^Verify your address/);
  const fresh = await (await browser.createBrowserContext()).newPage();
  await fresh.goto(link);
  assert.equal(
    (await env.db.user.findUniqueOrThrow({ where: { email: person.email } })).emailVerifiedAt,
    null,
    'opening the link changes nothing (a mail scanner may fetch it): the button does',
  );
  await press(fresh, 'Verify my address');
  assert.match(await main(fresh), /is verified/);
  assert.equal((await fresh.goto(link))?.status(), 410, 'the link works once');
  await page.goto(`${base}/security`);
  assert.match(await main(page), /unverified@example\.com is verified/);
  assert.equal(await page.$('::-p-aria([name="Send a verification mail"][role="button"])'), null);
  assert.ok((await actions(person.email)).includes('email.verified'));
  await fresh.browserContext().close();
  await context.close();
});

test('signing up with an address that has an account answers as for a new one, mails it, and makes nothing', async () => {
  const usersBefore = await env.db.user.count();
  const teamsBefore = await env.db.team.count();
  const known = await post('/sign-up', { email: OWNER.email, password: 'another long passphrase', team_name: 'Again' });
  const fresh = await post('/sign-up', {
    email: 'newcomer@example.com',
    password: 'another long passphrase',
    team_name: 'Again',
  });
  assert.equal(known.status, 200);
  assert.equal(known.status, fresh.status);
  assert.equal(known.text, fresh.text, 'the same page');
  console.log(`sign-up: known address ${known.ms.toFixed(0)} ms, new address ${fresh.ms.toFixed(0)} ms`);
  assert.equal(known.cookie, null, 'nobody is signed in');
  assert.equal(fresh.cookie, null, 'nobody is signed in');
  assert.equal(await env.db.user.count(), usersBefore, 'nothing is made before a link is used');
  assert.equal(await env.db.team.count(), teamsBefore);
  const note = await eventually(async () => sentTo(OWNER.email, /^You already have a Pageprobe account/)[0]);
  assert.match(note.text ?? '', /forgot-password/);
  await linkIn('newcomer@example.com', /^Finish signing up/);
  assert.ok(
    (await env.db.user.findUniqueOrThrow({ where: { email: OWNER.email } })).passwordHash,
    'the existing account keeps its password',
  );
});

test('a burst of sign-ups for one address is refused by its limit before the password is hashed', async () => {
  // Its own dashboard, trusting one proxy hop: each request comes from an address of its own, so only the
  // limit per address signed up with is at work.
  const limited = await startDashboard(
    env,
    { SMTP_URL: smtp.url, SIGNUP: 'open', TRUST_PROXY_HOPS: '1' },
    { process: true },
  );
  const pid = limited.app.child.pid!;
  /** The CPU the dashboard's process has spent (utime + stime in /proc, clock ticks of 10 ms). */
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const known = 'burst-known@example.com';
  await ensureUser(env.db, { email: known, passwordHash: await hashPassword('the burst victim passphrase') });
  const fresh = 'burst-new@example.com';
  let n = 0;
  const signUp = async (email: string) => {
    n += 1;
    const res = await fetch(`${limited.base}/sign-up`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        'x-forwarded-for': `198.51.100.${n}`,
      },
      body: new URLSearchParams({ email, password: `a long burst passphrase ${n}`, team_name: 'Burst' }),
      redirect: 'manual',
    });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      text: (await res.text()).replace(/value="[^"]*"/g, ''),
    };
  };
  // One sign-up first, of an address not counted below: a request the dashboard takes while its Redis
  // connection is still coming up is counted by the in-memory stand-in, not Redis (once, in one of ten runs).
  assert.equal((await signUp('burst-warm-up@example.com')).status, 200);
  const cpuBefore = cpuMs();
  const accepted = [];
  for (let i = 0; i < 3; i++) accepted.push(await signUp(known), await signUp(fresh));
  const cpuAccepted = cpuMs() - cpuBefore;
  // Their mails sent first, so that the CPU measured next is the refused requests' own.
  await eventually(async () => sentTo(known, /^You already have a Pageprobe account/).length >= 3 || undefined);
  await eventually(async () => sentTo(fresh, /^Finish signing up/).length >= 3 || undefined);
  const cpuBeforeRefused = cpuMs();
  const refused = [];
  for (let i = 0; i < 10; i++) refused.push(await signUp(known), await signUp(fresh));
  const cpuRefused = cpuMs() - cpuBeforeRefused;
  console.log(
    `sign-ups: ${accepted.length} accepted, dashboard CPU ${cpuAccepted} ms (${(cpuAccepted / accepted.length).toFixed(0)} ms each); ${refused.length} refused, ${cpuRefused} ms (${(cpuRefused / refused.length).toFixed(1)} ms each)`,
  );
  assert.deepEqual(
    accepted.map((r) => r.status),
    [200, 200, 200, 200, 200, 200],
  );
  for (const [i, r] of refused.entries()) {
    assert.equal(r.status, 429, `sign-up ${i + 7}: past three an hour, the address is refused`);
    const seconds = Number(r.retryAfter);
    assert.ok(seconds >= 1 && seconds <= 3_600, `Retry-After ${r.retryAfter}`);
    assert.match(r.text, /Too many sign-ups for this address/);
    assert.equal(r.text, refused[0]!.text, 'the same page whether or not the address has an account');
  }
  // The hash's own cost, measured here: Argon2id's CPU (all threads), five hashes' mean.
  const hashStart = process.cpuUsage();
  for (let i = 0; i < 5; i++) await hashPassword(`a passphrase to measure ${i}`);
  const { user, system } = process.cpuUsage(hashStart);
  const hashCpuMs = (user + system) / 1000 / 5;
  console.log(`one Argon2id hash here: ${hashCpuMs.toFixed(1)} ms of CPU`);
  assert.ok(
    cpuRefused / refused.length < hashCpuMs,
    'a refused sign-up spends less of the dashboard’s CPU than one hash: it hashed nothing',
  );
  // The mails: as many as the limit let through, for the address with an account too (none came late).
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  assert.equal(sentTo(known, /^You already have a Pageprobe account/).length, 3, 'no more mails than the limit');
  assert.equal(sentTo(fresh, /^Finish signing up/).length, 3);
});

test('a forgotten password: the same answer for any address, a single-use link valid an hour, every session ended', async () => {
  const before = await signIn(browser, OWNER.email, OWNER.password);
  const oldCookie = `pp_session=${(await sessionCookie(before.page))!.value}`;

  const known = await post('/forgot-password', { email: OWNER.email });
  const unknown = await post('/forgot-password', { email: 'nobody-here@example.com' });
  assert.equal(unknown.status, known.status);
  assert.equal(unknown.text, known.text, 'the same page');
  assert.match(known.text, /If that address has an account, we mailed a link/);
  console.log(`reset asked: known address ${known.ms.toFixed(0)} ms, unknown ${unknown.ms.toFixed(0)} ms`);

  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  await clickLink(page, 'Forgot your password?');
  await fill(page, 'Email', OWNER.email);
  await press(page, 'Send the link');
  assert.match(await main(page), /If that address has an account, we mailed a link/);
  const link = await linkIn(OWNER.email, /^Reset your Pageprobe password/, 2);
  assert.equal(sentTo('nobody-here@example.com', /./).length, 0, 'nothing is mailed to an address without an account');

  const token = link.split('/').at(-1)!;
  const row = await env.db.accountToken.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } });
  assert.equal(row.purpose, 'reset_password');
  // created_at is the database's clock, expires_at the dashboard's: a few ms apart.
  assert.ok(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - 3_600_000) < 1_000, 'valid an hour');
  assert.equal(await env.db.accountToken.count({ where: { tokenHash: Buffer.from(token) } }), 0, 'stored hashed');

  await page.goto(link);
  await fill(page, 'New password (at least 12 characters)', 'password1234');
  await press(page, 'Set the new password');
  assert.match(await main(page), /one of the most common passwords/);
  const NEW = 'a different private passphrase';
  await fill(page, 'New password (at least 12 characters)', NEW);
  await press(page, 'Set the new password');
  assert.match(await main(page), /Your password is set/);

  const old = await fetch(`${base}/`, { headers: { cookie: oldCookie }, redirect: 'manual' });
  assert.equal(old.status, 303, 'the session from before the reset is ended');
  assert.equal((await page.goto(link))?.status(), 410, 'the link works once');
  assert.equal((await post('/sign-in', { email: OWNER.email, password: OWNER.password })).status, 401);
  const after = await signIn(browser, OWNER.email, NEW);
  assert.equal(new URL(after.page.url()).pathname, '/app/');
  assert.ok((await actions(OWNER.email)).includes('password.reset'));
  for (const c of [before.context, context, after.context]) await c.close();
});

test('an invitation mailed from the members page makes a viewer; its link works once', async () => {
  const { context, page } = await signIn(browser, OWNER.email, 'a different private passphrase');
  await clickLink(page, 'Team');
  await clickLink(page, 'Members');
  await fill(page, 'Email', 'Viewer@Example.com');
  await page.select('#role', 'viewer');
  await press(page, 'Invite');
  assert.match(await main(page), /Invitation mailed to/);
  const link = await linkIn('viewer@example.com', new RegExp(`^You are invited to ${OWNER.team}`));

  const invited = await browser.createBrowserContext();
  const viewer = await invited.newPage();
  await viewer.goto(link);
  await fill(viewer, 'Password', 'the viewer passphrase here');
  await press(viewer, `Join ${OWNER.team}`);
  assert.equal(new URL(viewer.url()).pathname, '/app/');
  assert.match(await main(viewer), /Your role\s*viewer/);
  await clickLink(viewer, 'Team');
  assert.equal(await viewer.$('::-p-aria([name="API and MCP access"][role="link"])'), null);
  assert.ok(await viewer.$('::-p-aria([name="Members"][role="link"])'));
  assert.equal((await viewer.goto(`${base}/keys`))?.status(), 403);
  const user = await env.db.user.findUniqueOrThrow({ where: { email: 'viewer@example.com' } });
  assert.ok(user.emailVerifiedAt, 'the link reached the address');

  const again = await (await browser.createBrowserContext()).newPage();
  assert.equal((await again.goto(link))?.status(), 410);
  assert.ok((await actions(OWNER.email)).includes('member.invited'));
  assert.ok((await actions('viewer@example.com')).includes('member.joined'));
  for (const c of [context, invited, again.browserContext()]) await c.close();
});
