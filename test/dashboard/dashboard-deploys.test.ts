// Issue 62 in the dashboard: the Deploys page lists the team's releases with their verdicts (shape, color and
// word), a deploy's page says what got worse in people's words with a link to the before-and-after
// comparison, the audit log names the deploy by its version, and an admin makes the deploy webhook's secret
// (shown once; replacing it asks first) and sets the window in which alerts name a deploy. axe finds
// nothing, light and dark.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import type { Page } from 'puppeteer-core';
import { startApiApp } from '../support/app-process.ts';
import { axeAtBothWidths, press, signedIn, startBrowser, startDashboard } from '../support/dashboard.ts';
import { call } from '../support/http.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const { origin } = await startApiApp(env, { ALLOW_PRIVATE_TARGETS: 'true' });
const { base } = await startDashboard(env, { PUBLIC_BASE_URL: origin, ALLOW_PRIVATE_TARGETS: 'true' });
const browser = await startBrowser();
const { teamId, key } = await teamWithKey(env, { plan: 'pro', credits: 10 });
const OWNER = { email: 'owner@example.com', password: 'the owner passphrase' };
const owner = await ensureUser(env.db, {
  email: OWNER.email,
  passwordHash: await hashPassword(OWNER.password),
  verified: true,
});
await setMembership(env.db, teamId, owner.id, 'owner');

const api = async (path: string, body: unknown): Promise<any> => {
  const res = await call(`${origin}/api/v1${path}`, { method: 'POST', token: key, body });
  assert.ok(res.status < 300, `POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const monitor = await api('/monitors', {
  type: 'uptime',
  url: 'http://127.0.0.1:9/shop',
  interval_seconds: 3600,
  tags: ['shop'],
});
// A deploy that ran the monitor, judged as the dispatcher's sweep leaves it: regressed on LCP.
const deploy = await api('/deploys', { version: 'v2.14.0', commit: '9f2c1e7a4b3d', run: { tags: ['shop'] } });
await env.db.deploy.update({
  where: { id: deploy.id },
  data: {
    status: 'regressed',
    checkedAt: new Date(),
    checks: [
      {
        monitor_id: monitor.id,
        verdict: 'regressed',
        reason: null,
        worse: [{ figure: 'vitals.lcp_ms', base: 1210, head: 3480 }],
        before_test_id: null,
        after_test_id: null,
        after_at: new Date().toISOString(),
      },
    ],
  },
});
await api('/deploys', { version: 'v2.13.0', environment: 'staging' });

const main = (page: Page) => page.$eval('main', (m) => m.textContent ?? '');
const { page } = await signedIn(browser, base, OWNER);

test('the Deploys page lists each release with its verdict; a deploy says what got worse in words', async () => {
  await page.goto(`${base}/`);
  await Promise.all([page.waitForNavigation(), page.click('nav[aria-label="Dashboard"] a[href$="/deploys"]')]);
  assert.equal(new URL(page.url()).pathname, '/app/deploys');
  const rows = await page.$$eval('table.deploys tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.replace(/\s+/g, ' ').trim())),
  );
  assert.deepEqual(
    rows.map((r) => r.slice(0, 4)),
    [
      ['v2.13.0', 'staging', 'Recorded', 'No monitors named'],
      ['v2.14.0 9f2c1e7', 'production', 'Regressed', '0 of 1 monitors passed: Largest Contentful Paint (LCP) worse'],
    ],
  );
  // The verdict is a shape and a word, not a color alone.
  assert.ok(await page.$('table.deploys .state-degraded svg.shape'));
  await Promise.all([page.waitForNavigation(), page.click('a ::-p-text(v2.14.0)')]);
  const text = await main(page);
  assert.match(text, /Largest Contentful Paint \(LCP\) 1\.21 s → 3\.48 s/);
  assert.match(text, /9f2c1e7a4b3d/);
  assert.deepEqual(await axeAtBothWidths(page, 'deploy-page'), []);
});

test('an admin makes the deploy secret (shown once; replacing asks first) and sets the alert window', async () => {
  await page.goto(`${base}/deploys`);
  assert.match(await main(page), new RegExp(`/api/v1/deploys/github/${teamId}`));
  await press(page, 'Make the deploy secret');
  const first = await page.$eval('#deploy-secret', (c) => c.textContent);
  assert.match(first ?? '', /^ppd_/);
  const stored = await env.db.team.findUniqueOrThrow({ where: { id: teamId }, select: { deploySecret: true } });
  assert.equal(stored.deploySecret, first);
  await page.goto(`${base}/deploys`);
  assert.equal(await page.$('#deploy-secret'), null, 'shown once');
  await press(page, 'Replace the deploy secret');
  assert.match(await main(page), /refused until its webhook is given the new secret/);
  const unchanged = await env.db.team.findUniqueOrThrow({ where: { id: teamId }, select: { deploySecret: true } });
  assert.equal(unchanged.deploySecret, first, 'asking changed nothing');
  await press(page, 'Replace the deploy secret');
  const second = await page.$eval('#deploy-secret', (c) => c.textContent);
  assert.notEqual(second, first);
  await page.goto(`${base}/deploys`);
  await page.$eval('#window_minutes', (i) => ((i as unknown as { value: string }).value = '30'));
  await press(page, 'Save');
  const team = await env.db.team.findUniqueOrThrow({
    where: { id: teamId },
    select: { deployAlertWindowMinutes: true },
  });
  assert.equal(team.deployAlertWindowMinutes, 30);
  assert.deepEqual(await axeAtBothWidths(page, 'deploys'), []);
});

// (A monitor's charts flag the deploys that cover it: monitors/deploys.test.ts reads the flags on the page
// of a monitor with runs, whose sections the dashboard's monitor page shows too.)
test('the audit log names the deploy by its version, linked to its page', async () => {
  await page.goto(`${base}/audit-log`);
  assert.match(await main(page), /told of the deploy.*?v2\.14\.0/s);
  assert.ok(await page.$(`a[href$="/deploys/${deploy.id}"]`));
});
