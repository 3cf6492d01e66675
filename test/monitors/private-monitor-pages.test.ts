// A monitor's page may be private (issue 56, item 9): with `public_page: false` its capability link
// answers 404 and the team's signed-in members see the page in the dashboard; a public page still opens
// with its link; the team's default (its settings in the dashboard, or the admin API) applies to new
// monitors that do not say; badges and status pages stay public either way.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import { startApiApp } from '../support/app-process.ts';
import { press, signedIn, startBrowser, startDashboard } from '../support/dashboard.ts';
import { call } from '../support/http.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const { origin } = await startApiApp(env, { ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMIT_WRITES_PER_MIN: '1000' });
const { base } = await startDashboard(env, { PUBLIC_BASE_URL: origin, ALLOW_PRIVATE_TARGETS: 'true' });
const browser = await startBrowser();
const { teamId, key } = await teamWithKey(env);
const ADMIN = { email: 'admin@example.com', password: 'the admin passphrase' };
const admin = await ensureUser(env.db, { email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password) });
await setMembership(env.db, teamId, admin.id, 'admin');

type Json = Record<string, any>;
const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  call<Json>(`${origin}/api/v1${path}`, { token: key, ...init });
const status = async (url: string) => {
  const res = await fetch(url);
  await res.arrayBuffer();
  return res.status;
};
/** A monitor never run (no worker in this file): its target is what the private page keeps to the team. */
async function monitor(extra: Json = {}) {
  const res = await api('/monitors', {
    method: 'POST',
    body: { url: 'http://127.0.0.1:9/internal-admin?token=s3cr3t', type: 'uptime', interval_seconds: 300, ...extra },
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

const { page } = await signedIn(browser, base, ADMIN);

test('a private page answers 404 to its link and 200 to a signed-in member in the dashboard; a public one still 200', async () => {
  const open = await monitor();
  assert.equal(open.public_page, true, 'public unless the team or the monitor says otherwise');
  assert.equal(await status(open.report_url), 200);

  const hidden = await monitor({ public_page: false, name: 'Internal admin' });
  assert.equal(hidden.public_page, false);
  const res = await fetch(hidden.report_url);
  assert.equal(res.status, 404);
  assert.ok(!(await res.text()).includes('s3cr3t'), 'nothing of the monitor on the 404');

  const shown = await page.goto(`${base}/monitors/${hidden.id}`);
  assert.equal(shown!.status(), 200);
  const text = await page.$eval('main', (m) => m.textContent ?? '');
  assert.match(text, /Internal admin/);
  assert.match(text, /Its page is private/);
  assert.ok(!(await page.$(`a[href="${hidden.report_url}"]`)), 'no link to a page that answers 404');

  // Made public again (PATCH, as the dashboard's form does): the same link opens.
  const patched = await api(`/monitors/${hidden.id}`, { method: 'PATCH', body: { public_page: true } });
  assert.equal(patched.body.public_page, true);
  assert.equal(await status(hidden.report_url), 200);
  // And private again from the dashboard's form.
  await page.goto(`${base}/monitors/${hidden.id}/edit`);
  await page.select('#public_page', 'false');
  await press(page, 'Save');
  assert.equal((await api(`/monitors/${hidden.id}`)).body.public_page, false);
  assert.equal(await status(hidden.report_url), 404);
});

test('badges and status pages of a private monitor stay public', async () => {
  const hidden = await monitor({ public_page: false });
  assert.equal(await status(hidden.badges.status), 200);
  assert.equal(await status(hidden.badges.uptime_24h), 200);
  const statusPage = await api('/status-pages', {
    method: 'POST',
    body: { slug: 'private-monitor', title: 'Our status', monitors: [{ id: hidden.id, label: 'Admin' }] },
  });
  assert.equal(statusPage.status, 201, JSON.stringify(statusPage.body));
  const res = await fetch(`${origin}/status/private-monitor`);
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.match(html, /Admin/);
  assert.ok(!html.includes('s3cr3t'));
});

test("the team's default, set in the dashboard's settings, applies to new monitors that do not say", async () => {
  await page.goto(`${base}/team/settings`);
  await page.select('#default_public_page', 'false');
  // The page has a Save button a form: this one's.
  const save = await page.$('form[action$="/team/monitor-pages"] button[type="submit"]');
  assert.ok(save);
  await Promise.all([page.waitForNavigation(), save.click()]);
  const team = await env.db.team.findUniqueOrThrow({ where: { id: teamId } });
  assert.equal(team.defaultPublicPage, false);
  const audit = await env.db.auditEntry.findFirst({ where: { teamId, action: 'team.default_public_page_changed' } });
  assert.equal(audit?.actorId, admin.id);

  const unsaid = await monitor();
  assert.equal(unsaid.public_page, false, "the team's default");
  assert.equal(await status(unsaid.report_url), 404);
  const said = await monitor({ public_page: true });
  assert.equal(said.public_page, true, 'a monitor that says wins');
  assert.equal(await status(said.report_url), 200);
  // A heartbeat takes it too.
  const beat = await monitor({
    type: 'heartbeat',
    url: undefined,
    interval_seconds: undefined,
    period_seconds: 300,
    grace_seconds: 300,
  });
  assert.equal(beat.public_page, false);
  // Monitors made before keep theirs: the first test's public one still opens.
  const earlier = await env.db.monitor.findMany({ where: { teamId, publicPage: true } });
  assert.ok(earlier.length >= 1);
});
