// Issue 46, item 3: the monitors pages in a real Chromium. An editor makes an uptime monitor from the form
// (a local target), sees a refused interval beside its field, edits it; 300 monitors seeded in the
// database are paged, searched, filtered and sorted; bulk pause, resume, tag and delete make the audit
// entries the API's PATCH and DELETE make; a viewer sees no form and a forged POST is refused.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { test } from 'node:test';
import { ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import type { Page } from 'puppeteer-core';
import { startApiApp } from '../support/app-process.ts';
import { fill, pickKind, press, signedIn, startBrowser, startDashboard } from '../support/dashboard.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const SHOTS = new URL('../.artifacts/dashboard/', import.meta.url);
mkdirSync(SHOTS, { recursive: true });

const target = createServer((_req, res) => res.end('ok'));
await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
const targetUrl = `http://127.0.0.1:${(target.address() as { port: number }).port}/health`;

const env = await createTestEnv();
const { origin } = await startApiApp(env, { ALLOW_PRIVATE_TARGETS: 'true' });
const { base } = await startDashboard(env, { PUBLIC_BASE_URL: origin, ALLOW_PRIVATE_TARGETS: 'true' });
const browser = await startBrowser();
const { teamId, key } = await teamWithKey(env);
const EDITOR = { email: 'editor@example.com', password: 'the editor passphrase' };
const VIEWER = { email: 'viewer@example.com', password: 'the viewer passphrase' };
const editor = await ensureUser(env.db, { email: EDITOR.email, passwordHash: await hashPassword(EDITOR.password) });
await setMembership(env.db, teamId, editor.id, 'editor');
const viewer = await ensureUser(env.db, { email: VIEWER.email, passwordHash: await hashPassword(VIEWER.password) });
await setMembership(env.db, teamId, viewer.id, 'viewer');

const main = (page: Page) => page.$eval('main', (m) => m.textContent ?? '');
const rowIds = (page: Page) => page.$$eval('input[name="ids"][type="checkbox"]', (els) => els.map((e) => e.value));
const urls = (page: Page) => page.$$eval('table.monitors td.url', (els) => els.map((e) => e.getAttribute('data-url')!));
async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewport({ width, height: 900 });
    await page.screenshot({ path: new URL(`${name}-${width}.png`, SHOTS).pathname, fullPage: true });
  }
}
const api = (path: string, method: string, body?: unknown) =>
  fetch(`${origin}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
/** The audit entries of a monitor, as (action, details without the key or person that made them). */
const auditOf = async (target: string) =>
  (await env.db.auditEntry.findMany({ where: { teamId, target }, orderBy: { id: 'asc' } })).map((e) => {
    const { key_id: _k, key_prefix: _p, ...details } = e.details as Record<string, unknown>;
    return { action: e.action, details, person: e.actorId };
  });

const { page } = await signedIn(browser, base, EDITOR);
let created = '';

test('an uptime monitor made from the form; a refused interval is shown beside its field with the API status', async () => {
  await page.goto(`${base}/monitors`);
  await page.click('::-p-aria([name="New monitor"][role="link"])');
  await pickKind(page, 'uptime');
  await fill(page, 'URL', targetUrl);
  await fill(page, 'Interval (seconds)', '5');
  await fill(page, 'Tags', 'web, prod');
  await fill(page, 'Name (optional)', 'Shop home');
  await shoot(page, 'monitor-form');
  const [answer] = await Promise.all([
    page.waitForNavigation(),
    page.click('::-p-aria([name="Create monitor"][role="button"])'),
  ]);
  assert.equal(answer?.status(), 400);
  const message = await page.$eval('#interval_seconds-error', (e) => e.textContent);
  assert.match(message ?? '', /must be from 60 to/);
  assert.equal(await page.$eval('#interval_seconds', (e) => e.getAttribute('aria-invalid')), 'true');
  assert.equal(
    await page.$eval('#url', (e) => (e as unknown as { value: string }).value),
    targetUrl,
    'what was typed is kept',
  );
  assert.equal(await env.db.monitor.count({ where: { teamId } }), 0);

  await fill(page, 'Interval (seconds)', '60');
  await press(page, 'Create monitor');
  const monitor = await env.db.monitor.findFirstOrThrow({ where: { teamId } });
  created = monitor.id;
  assert.equal(page.url(), `${base}/monitors/${monitor.id}`);
  assert.deepEqual(
    [monitor.url, monitor.name, monitor.type, monitor.intervalSeconds, monitor.tags],
    [targetUrl, 'Shop home', 'uptime', 60, ['web', 'prod']],
  );
  assert.equal(monitor.apiKeyId, null, 'made by a person, no key');
  assert.deepEqual(await auditOf(monitor.id), [
    { action: 'monitor.created', details: { type: 'uptime', url: targetUrl }, person: editor.id },
  ]);
  const text = await main(page);
  assert.match(text, /Badges/);
  assert.match(await page.$eval('#badge-markdown', (e) => e.textContent ?? ''), /!\[status\]\(http/);
  await shoot(page, 'monitor-page');
});

test('editing a monitor: Save sends what changed as the API PATCH does, its secrets are never shown', async () => {
  await page.goto(`${base}/monitors/${created}/edit`);
  await fill(page, 'Interval (seconds)', '120');
  await fill(page, 'Tags', 'web prod edge');
  await fill(page, 'Headers', 'X-Probe: s3cret-value');
  await press(page, 'Save');
  const monitor = await env.db.monitor.findUniqueOrThrow({ where: { id: created } });
  assert.deepEqual([monitor.intervalSeconds, monitor.tags], [120, ['web', 'prod', 'edge']]);
  assert.ok(monitor.secrets, 'the header is sealed');
  const entries = await auditOf(created);
  assert.deepEqual(entries.at(-1), {
    action: 'monitor.updated',
    details: { fields: ['headers', 'interval_seconds', 'tags'] },
    person: editor.id,
  });
  await page.goto(`${base}/monitors/${created}/edit`);
  const html = await page.content();
  assert.ok(!html.includes('s3cret-value'), 'a sealed value is never shown again');
  assert.match(html, /Remove the headers/);
});

// 300 monitors straight into the database: the list pages them, searches and filters them in SQL.
const SEEDED = 300;
test('300 monitors: keyset pages of 50, search by URL and tag, filters by state, type and tag, sorts', async () => {
  const now = Date.now();
  await env.db.monitor.createMany({
    data: Array.from({ length: SEEDED }, (_, i) => ({
      teamId,
      type: i % 10 === 0 ? ('lighthouse' as const) : ('uptime' as const),
      url: `https://site-${String(i).padStart(3, '0')}.example.com/${i % 7 === 0 ? 'needle' : 'hay'}`,
      device: 'mobile' as const,
      intervalSeconds: 300,
      tags: i % 3 === 0 ? ['blue'] : ['green'],
      status: i % 5 === 0 ? ('paused' as const) : ('active' as const),
      pausedReason: i % 5 === 0 ? 'user' : null,
      down: i % 5 === 1,
      lastRunAt: new Date(now - i * 60_000),
      createdAt: new Date(now - (SEEDED - i) * 1000),
    })),
  });
  const seen = new Set<string>();
  await page.goto(`${base}/monitors`);
  assert.equal((await rowIds(page)).length, 50);
  await shoot(page, 'monitors-list');
  const started = Date.now();
  for (;;) {
    for (const id of await rowIds(page)) seen.add(id);
    const next = await page.$('a[rel="next"]');
    if (!next) break;
    await Promise.all([page.waitForNavigation(), next.click()]);
  }
  assert.equal(seen.size, SEEDED + 1, 'every monitor once over the pages');
  const html = await page.content();
  assert.ok(Buffer.byteLength(html) < 150_000, `${Buffer.byteLength(html)} bytes`);
  console.log(`paged ${seen.size} monitors in ${Date.now() - started} ms`);

  await page.goto(`${base}/monitors`);
  await fill(page, 'Search monitors', 'needle');
  await Promise.all([page.waitForNavigation(), page.click('::-p-aria([name="Show"][role="button"])')]);
  const found = await urls(page);
  assert.equal(found.length, Math.ceil(SEEDED / 7));
  assert.ok(found.every((u) => u.endsWith('/needle')));

  await page.goto(`${base}/monitors?q=edge`);
  assert.deepEqual(await urls(page), [targetUrl], 'a tag is searched too');
  await page.goto(`${base}/monitors?q=shop%20HOME`);
  assert.deepEqual(await urls(page), [targetUrl], 'and a name, in any case');
  await page.goto(`${base}/monitors?state=paused&type=uptime&tag=blue`);
  const expected = Array.from({ length: SEEDED }, (_, i) => i).filter(
    (i) => i % 5 === 0 && i % 10 !== 0 && i % 3 === 0,
  );
  assert.equal((await urls(page)).length, expected.length);
  await page.goto(`${base}/monitors?state=down`);
  assert.equal((await urls(page)).length, 50);
  await page.goto(`${base}/monitors?sort=last_check`);
  const latest = await urls(page);
  assert.equal(latest[0], 'https://site-000.example.com/needle', 'latest check first');
  await page.goto(`${base}/monitors?sort=state`);
  assert.match((await page.$$eval('table.monitors tbody tr', (r) => r[0]!.textContent))!, /Down/);
  await page.goto(`${base}/monitors?sort=uptime`);
  assert.equal((await rowIds(page)).length, 50);
});

test('issue 56, item 15: a cursor of another sort, or made up, answers 400 with the first page, never 500', async () => {
  const nextOf = async (sort: string) => {
    await page.goto(`${base}/monitors?sort=${sort}`);
    return new URL(await page.$eval('a[rel="next"]', (a) => (a as unknown as { href: string }).href)).searchParams.get(
      'cursor',
    )!;
  };
  const cursors = { newest: await nextOf('newest'), state: await nextOf('state'), uptime: await nextOf('uptime') };
  const made = (key: unknown) =>
    Buffer.from(JSON.stringify([key, '0190a000-0000-7000-8000-000000000000'])).toString('base64url');
  const tries: [string, string][] = [
    ['state', cursors.newest], // a timestamp where a rank is expected
    ['uptime', cursors.newest],
    ['newest', cursors.state], // a rank where a timestamp is expected
    ['last_check', cursors.uptime],
    ['state', made(2 ** 40)], // out of int's range
    ['state', made(1.5)],
    ['newest', made('1')], // a date to Date.parse, not to PostgreSQL
    ['newest', made('infinity')],
    ['uptime', made(-1)],
    ['newest', 'not-a-cursor'],
  ];
  for (const [sort, cursor] of tries) {
    const answer = await page.goto(`${base}/monitors?sort=${sort}&cursor=${encodeURIComponent(cursor)}`);
    assert.equal(answer?.status(), 400, `sort=${sort} with ${Buffer.from(cursor, 'base64url').toString()}`);
    assert.match(await main(page), /That page link is not one this list gave out/);
    assert.equal((await rowIds(page)).length, 50, 'the first page, to carry on from');
  }
  // Each sort's own cursor still pages on.
  for (const [sort, cursor] of Object.entries(cursors)) {
    const answer = await page.goto(`${base}/monitors?sort=${sort}&cursor=${encodeURIComponent(cursor)}`);
    assert.equal(answer?.status(), 200, sort);
  }
});

test('bulk pause, resume, tag and delete: the audit entries of the API PATCH and DELETE, one request each', async () => {
  const picked = (
    await env.db.monitor.findMany({
      where: { teamId, url: { startsWith: 'https://site-00' }, status: 'active' },
      orderBy: { url: 'asc' },
      take: 3,
    })
  ).map((m) => m.id);
  // The same changes through the API, on a monitor of its own, for the entries to compare with.
  const other = (
    await env.db.monitor.findFirstOrThrow({
      where: { teamId, url: { startsWith: 'https://site-29' }, status: 'active' },
    })
  ).id;
  for (const body of [{ paused: true }, { paused: false }, { tags: ['green', 'bulk'] }]) {
    assert.equal((await api(`/monitors/${other}`, 'PATCH', body)).status, 200);
  }
  assert.equal((await api(`/monitors/${other}`, 'DELETE')).status, 204);
  const byApi = (await auditOf(other)).map(({ action, details }) => ({ action, details }));

  const pick = async () => {
    await page.goto(`${base}/monitors?q=site-00`);
    for (const id of picked) await page.click(`#pick-${id}`);
  };
  await pick();
  await press(page, 'Pause');
  assert.deepEqual(
    (await env.db.monitor.findMany({ where: { id: { in: picked } } })).map((m) => m.status),
    ['paused', 'paused', 'paused'],
  );
  await pick();
  await press(page, 'Resume');
  assert.ok((await env.db.monitor.findMany({ where: { id: { in: picked } } })).every((m) => m.status === 'active'));
  await pick();
  await fill(page, 'Tag to add', 'bulk');
  await press(page, 'Add tag');
  assert.ok((await env.db.monitor.findMany({ where: { id: { in: picked } } })).every((m) => m.tags.includes('bulk')));
  await pick();
  await press(page, 'Delete');
  assert.match(await main(page), /Delete 3 monitors\?/);
  await shoot(page, 'monitors-delete');
  await press(page, 'Delete');
  assert.equal(await env.db.monitor.count({ where: { id: { in: picked }, deletedAt: null } }), 0);
  for (const id of picked) {
    const entries = await auditOf(id);
    assert.ok(entries.every((e) => e.person === editor.id));
    const url = (await env.db.monitor.findUniqueOrThrow({ where: { id } })).url;
    assert.deepEqual(
      entries.map(({ action, details }) => ({ action, details })),
      byApi.map((e) => (e.action === 'monitor.deleted' ? { ...e, details: { url } } : e)),
    );
  }
});

test('a viewer sees the monitors and no form; a forged POST is refused and changes nothing', async () => {
  const { page: seer, context } = await signedIn(browser, base, VIEWER);
  await seer.goto(`${base}/monitors`);
  assert.equal((await rowIds(seer)).length, 0, 'no checkboxes');
  assert.equal((await urls(seer)).length, 50, 'but the list');
  assert.equal(await seer.$('::-p-aria([name="Pause"][role="button"])'), null);
  assert.equal(await seer.$('::-p-aria([name="New monitor"][role="link"])'), null);
  await seer.goto(`${base}/monitors/${created}`);
  assert.equal(await seer.$('form[action$="/pause"]'), null, 'no Pause on its page');
  assert.match(await main(seer), /Badges/);
  assert.equal((await seer.goto(`${base}/monitors/new`))?.status(), 403);
  const csrf = await seer.$eval('input[name="_csrf"]', (e) => (e as unknown as { value: string }).value);
  const status = await seer.evaluate(
    async (url, id, token) =>
      (await fetch(url, { method: 'POST', body: new URLSearchParams({ _csrf: token, ids: id, action: 'pause' }) }))
        .status,
    `${base}/monitors/bulk`,
    created,
    csrf,
  );
  assert.equal(status, 403);
  assert.equal((await env.db.monitor.findUniqueOrThrow({ where: { id: created } })).status, 'active');
  await context.close();
  target.close();
});
