// Issue 45: a team's people and settings, as an owner meets them in a real Chromium. An invitation (no mail
// server: the page shows the link) makes a viewer; the owner raises them to editor and removes them, and
// the change applies at their next request; the last owner cannot step down; the team is renamed, then
// deleted: its keys stop at once, its status page goes, nobody opens it. Every step is in the audit log.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import type { Page } from 'puppeteer-core';
import { startApiApp } from '../support/app-process.ts';
import {
  fill,
  inviteAndJoin,
  press,
  sessionCookie,
  signedIn,
  startBrowser,
  startDashboard,
} from '../support/dashboard.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const { origin } = await startApiApp(env);
const { base } = await startDashboard(env, { PUBLIC_BASE_URL: origin });
const browser = await startBrowser();
const { teamId, key } = await teamWithKey(env);
const OWNER = { email: 'owner@example.com', password: 'the owner passphrase' };
const VIEWER = { email: 'viewer@example.com', password: 'the viewer passphrase' };
const owner = await ensureUser(env.db, { email: OWNER.email, passwordHash: await hashPassword(OWNER.password) });
await setMembership(env.db, teamId, owner.id, 'owner');
const team = await env.db.team.findUniqueOrThrow({ where: { id: teamId } });

const main = (page: Page) => page.$eval('main', (m) => m.textContent ?? '');
const go = (page: Page, name: string) =>
  Promise.all([page.waitForNavigation(), page.click(`::-p-aria([name="${name}"][role="link"])`)]);
const actions = async () =>
  (await env.db.auditEntry.findMany({ where: { teamId }, orderBy: { id: 'asc' } })).map((e) => e.action);

const { page } = await signedIn(browser, base, OWNER);

test('members: invited as viewer, raised to editor, removed; each applies at their next request, each audited', async () => {
  // The team's pages are under Team (issue 46).
  await go(page, 'Team');
  await go(page, 'Members');
  const invited = await inviteAndJoin(page, VIEWER, 'viewer', team.name);
  assert.match(await main(invited), /Your role\s*viewer/);
  assert.equal((await invited.goto(`${base}/webhook-secret`))?.status(), 403, 'a viewer manages no secret');

  const viewer = await env.db.user.findUniqueOrThrow({ where: { email: VIEWER.email } });
  const before = (await sessionCookie(invited))!.value;
  await page.goto(`${base}/members`);
  await page.select(`#role-${viewer.id}`, 'editor');
  await Promise.all([
    page.waitForNavigation(),
    page.click(`::-p-xpath(//tr[td[contains(., "${VIEWER.email}")]]//button[normalize-space()="Change role"])`),
  ]);
  assert.equal((await env.db.membership.findFirstOrThrow({ where: { userId: viewer.id } })).role, 'editor');
  await invited.goto(`${base}/`);
  assert.match(await main(invited), /Your role\s*editor/, 'the new role at the next request');
  const after = (await sessionCookie(invited))!.value;
  assert.notEqual(after, before, 'a new session id on a change of rights');
  const old = await fetch(`${base}/`, { headers: { cookie: `pp_session=${before}` }, redirect: 'manual' });
  assert.equal(old.status, 303, 'the old id opens nothing');

  await Promise.all([page.waitForNavigation(), page.click(`::-p-aria(Remove ${VIEWER.email})`)]);
  assert.ok(await env.db.membership.findFirst({ where: { userId: viewer.id } }), 'it asks first');
  await press(page, `Remove ${VIEWER.email}`);
  assert.equal((await invited.goto(`${base}/members`))?.status(), 403, 'removed: the team is closed to them');
  const done = await actions();
  for (const action of ['member.invited', 'member.joined', 'member.role_changed', 'member.removed']) {
    assert.ok(done.includes(action), `${action} in ${done.join(', ')}`);
  }
  await invited.browserContext().close();
});

test('the last owner cannot step down: 409, and the team keeps its owner', async () => {
  const res = await page.goto(`${base}/members`);
  assert.equal(res?.status(), 200);
  await page.select(`#role-${owner.id}`, 'admin');
  await Promise.all([
    page.waitForNavigation(),
    page.click(`::-p-xpath(//tr[td[contains(., "${OWNER.email}")]]//button[normalize-space()="Change role"])`),
  ]);
  assert.match(await main(page), /keeps at least one owner/);
  assert.equal((await env.db.membership.findFirstOrThrow({ where: { userId: owner.id } })).role, 'owner');
});

test('the team is renamed, then deleted: its keys stop at once, its status page goes, nobody opens it', async () => {
  const status = await fetch(`${origin}/api/v1/status-pages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ slug: 'team-to-delete', title: 'Ours', monitors: [] }),
  });
  assert.equal(status.status, 201, await status.text());
  await go(page, 'Team');
  await go(page, 'Settings');
  await fill(page, 'Team name', 'Renamed team');
  await press(page, 'Rename team');
  assert.equal((await env.db.team.findUniqueOrThrow({ where: { id: teamId } })).name, 'Renamed team');

  await fill(page, "Type the team's name (Renamed team) to confirm", 'not its name');
  await press(page, 'Delete team');
  assert.match(await main(page), /nothing was deleted/);
  await fill(page, "Type the team's name (Renamed team) to confirm", 'Renamed team');
  await press(page, 'Delete team');
  assert.match(await main(page), /Renamed team is deleted/);

  const credits = await fetch(`${origin}/api/v1/credits`, { headers: { authorization: `Bearer ${key}` } });
  assert.equal(credits.status, 401, 'its key stops at once');
  assert.equal((await fetch(`${origin}/status/team-to-delete`)).status, 404);
  assert.equal((await page.goto(`${base}/members`))?.status(), 403, 'nobody opens it, its owner neither');
  const row = await env.db.team.findUniqueOrThrow({ where: { id: teamId } });
  assert.ok(row.deletedAt);
  const done = await actions();
  assert.ok(done.includes('team.renamed') && done.includes('team.deleted'), done.join(', '));
});
