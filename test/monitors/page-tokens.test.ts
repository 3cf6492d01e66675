// Issue 44 item 2: a monitor's badges and its page have tokens of their own. A badge's link, published in
// a README, opens the badges and nothing else; the page (the monitored URL, alerts, reports) answers only
// to its own token; each token can be rotated, and the old link answers 404 at once.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { MIGRATIONS_DIR, migrate } from '@pageprobe/db';
import pg from 'pg';
import { startApiInProcess } from '../support/api-in-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { databaseUrl } from '../support/services.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const { origin } = await startApiInProcess(env, { ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMIT_WRITES_PER_MIN: '1000' });
const { key } = await teamWithKey(env);
const other = await teamWithKey(env);
const api = <T = any>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  call<T>(`${origin}/api/v1${path}`, { token: key, ...init });

const tokenOf = (url: string) => new URL(url).pathname.split('/')[url.includes('/badges/') ? 2 : 3]!;
const status = async (url: string) => {
  const res = await fetch(url);
  await res.arrayBuffer();
  return res.status;
};

// Never run: no dispatcher in this file. Its query string is what a badge must never hand out.
const created = await api('/monitors', {
  method: 'POST',
  body: { url: 'http://127.0.0.1:9/private?session=s3cr3t', type: 'uptime', interval_seconds: 300 },
});
assert.equal(created.status, 201, JSON.stringify(created.body));
const monitorId: string = created.body.id;

test("a badge's token opens its badges and never the monitor's page; the page's token opens no badge", async () => {
  const { body: monitor } = await api(`/monitors/${monitorId}`);
  const pageToken = tokenOf(monitor.report_url);
  const badgeToken = tokenOf(monitor.badges.status);
  assert.match(badgeToken, /^[A-Za-z0-9_-]{43}$/);
  assert.notEqual(badgeToken, pageToken);
  for (const url of Object.values(monitor.badges) as string[]) assert.equal(tokenOf(url), badgeToken, url);

  const badge = await fetch(monitor.badges.status);
  assert.equal(badge.status, 200);
  assert.equal(badge.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
  assert.match(await badge.text(), /^<svg[^>]*>/);

  // Whoever reads the README has the badge token: the page is not theirs to open.
  const page = await fetch(`${origin}/reports/monitors/${badgeToken}`);
  assert.equal(page.status, 404);
  assert.ok(!(await page.text()).includes('s3cr3t'));
  // And the page's token is no badge token.
  assert.equal(await status(`${origin}/badges/${pageToken}/status.svg`), 404);
  assert.equal(await status(monitor.report_url), 200);
});

test('the page says what its link shows, and its Markdown for a README carries only badge links', async () => {
  const { body: monitor } = await api(`/monitors/${monitorId}`);
  const res = await fetch(monitor.report_url);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('x-robots-tag') ?? '', /noindex/);
  const html = await res.text();
  assert.match(html, /Anyone with this page's link sees all of it: the monitored URL, the alerts sent and the reports/);
  assert.match(html, /Badge links open the badges only, never this page/);
  const markdown = /<pre class="copy"><code[^>]*>([^<]*)<\/code><\/pre>/.exec(html)![1]!;
  for (const url of Object.values(monitor.badges) as string[]) assert.ok(markdown.includes(url), url);
  assert.ok(!markdown.includes(tokenOf(monitor.report_url)), 'the README Markdown hands out the page');
});

test("rotating the page's token: the old page link is 404 at once, the new one opens it, the badges stay", async () => {
  const { body: before } = await api(`/monitors/${monitorId}`);
  assert.equal(await status(before.report_url), 200);
  const rotated = await api(`/monitors/${monitorId}/rotate-token`, { method: 'POST', body: { token: 'page' } });
  assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
  assert.equal(rotated.body.id, monitorId);
  assert.notEqual(rotated.body.report_url, before.report_url);
  assert.deepEqual(rotated.body.badges, before.badges);
  assert.equal(await status(before.report_url), 404);
  assert.equal(await status(rotated.body.report_url), 200);
  assert.equal(await status(before.badges.status), 200);
  assert.equal((await api(`/monitors/${monitorId}`)).body.report_url, rotated.body.report_url);
});

test("rotating the badges' token: the old badges are 404 at once (though just served), the new ones answer, the page stays", async () => {
  const { body: before } = await api(`/monitors/${monitorId}`);
  // Served, and so kept a minute by this replica: the rotation must not wait for that.
  assert.equal(await status(before.badges.uptime_24h), 200);
  const rotated = await api(`/monitors/${monitorId}/rotate-token`, { method: 'POST', body: { token: 'badges' } });
  assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
  assert.equal(rotated.body.report_url, before.report_url);
  for (const name of Object.keys(before.badges)) {
    assert.notEqual(rotated.body.badges[name], before.badges[name]);
    assert.equal(await status(before.badges[name]), 404, name);
    assert.equal(await status(rotated.body.badges[name]), 200, name);
  }
  assert.equal(await status(before.report_url), 200);
});

test('rotate-token: 400 for a body that names no token, 404 for a monitor not of the team or deleted', async () => {
  for (const body of [{}, { token: 'report' }, { token: 'page', extra: 1 }]) {
    assertProblem(await api(`/monitors/${monitorId}/rotate-token`, { method: 'POST', body }), 400, 'validation_failed');
  }
  const rotate = (id: string, token = key) =>
    api(`/monitors/${id}/rotate-token`, { method: 'POST', body: { token: 'page' }, token });
  assertProblem(await rotate('00000000-0000-7000-8000-000000000000'), 404, 'not_found');
  assertProblem(await rotate(monitorId, other.key), 404, 'not_found');
  const doomed = await api('/monitors', {
    method: 'POST',
    body: { url: 'http://127.0.0.1:9/', type: 'uptime', interval_seconds: 300 },
  });
  assert.equal((await api(`/monitors/${doomed.body.id}`, { method: 'DELETE' })).status, 204);
  assertProblem(await rotate(doomed.body.id), 404, 'not_found');
  // A deleted monitor's badges go at once too.
  assert.equal(await status(doomed.body.badges.status), 404);
});

test('the migration gives every existing monitor a badge token of its own, unlike its page token and each other', async () => {
  const admin = new pg.Client({ connectionString: databaseUrl(env.databaseUrl, 'postgres') });
  await admin.connect();
  const name = `${env.queuePrefix}_badge_tokens`;
  await admin.query(`CREATE DATABASE ${name}`);

  const url = databaseUrl(env.databaseUrl, name);
  // The migrations before this one, then two monitors as they were, then the rest.
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  for (const entry of readdirSync(MIGRATIONS_DIR)) {
    if (entry < '20261204000000_badge_tokens')
      cpSync(join(MIGRATIONS_DIR, entry), join(dir, entry), { recursive: true });
  }
  await migrate(url, dir);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  // Hooks run in the order they were added: this client ends before its database is dropped.
  after(async () => {
    await db.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const team = '0191f3b0-0000-7000-8000-000000000001';
  await db.query(`INSERT INTO teams (id, name, plan, updated_at) VALUES ($1, 'old', 'free', now())`, [team]);
  for (const id of ['0191f3b0-0000-7000-8000-0000000000a1', '0191f3b0-0000-7000-8000-0000000000a2']) {
    await db.query(
      `INSERT INTO monitors (id, team_id, type, url, device, interval_seconds, updated_at)
       VALUES ($1, $2, 'uptime', 'http://127.0.0.1:9/', 'desktop', 300, now())`,
      [id, team],
    );
  }
  await migrate(url);
  const { rows } = await db.query<{ report_token: string; badge_token: string }>(
    'SELECT report_token, badge_token FROM monitors ORDER BY id',
  );
  assert.equal(rows.length, 2);
  for (const row of rows) {
    assert.match(row.badge_token, /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(row.badge_token, row.report_token);
  }
  assert.notEqual(rows[0]!.badge_token, rows[1]!.badge_token);
});
